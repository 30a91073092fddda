// HTTP of the weekly leaderboard: GET /api/leaderboard (public; `me` for a signed-in player) and the
// player's public-stats choice (GET/PUT /api/profile/public-stats): hidden players are masked.
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.ts';
import { defineRoute } from '../../http/route.ts';
import { leaderboardResponse, publicStatsBody, publicStatsResponse } from '../../../shared/api/programmes.ts';
import { leaderboardView } from './leaderboard.service.ts';
import type { ModuleContext } from '../../module-context.ts';

async function isPublic(db: DB, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('hide_public_stats').where('id', '=', userId).executeTakeFirst();
  return Number(row?.hide_public_stats ?? 0) === 0;
}

/** Registers the leaderboard route; `clock` gives epoch ms (injectable in tests). */
export function leaderboardRoutes(app: FastifyInstance, { database: { db }, now: clock }: ModuleContext): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/leaderboard',
      summary: "This week's standings by wagered amount, the prize table, the player's place and last week's winners",
      tags: ['programmes'],
      response: leaderboardResponse,
    },
    async ({ request }) => {
      const user = request.headers.authorization ? await request.server.authenticate(request) : null;
      return { data: await leaderboardView(db, user?.id ?? null, clock()) };
    },
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/profile/public-stats',
      summary: 'Whether the leaderboard shows the player by name',
      tags: ['profile'],
      auth: true,
      response: publicStatsResponse,
    },
    async ({ user }) => ({ data: { public: await isPublic(db, user.id) } }),
  );
  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/profile/public-stats',
      summary: "Show (true) or hide (false) the player's name and avatar on the leaderboard",
      tags: ['profile'],
      auth: true,
      body: publicStatsBody,
      response: publicStatsResponse,
    },
    async ({ body, user }) => {
      await db
        .updateTable('users')
        .set({ hide_public_stats: body.public ? 0 : 1 })
        .where('id', '=', user.id)
        .execute();
      const msg = body.public ? 'The leaderboard shows your name.' : 'The leaderboard hides your name.';
      return { msg, data: { public: body.public } };
    },
  );
}
