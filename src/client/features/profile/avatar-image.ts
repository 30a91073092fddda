// The avatar image before its upload (lib/api/profile.ts uploadAvatar): scaled down in the browser.
import { AVATAR_MAX_SIDE } from '../../../shared/api/profile.ts';

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
