// HTTP for box openings: POST /api/boxes/{slug}/open. Publishes balanceUpdated and the public
// channel's lastDrop only after the opening's transaction commits.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import { boxSlugParamsSchema } from '../../../shared/api/boxes.ts';
import {
  LAST_DROP_EVENT,
  PUBLIC_CHANNEL,
  openBodySchema,
  openResponseSchema,
  type OpenResponse,
} from '../../../shared/api/box-open.ts';
import { toDollars } from '../../../shared/money.ts';
import { idempotentCall, runOnce, type Remember } from '../wallet/idempotency.ts';
import { demoOpen, openBox, type Opening } from './openings.service.ts';
import { dropEvents } from './drop-events.ts';
import type { ModuleContext } from '../../module-context.ts';

const summary =
  'Open a box 1–5 times (bearer token required unless demo=true). Each reel is a separate fair bet: reel i uses nonce n+i of the active seed pair, ' +
  "ticket = floor(f × 100000) + 1 against the box version's ranges. One transaction debits price × count, adds the items and records the drops. " +
  'A demo rolls from a throwaway server seed revealed in the response and moves nothing. Optional Idempotency-Key header: a retry returns the first answer.';

function view(o: Opening, demo: boolean): OpenResponse {
  return {
    data: {
      demo,
      box: { slug: o.box.slug, version: o.box.version, price: toDollars(o.box.priceCents) },
      cost: toDollars(o.costCents),
      reels: o.reels,
    },
    balance: o.balanceCents === null ? null : toDollars(o.balanceCents),
  };
}

/** Registers POST /api/boxes/{slug}/open. */
export function openingsRoutes(app: FastifyInstance, { database }: ModuleContext): void {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/boxes/:slug/open',
      summary,
      tags: ['boxes'],
      params: boxSlugParamsSchema,
      body: openBodySchema,
      response: openResponseSchema,
      bodyLimit: 1024,
    },
    async ({ params, body, request }) => {
      if (body.demo) return view(await demoOpen(database, params.slug, body), true);
      const user = await request.server.authenticate(request);
      const call = idempotentCall(request, user.id, `box:open:${params.slug}`, body);
      return runOnce(database.db, call, {
        // only a call with an Idempotency-Key has an answer to remember; without one the opening may
        // take the fast path (one synchronous job on SQLite)
        work: (remember: Remember<Opening>) =>
          openBox(database, user.id, params.slug, body, Date.now(), call ? remember : undefined),
        view: (opening) => view(opening, false),
        after: (opening) =>
          afterCommit(app.log, 'box opening', async () => {
            await publishBalance(app.publisher, user.id, opening.balanceCents!);
            if (opening.creditedCreator)
              await publishBalance(app.publisher, opening.creditedCreator.userId, opening.creditedCreator.balanceCents);
            for (const drop of await dropEvents(database.db, opening, user.id))
              await app.publisher.publish(PUBLIC_CHANNEL, LAST_DROP_EVENT, drop);
          }),
      });
    },
  );
}
