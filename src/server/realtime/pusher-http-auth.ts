// Verifies a request to the Pusher HTTP API as Pusher does: auth_key is the app key, auth_version
// 1.0, auth_timestamp within 600 s, body_md5 the MD5 of the raw body, and auth_signature the hex
// HMAC-SHA256 (secret) of "METHOD\nPATH\nQUERY", QUERY being every other parameter sorted by name.
// The signing side is `signedQuery` in http-publisher.ts.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const MAX_SKEW_SECONDS = 600;

/** Null when the request is signed by the app; otherwise why not. */
export function pusherRequestError(
  app: { key: string; secret: string },
  method: string,
  path: string,
  query: Record<string, string>,
  body: string,
  nowSeconds: number,
): string | null {
  if (query.auth_key !== app.key) return 'Unknown auth_key.';
  if (query.auth_version !== '1.0') return 'auth_version must be 1.0.';
  const timestamp = Number(query.auth_timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > MAX_SKEW_SECONDS)
    return 'auth_timestamp is missing or more than 600 s away from the server time.';
  if (body && query.body_md5 !== createHash('md5').update(body).digest('hex'))
    return 'body_md5 does not match the body.';
  const signed = Object.keys(query)
    .filter((k) => k !== 'auth_signature')
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join('&');
  const expected = createHmac('sha256', app.secret).update(`${method}\n${path}\n${signed}`).digest();
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(query.auth_signature ?? '') ? query.auth_signature! : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'Invalid signature.';
  return null;
}
