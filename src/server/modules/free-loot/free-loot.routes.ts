// HTTP for free loot: the list (auth optional), an opening (auth) and a free box's drops.
// lastDrop goes to the public channel only after the opening's transaction commits.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { afterCommit } from '../../realtime/publisher.ts';
import { boxSlugParamsSchema, dropListResponseSchema, lastDropsQuerySchema } from '../../../shared/api/boxes.ts';
import { LAST_DROP_EVENT, PUBLIC_CHANNEL } from '../../../shared/api/box-open.ts';
import {
  freeBoxListResponseSchema,
  freeOpenBodySchema,
  freeOpenResponseSchema,
  type FreeOpenResponse,
} from '../../../shared/api/free-loot.ts';
import { dropEvents } from '../openings/drop-events.ts';
import { idempotentCall, runOnce } from '../wallet/idempotency.ts';
import { freeBoxLastDrops, listFreeBoxes, openFreeBox, type FreeOpening } from './free-loot.service.ts';
import type { ModuleContext } from '../../module-context.ts';

const tags = ['free-loot'];
const openSummary =
  "Open a free box once (bearer token required): the player's level must reach the box's min_level; a daily opening needs $5.00 deposited " +
  '(deposits minus reversals and withdrawals) within the last 30 days (403 otherwise), a free-loot allowance (50 % of the expected house profit of the last 30 days ' +
  'minus the free boxes, daily and promo, taken in them) covering the box EV (403 errors.allowance otherwise) and 24 h since the last daily opening of that box ' +
  '(429 with the time left otherwise). Optional Idempotency-Key header: a retry returns the first answer and opens nothing. promo=true spends a one-time entitlement (case35) instead and opens only the lowest-tier free box (403 otherwise). One fair reel (next nonce), no debit.';

function view(o: FreeOpening): FreeOpenResponse {
  return {
    data: { demo: false, box: { slug: o.box.slug, version: o.box.version, price: 0 }, cost: 0, reels: o.reels },
    balance: null,
    free: {
      via: o.via,
      next_available_at: o.nextAvailableAt === null ? null : new Date(o.nextAvailableAt).toISOString(),
      promo_openings: o.promoOpenings,
    },
  };
}

/** Registers GET /api/free-boxes, POST /api/free-boxes/{slug}/open and GET /api/free-boxes/{slug}/last-drops. */
export function freeLootRoutes(app: FastifyInstance, { database, now }: ModuleContext): void {
  const { db } = database;
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/free-boxes',
      summary:
        'Free boxes with min_level, and for a signed-in player: unlocked, next_available_at, level progress, promo openings, the daily deposit rule (deposit_required)',
      tags,
      response: freeBoxListResponseSchema,
    },
    async ({ request }) => {
      const user = request.headers.authorization ? await request.server.authenticate(request) : null;
      return listFreeBoxes(db, user?.id ?? null, now());
    },
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/free-boxes/:slug/open',
      summary: openSummary,
      tags,
      auth: true,
      params: boxSlugParamsSchema,
      body: freeOpenBodySchema,
      response: freeOpenResponseSchema,
      bodyLimit: 1024,
    },
    async ({ params, body, user, request }) =>
      runOnce(database.db, idempotentCall(request, user.id, `free-box:open:${params.slug}`, body), {
        work: (remember) => openFreeBox(database, user.id, params.slug, body, now(), remember),
        view,
        after: (o) =>
          afterCommit(app.log, 'free box opening', async () => {
            for (const drop of await dropEvents(db, o, user.id))
              await app.publisher.publish(PUBLIC_CHANNEL, LAST_DROP_EVENT, drop);
          }),
      }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/free-boxes/:slug/last-drops',
      summary: 'Recent free-box drops of one free box; best=1 orders by item price descending',
      tags,
      params: boxSlugParamsSchema,
      query: lastDropsQuerySchema,
      response: dropListResponseSchema,
    },
    async ({ params, query }) => ({ data: await freeBoxLastDrops(db, params.slug, query) }),
  );
}
