// Avatar uploads: the one file field of a multipart/form-data body, and its image type told by
// its first bytes (PNG, JPEG or WebP), never by the client's file name or declared type.
import { HttpError, fieldError } from '../../http/errors.ts';

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

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]!) : null;
}

/** One part of a multipart body: its field name and content (its file name is never read). */
export interface MultipartPart {
  name: string;
  data: Buffer;
}

/** Every part of a multipart body (RFC 7578), in order; at most `max` parts (400 beyond). */
export function multipartParts(body: Buffer, boundary: string, max = 20): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const unreadable = () => new HttpError(400, 'The request could not be read.');
  const parts: MultipartPart[] = [];
  let at = body.indexOf(delimiter); // a preamble before the first delimiter is ignored
  if (at === -1) return parts;
  const next = Buffer.from(`\r\n--${boundary}`);
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at + delimiter.length);
    if (lineEnd === -1 || body.subarray(at + delimiter.length, at + delimiter.length + 2).toString() === '--')
      return parts;
    if (parts.length >= max) throw new HttpError(400, `The request may have at most ${max} parts.`);
    const headersEnd = body.indexOf('\r\n\r\n', lineEnd);
    if (headersEnd === -1) throw unreadable();
    const headers = body.subarray(lineEnd + 2, headersEnd).toString('latin1');
    const end = body.indexOf(next, headersEnd + 4);
    if (end === -1) throw unreadable();
    const disposition = /^content-disposition:\s*form-data\s*;(.*)$/im.exec(headers)?.[1] ?? '';
    const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name !== undefined) parts.push({ name, data: body.subarray(headersEnd + 4, end) });
    at = end + 2;
  }
}

/**
 * The content of the part named `field` in a multipart body (RFC 7578). Part headers other than
 * its name are ignored, the file name included. Throws a 422 when the body has no such part.
 */
export function multipartField(body: Buffer, boundary: string, field: string): Buffer {
  const part = multipartParts(body, boundary).find((p) => p.name === field);
  if (!part) throw fieldError(field, `Choose an image file to upload (form field "${field}").`);
  return part.data;
}
