// Uploaded images (avatars, support attachments): their type told by their first bytes (PNG, JPEG
// or WebP), never by the client's file name or declared type. Bodies are read by http/multipart.ts.

/** An accepted image type and the extension its stored file gets. */
export type AvatarType =
  { mime: 'image/png'; ext: 'png' } | { mime: 'image/jpeg'; ext: 'jpg' } | { mime: 'image/webp'; ext: 'webp' };

/** The message for a file that is not a PNG, JPEG or WebP image. */
export const avatarTypeMessage = 'The avatar must be a PNG, JPEG or WebP image.';

/** The image type of `bytes` by its magic number, or null. */
export function sniffImage(bytes: Buffer): AvatarType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { mime: 'image/png', ext: 'png' };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { mime: 'image/jpeg', ext: 'jpg' };
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { mime: 'image/webp', ext: 'webp' };
  return null;
}
