// The API client (spec §7): every request sends Accept: application/json, the bearer token from
// the `token` cookie and X-TLink from the `trackingLink` cookie. Errors become ApiError with the
// server's body so callers can show `msg`/`message` (spec §8).
import { getCookie } from './cookies.ts';

/** An error answer from the API. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; msg?: string; errors?: Record<string, string[]> } & Record<string, unknown>,
  ) {
    super(body.msg ?? body.message ?? `Request failed (${status})`);
  }
}

/** Hook the session installs: on a 401 it may refresh the tokens once and say whether to retry. */
let onUnauthorized: (() => Promise<boolean>) | null = null;

/** Installs the 401 handler (token refresh); null removes it. */
export function setUnauthorizedHandler(handler: (() => Promise<boolean>) | null): void {
  onUnauthorized = handler;
}

/** Headers every API request carries. */
export function apiHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  const token = getCookie('token');
  if (token) headers.Authorization = `Bearer ${token}`;
  const link = getCookie('trackingLink');
  if (link) headers['X-TLink'] = link;
  return headers;
}

/** Calls the API with a JSON body (FormData goes as multipart); resolves to the parsed JSON body, rejects with ApiError. */
export async function api<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  retried = false,
): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData); // multipart: the browser sets its Content-Type
  const res = await fetch(path, {
    method,
    headers: apiHeaders(json ? { 'Content-Type': 'application/json' } : {}),
    body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : {};
  if (res.status === 401 && !retried && onUnauthorized && (await onUnauthorized()))
    return api<T>(method, path, body, true);
  if (!res.ok) throw new ApiError(res.status, data as ApiError['body']);
  return data as T;
}

/** The text to toast for a failed call: msg, else message (spec §8). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.body.msg ?? error.body.message ?? error.message;
  return 'Network error. Please try again.';
}
