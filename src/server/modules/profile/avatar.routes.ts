// Avatar upload (POST /api/profile/avatar, multipart field `avatar`) and the stored files, served
// as uploaded: at most 256 × 256 px, read from the header (the page scales larger pictures down first;
// re-encoding on the server would need an image codec, and the project takes no native packages).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../http/route.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import { multipartScope, readMultipart, type MultipartSpec } from '../../http/multipart.ts';
import { AVATAR_MAX_BYTES, profileUpdateSchema } from '../../../shared/api/profile.ts';
import { uploadAvatar, uploadedAvatarName, uploadedAvatarPrefix, type ProfileContext } from './profile.service.ts';

const mimeByExt: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
const missing = 'Choose an image file to upload (form field "avatar").';

/** The upload's body: one file of at most 2 MB in `avatar`; the part is read as it arrives. */
const avatarForm: MultipartSpec = {
  fileFields: ['avatar'],
  maxFiles: 1,
  maxFileBytes: AVATAR_MAX_BYTES,
  textFields: [],
  maxFields: 4,
  maxFieldBytes: 1024,
  tooLarge: 'The avatar may not be larger than 2 MB.',
  notMultipart: 'Send the avatar as multipart/form-data with the field "avatar".',
  tooManyFiles: () => fieldError('avatar', 'Choose one image file.'),
};

/** Registers the upload and the file route in a scope of their own (its own multipart parser). */
export function avatarRoutes(app: FastifyInstance, ctx: ProfileContext): void {
  multipartScope(app, (scope) => {
    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/api/profile/avatar',
        summary:
          'Upload an avatar: multipart field `avatar`, a PNG, JPEG or WebP image of at most 2 MB and 256 × 256 pixels (422 beyond)',
        tags: ['profile'],
        auth: true,
        bodyLimit: 16 * 1024, // other content types (JSON) are refused with 415; multipart is bounded by avatarForm
        response: profileUpdateSchema,
      },
      async ({ request, reply, user }) => {
        const { files } = await readMultipart(request, reply, avatarForm);
        if (!files[0]) throw fieldError('avatar', missing);
        return { msg: 'Your avatar has been changed.', data: await uploadAvatar(ctx, user.id, files[0].bytes) };
      },
    );

    defineRoute(
      scope,
      {
        method: 'GET',
        url: `${uploadedAvatarPrefix}:file`,
        summary: 'An uploaded avatar image',
        tags: ['profile'],
        params: z.object({ file: z.string().max(64) }),
      },
      async ({ params, reply }) => {
        if (!uploadedAvatarName.test(params.file)) throw new HttpError(404, 'Not found.');
        const bytes = await readFile(join(ctx.avatarDir, params.file)).catch(() => null);
        if (!bytes) throw new HttpError(404, 'Not found.');
        return reply
          .type(mimeByExt[params.file.split('.').pop()!]!)
          .header('cache-control', 'public, max-age=31536000, immutable') // names are never reused
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(bytes);
      },
    );
  });
}
