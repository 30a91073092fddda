// HTTP of the weekly leaderboard: GET /api/leaderboard (public; `me` for a signed-in player).
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.ts';
import { defineRoute } from '../../http/route.ts';
import { leaderboardResponse } from '../../../shared/api/programmes.ts';
import { leaderboardView } from './leaderboard.service.ts';

/** Registers the leaderboard route; `clock` gives epoch ms (injectable in tests). */
export function leaderboardRoutes(app: FastifyInstance, db: DB, clock: () => number): void {
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
}
