// Profile calls the JSON client cannot make: the avatar upload (multipart) with the bearer token.
import { ApiError, apiHeaders } from '../../lib/api.ts';
import { handleUnauthorized } from '../../lib/session.ts';
import type { PublicUser } from '../../../shared/api/user.ts';

/** POST /api/profile/avatar with `file` in the field `avatar`; resolves to the updated player. */
export async function uploadAvatar(file: Blob, retried = false): Promise<{ msg: string; data: PublicUser }> {
  const form = new FormData();
  form.append('avatar', file, 'avatar'); // the server ignores the name
  const res = await fetch('/api/profile/avatar', { method: 'POST', headers: apiHeaders(), body: form });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : {}) as ApiError['body'];
  if (res.status === 401 && !retried && (await handleUnauthorized())) return uploadAvatar(file, true);
  if (!res.ok) throw new ApiError(res.status, body);
  return body as unknown as { msg: string; data: PublicUser };
}
