// Support attachments: images typed by their first bytes (the avatar checks: PNG, JPEG or WebP),
// at most 2 MB each and 3 per message, stored as DATA_DIR/support/{user id}-{random hex}.{ext}
// (the client's file name is never used).
import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpError, fieldError } from '../../http/errors.ts';
import { sniffImage, type AvatarType } from '../profile/avatar-file.ts';
import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MAX_ATTACHMENTS } from '../../../shared/api/support.ts';

/** A checked attachment waiting to be stored. */
export interface CheckedFile {
  bytes: Buffer;
  type: AvatarType;
}

/** Names of stored attachments (made by the server only). */
export const attachmentName = /^[1-9]\d{0,15}-[0-9a-f]{24}\.(png|jpg|webp)$/;
/** The message of a file that is too large. */
export const attachmentTooLarge = 'Each attachment may be at most 2 MB.';

/** Checks every file (count, size, type by bytes); empty parts (no file chosen) are skipped. */
export function checkAttachments(files: Buffer[]): CheckedFile[] {
  const given = files.filter((f) => f.length > 0);
  if (given.length > SUPPORT_MAX_ATTACHMENTS)
    throw fieldError('attachments', `Attach at most ${SUPPORT_MAX_ATTACHMENTS} images.`);
  return given.map((bytes) => {
    if (bytes.length > SUPPORT_ATTACHMENT_MAX_BYTES) throw new HttpError(413, attachmentTooLarge);
    const type = sniffImage(bytes);
    if (!type) throw fieldError('attachments', 'Attachments must be PNG, JPEG or WebP images.');
    return { bytes, type };
  });
}

/** Writes the files of player `prefix` (temporary name, then renamed); returns their stored names. */
export async function storeAttachments(dir: string, prefix: number, files: CheckedFile[]): Promise<string[]> {
  if (!files.length) return [];
  await mkdir(dir, { recursive: true });
  const names: string[] = [];
  for (const f of files) {
    const name = `${prefix}-${randomBytes(12).toString('hex')}.${f.type.ext}`;
    const tmp = join(dir, `.${name}.tmp`);
    await writeFile(tmp, f.bytes);
    await rename(tmp, join(dir, name));
    names.push(name);
  }
  return names;
}

/** Removes stored files (after a failed transaction). */
export async function removeAttachments(dir: string, names: string[]): Promise<void> {
  for (const n of names) await unlink(join(dir, n)).catch(() => undefined);
}
