// Support calls the JSON client cannot make: ticket writes with image files (multipart) and the
// owner-only attachment images (fetched with the bearer token, shown from a blob URL).
import { ApiError, apiHeaders } from '../../lib/api.ts';
import { handleUnauthorized } from '../../lib/session.ts';
import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MAX_ATTACHMENTS } from '../../../shared/api/support.ts';

/** POSTs `fields` and `files` (field `attachments`) as multipart/form-data; resolves to the JSON answer. */
export async function postTicketForm<T>(
  path: string,
  fields: Record<string, string>,
  files: File[],
  retried = false,
): Promise<T> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('attachments', f, 'image'); // the server ignores the name
  const res = await fetch(path, { method: 'POST', headers: apiHeaders(), body: form });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : {}) as ApiError['body'];
  if (res.status === 401 && !retried && (await handleUnauthorized())) return postTicketForm(path, fields, files, true);
  if (!res.ok) throw new ApiError(res.status, body);
  return body as T;
}

/** What is wrong with the chosen files before sending them, or null. */
export function attachmentProblem(files: File[]): string | null {
  if (files.length > SUPPORT_MAX_ATTACHMENTS) return `Attach at most ${SUPPORT_MAX_ATTACHMENTS} images.`;
  if (files.some((f) => !['image/png', 'image/jpeg', 'image/webp'].includes(f.type)))
    return 'Attachments must be PNG, JPEG or WebP images.';
  if (files.some((f) => f.size > SUPPORT_ATTACHMENT_MAX_BYTES)) return 'Each attachment may be at most 2 MB.';
  return null;
}

/** A blob URL of an attachment (revoke it when done). */
export async function attachmentBlobUrl(url: string): Promise<string> {
  const res = await fetch(url, { headers: apiHeaders() });
  if (!res.ok) throw new Error(`attachment ${res.status}`);
  return URL.createObjectURL(await res.blob());
}
