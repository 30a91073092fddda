// HTTP for the profile hub's main page: name, password, stats, the bets archive, sessions, sign out everywhere, and a
// shipped avatar. Uploads live in avatar.routes.ts.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { HttpError } from '../../http/errors.ts';
import { msgSchema } from '../../../shared/api/auth.ts';
import {
  avatarPresetBodySchema,
  nameBodySchema,
  passwordBodySchema,
  profileStatsSchema,
  profileUpdateSchema,
  sessionsSchema,
  shippedAvatarUrl,
} from '../../../shared/api/profile.ts';
import { profileStats } from './profile-stats.repository.ts';
import { findBets } from './profile-bets.repository.ts';
import { describeBets } from './profile-bets.links.ts';
import { betsQuerySchema, betsResponseSchema } from '../../../shared/api/profile-bets.ts';
import {
  changeName,
  changePassword,
  listSessions,
  pickAvatar,
  signOutEverywhere,
  type ProfileContext,
} from './profile.service.ts';

const tags = ['profile'];

/** Registers the profile routes. */
export function profileRoutes(app: FastifyInstance, ctx: ProfileContext): void {
  const { db } = ctx;

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/profile/name',
      summary: 'Change the display name',
      tags,
      auth: true,
      body: nameBodySchema,
      response: profileUpdateSchema,
    },
    async ({ body, user }) => ({ msg: 'Your name has been changed.', data: await changeName(ctx, user.id, body.name) }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/profile/password',
      summary:
        'Change the password (current password required); signs out every other session. After 5 wrong current passwords: 429 with a growing wait',
      tags,
      auth: true,
      body: passwordBodySchema,
      response: msgSchema,
    },
    async ({ body, user, request }) => {
      await changePassword(ctx, { userId: user.id, tokenId: user.tokenId, address: request.ip }, body, Date.now());
      return { msg: 'Your password has been changed. Other devices have been signed out.' };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/profile/stats',
      summary: 'Wagered total, bets, openings, biggest win and level progress',
      tags,
      auth: true,
      response: profileStatsSchema,
    },
    async ({ user }) => {
      const data = await profileStats(db, user.id);
      if (!data) throw new HttpError(401, 'Unauthenticated.');
      return { data };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/profile/bets',
      summary:
        'Your settled bets in every game, newest first (game, result=win|loss, from/to UTC days YYYY-MM-DD, page, per_page): stake, payout and the link to its verifier',
      tags,
      auth: true,
      query: betsQuerySchema,
      response: betsResponseSchema,
    },
    async ({ user, query }) => {
      const { rows, total } = await findBets(db, user.id, query);
      return { data: await describeBets(db, rows), meta: { page: query.page, per_page: query.per_page, total } };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/profile/sessions',
      summary: 'Signed-in sessions (one per sign-in)',
      tags,
      auth: true,
      response: sessionsSchema,
    },
    async ({ user }) => ({ data: await listSessions(db, { userId: user.id, tokenId: user.tokenId }, Date.now()) }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/profile/logout-everywhere',
      summary: 'Sign out every session of the player, this one included',
      tags,
      auth: true,
      response: msgSchema,
    },
    async ({ user }) => {
      await signOutEverywhere(db, user.id, Date.now());
      return { msg: 'You have been signed out everywhere.' };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/profile/avatar/preset',
      summary: 'Use one of the shipped avatars',
      tags,
      auth: true,
      body: avatarPresetBodySchema,
      response: profileUpdateSchema,
    },
    async ({ body, user }) => ({
      msg: 'Your avatar has been changed.',
      data: await pickAvatar(ctx, user.id, shippedAvatarUrl(body.avatar)),
    }),
  );
}
