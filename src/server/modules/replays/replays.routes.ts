// HTTP for public replays: GET /api/bets/{game}/{id} (no token; limited per address like the page's
// previews, replays.og.ts).
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { limits } from '../../plugins/rate-limit.ts';
import { ARCHIVE_GAMES } from '../../../shared/api/profile-bets.ts';
import { replayParamsSchema, replayResponseSchema } from '../../../shared/api/replay.ts';
import { findReplay } from './replays.service.ts';
import { replayContext } from './replays.context.ts';
import type { ModuleContext } from '../../module-context.ts';

/** Registers GET /api/bets/{game}/{id}. */
export function replaysRoutes(app: FastifyInstance, moduleContext: ModuleContext): void {
  const ctx = replayContext(moduleContext);
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/bets/:game/:id',
      summary: `One settled bet of ${ARCHIVE_GAMES.join(', ')} as its public replay: the player (null when they hide their public stats), stake, payout, multiplier, mine (true only for the owner's bearer token; the token is optional), the outcome its scene replays and the verifier's inputs (server_seed and verify_link null until the seed is revealed). 404 for an unknown or unsettled bet or a private battle's seat; ${limits.replayIp.max} a minute per address (429)`,
      tags: ['Replays'],
      params: replayParamsSchema,
      response: replayResponseSchema,
    },
    async ({ params, request }) => {
      await ctx.limiter.check(limits.replayIp, request.ip, ctx.now());
      // public: a token is read only when sent (an invalid one is a 401, so the client refreshes it)
      const viewer = request.headers.authorization ? (await request.server.authenticate(request)).id : null;
      return { data: await findReplay(ctx.db, params.game, params.id, ctx.now(), viewer) };
    },
  );
}
