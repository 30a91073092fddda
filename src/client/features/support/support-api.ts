// Support attachments: the check before sending them (lib/api/support.ts posts them) and the
// owner-only images (fetched with the bearer token, shown from a blob URL).
import { apiHeaders } from '../../lib/api.ts';
import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MAX_ATTACHMENTS } from '../../../shared/api/support.ts';

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
