// Profile calls the JSON client cannot make: the avatar upload (multipart) with the bearer token.
import { ApiError, apiHeaders } from '../../lib/api.ts';
import { handleUnauthorized } from '../../lib/session.ts';
import type { PublicUser } from '../../../shared/api/user.ts';
import { AVATAR_MAX_SIDE } from '../../../shared/api/profile.ts';

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

/** Longest side of an uploaded avatar after the browser scales it down, px (the server refuses larger). */
export const AVATAR_SIDE = AVATAR_MAX_SIDE;

/**
 * Scales an image larger than 256 px down to 256 px on its longest side (WebP, or PNG where the
 * browser cannot encode WebP). What the browser cannot decode is returned as it is, so the server's
 * own type check answers it.
 */
export async function shrinkImage(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const scale = AVATAR_SIDE / Math.max(bitmap.width, bitmap.height);
    if (!(scale < 1)) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.9));
    return blob && blob.size > 0 ? blob : file;
  } finally {
    bitmap.close();
  }
}
