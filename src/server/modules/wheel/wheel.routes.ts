// HTTP for the Crazy Wheel (issue #13): config, day seeds, bet, cancel, round lists. Balance and
// `wheel:bets` events go out only after the bet's transaction commits.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import {
  WHEEL_LIMITS,
  wheelBetBodySchema,
  wheelBetListSchema,
  wheelBetParamsSchema,
  wheelBetResponseSchema,
  wheelConfigSchema,
  wheelCurrentSchema,
  wheelMyBetsQuerySchema,
  wheelRecentGamesQuerySchema,
  wheelRecentGamesSchema,
  wheelSeedsSchema,
} from '../../../shared/api/wheel.ts';
import { WHEEL_LAYOUT, WHEEL_PAYOUTS } from '../../../shared/games/wheel/wheel.layout.ts';
import { idempotentCall, runOnce, type Remember } from '../wallet/idempotency.ts';
import type { Clock } from '../../rounds/clock.ts';
import type { RoundLoop } from '../../rounds/round-loop.ts';
import { WHEEL_EVENTS } from '../../../shared/api/rounds.ts';
import type { WheelRoundRow } from './wheel.game.ts';
import { listDaySeeds } from './wheel-seeds.service.ts';
import {
  betEvent,
  latestRound,
  recentRounds,
  roundBets,
  roundEvent,
  settledBetsOf,
  topPayouts,
} from './wheel.repository.ts';
import { cancelWheelBet, placeWheelBet, type WheelBetResult } from './wheel.service.ts';
import { formatUsd, toDollars } from '../../../shared/money.ts';

const limits = `min bet ${formatUsd(WHEEL_LIMITS.minBetCents)}, max bet ${formatUsd(WHEEL_LIMITS.maxBetCents)}, max payout ${formatUsd(WHEEL_LIMITS.maxPayoutCents)} per player and colour per round`;
const DAY_MS = 86_400_000;

/** Registers /api/wheel/*. */
export function wheelRoutes(
  app: FastifyInstance,
  database: Database,
  loop: RoundLoop<WheelRoundRow>,
  clock: Clock,
): void {
  const tags = ['Crazy Wheel'];
  const db = database.db;
  const published = (what: string, type: 'placed' | 'canceled', userId: number) => async (r: WheelBetResult) =>
    afterCommit(app.log, what, async () => {
      loop.emit(WHEEL_EVENTS.bets, betEvent(type, r.bet));
      await publishBalance(app.publisher, userId, r.balanceCents);
    });
  const view = (msg: string) => (r: WheelBetResult) => ({ data: r.bet, balance: toDollars(r.balanceCents), msg });

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/wheel/config',
      summary: `The wheel's layout and payouts (${limits})`,
      tags,
      response: wheelConfigSchema,
    },
    async () => ({
      data: {
        segments: [...WHEEL_LAYOUT],
        payouts: { ...WHEEL_PAYOUTS },
        min_bet: toDollars(WHEEL_LIMITS.minBetCents),
        max_bet: toDollars(WHEEL_LIMITS.maxBetCents),
        max_payout: toDollars(WHEEL_LIMITS.maxPayoutCents),
      },
    }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/wheel/seeds',
      summary:
        "Day seeds, newest first: SHA-256 of each UTC day's server seed and its public seed before the day; the server seed once the day is over",
      tags,
      response: wheelSeedsSchema,
    },
    async () => ({ data: await listDaySeeds(db, clock.now()) }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/wheel/bet',
      summary: `Bet on a colour of the round now starting (${limits}); several colours per round allowed; optional Idempotency-Key header`,
      tags,
      auth: true,
      body: wheelBetBodySchema,
      response: wheelBetResponseSchema,
      bodyLimit: 4096,
    },
    async ({ user, body, request }) =>
      runOnce(db, idempotentCall(request, user.id, 'wheel:bet', body), {
        work: (remember: Remember<WheelBetResult>) => placeWheelBet(database, user.id, body, clock.now(), remember),
        view: view('Bet placed.'),
        after: published('wheel bet', 'placed', user.id),
      }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/wheel/bet/:id/cancel',
      summary: 'Cancel your own bet while its round is starting; the amount is refunded',
      tags,
      auth: true,
      params: wheelBetParamsSchema,
      response: wheelBetResponseSchema,
    },
    async ({ user, params }) => {
      const result = await cancelWheelBet(database, user.id, params.id, clock.now());
      await published('wheel cancel', 'canceled', user.id)(result);
      return view('Bet canceled.')(result);
    },
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/wheel/recent-games',
      summary: 'Ended rounds, newest first',
      tags,
      query: wheelRecentGamesQuerySchema,
      response: wheelRecentGamesSchema,
    },
    async ({ query }) => ({ data: await recentRounds(db, query.limit) }),
  );
  defineRoute(
    app,
    { method: 'GET', url: '/api/wheel/recent-bets', summary: "This round's bets", tags, response: wheelBetListSchema },
    async () => {
      const round = await latestRound(db);
      return { data: round ? await roundBets(db, Number(round.id)) : [] };
    },
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/wheel/my-bets',
      summary:
        'Your settled bets (won or lost), newest first (limit 1–100, default 20); each replays at /bets/wheel/{id}',
      tags,
      auth: true,
      query: wheelMyBetsQuerySchema,
      response: wheelBetListSchema,
    },
    async ({ user, query }) => ({ data: await settledBetsOf(db, user.id, query.limit) }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/wheel/top-payouts',
      summary: 'The largest wins of the last 24 hours',
      tags,
      response: wheelBetListSchema,
    },
    async () => ({ data: await topPayouts(db, clock.now() - DAY_MS) }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/wheel/current',
      summary: 'The current round (segment, color and multiplier only once ended) and its bets',
      tags,
      response: wheelCurrentSchema,
    },
    async () => {
      const round = await latestRound(db);
      if (!round) throw new HttpError(404, 'No round has started yet.');
      return { data: { ...roundEvent(round, clock.now()), bets: await roundBets(db, Number(round.id)) } };
    },
  );
}
