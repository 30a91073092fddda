// HTTP for email verification: the mailed link's landing page posts its token here; a signed-in
// player may ask for the link again.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../http/route.ts';
import { HttpError } from '../../http/errors.ts';
import { msgSchema } from '../../../shared/api/auth.ts';
import { limits } from '../../plugins/rate-limit.ts';
import { findUserById } from './accounts.repository.ts';
import type { AccountsDeps } from './accounts.routes.ts';
import {
  alreadyVerifiedMessage,
  sendVerification,
  verifiedMessage,
  verifyEmail,
  verifyInvalidMessage,
  verifySentMessage,
} from './email-verification.ts';

const tags = ['accounts'];

/** Registers the verification routes. */
export function verificationRoutes(app: FastifyInstance, deps: AccountsDeps): void {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/verify-email',
      summary: 'Verify an email address with the mailed token',
      tags,
      body: z.object({
        token: z.string({ error: verifyInvalidMessage }).min(1, verifyInvalidMessage).max(200, verifyInvalidMessage),
      }),
      response: msgSchema,
    },
    async ({ body }) => {
      await verifyEmail(deps, body.token, Date.now());
      return { msg: verifiedMessage };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/profile/verify-email',
      summary: 'Mail the verification link again',
      tags,
      auth: true,
      response: msgSchema,
    },
    async ({ user }) => {
      const now = Date.now();
      const row = await findUserById(deps.db, user.id);
      if (!row) throw new HttpError(401, 'Unauthenticated.');
      if (row.email_verified_at != null) return { msg: alreadyVerifiedMessage };
      await deps.limiter.check(limits.verifyAccount, String(row.id), now);
      await sendVerification(deps, row, now);
      return { msg: verifySentMessage };
    },
  );
}
