// HTTP for plinko: config, my state, drop a ball, leaderboard. Publishes after the bet's transaction commits.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import {
  PLINKO_BET_EVENT,
  PLINKO_CHANNEL,
  PLINKO_LIMITS,
  plinkoBetBodySchema,
  plinkoBetResponseSchema,
  plinkoConfigSchema,
  plinkoCurrentSchema,
  plinkoLeaderboardQuerySchema,
  plinkoLeaderboardSchema,
  type PlinkoConfig,
} from '../../../shared/api/plinko.ts';
import { PLINKO_ROWS, RISKS, plinkoTable } from '../../../shared/fair/index.ts';
import { defineBetRoute } from '../../http/bet-route.ts';
import { getSeeds } from '../fair/fair.service.ts';
import { placePlinkoBet } from './plinko.service.ts';
import type { PlacedPlinko } from './plinko.repository.ts';
import { historyItem, leaderboard, listBets } from './plinko.repository.ts';
import { formatUsd, toCents, toDollars } from '../../../shared/money.ts';
import type { ModuleContext } from '../../module-context.ts';

const limits = `rows 8–16, risk low|medium|high; min bet ${formatUsd(PLINKO_LIMITS.minBetCents)}, max bet ${formatUsd(PLINKO_LIMITS.maxBetCents)}, max payout ${formatUsd(PLINKO_LIMITS.maxPayoutCents)} per bet (amount × the table's top multiplier may not exceed it)`;

const config: PlinkoConfig = {
  rows: [...PLINKO_ROWS],
  risks: [...RISKS],
  multipliers: Object.fromEntries(
    RISKS.map((risk) => [risk, Object.fromEntries(PLINKO_ROWS.map((rows) => [String(rows), plinkoTable(rows, risk)]))]),
  ),
  min_bet: toDollars(PLINKO_LIMITS.minBetCents),
  max_bet: toDollars(PLINKO_LIMITS.maxBetCents),
  max_payout: toDollars(PLINKO_LIMITS.maxPayoutCents),
};

/** The success message of a drop. */
const betMessage = (placed: PlacedPlinko) =>
  placed.bet.payout > 0 ? `×${placed.bet.multiplier}: ${formatUsd(toCents(placed.bet.payout))}` : 'No win';

/** Registers /api/plinko/*. */
export function plinkoRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { database } = ctx;
  const tags = ['Plinko'];
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/plinko/config',
      summary: `Rows, risks, payout tables and limits (${limits})`,
      tags,
      response: plinkoConfigSchema,
    },
    async () => ({ data: config }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/plinko/current',
      summary: 'Your active seed pair (server seed hash, client seed, next nonce) and your last 20 drops',
      tags,
      auth: true,
      response: plinkoCurrentSchema,
    },
    async ({ user }) => {
      const seeds = await getSeeds(database, user.id, Date.now());
      const bets = await listBets(database.db, { userId: user.id, limit: 20 });
      const { server_seed_hash, client_seed, nonce } = seeds;
      return { data: { server_seed_hash, client_seed, nonce, bets } };
    },
  );
  defineBetRoute(app, ctx, {
    url: '/api/plinko/bet',
    summary: `Drop one ball (${limits}). path = one fair float per row (next nonce of the active seed pair, shared with dice), bucket = number of rights. Optional Idempotency-Key header: a retry returns the first answer`,
    tags,
    scope: 'plinko:bet',
    body: plinkoBetBodySchema,
    response: plinkoBetResponseSchema,
    place: placePlinkoBet,
    view: (placed) => ({ data: placed.bet, balance: toDollars(placed.balanceCents), msg: betMessage(placed) }),
    after: (placed, userId) =>
      afterCommit(app.log, 'plinko bet', async () => {
        await publishBalance(app.publisher, userId, placed.balanceCents);
        const item = await historyItem(database.db, placed.bet, userId, placed.amountCents, placed.userName);
        await app.publisher.publish(PLINKO_CHANNEL, PLINKO_BET_EVENT, item);
      }),
  });
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/plinko/leaderboard',
      summary: `Biggest winning drops; optional sort (win_amount | multiplier, default win_amount) and period (day | week | all, default all). Live drops on the public channel ${PLINKO_CHANNEL}, event ${PLINKO_BET_EVENT}`,
      tags,
      query: plinkoLeaderboardQuerySchema,
      response: plinkoLeaderboardSchema,
    },
    async ({ query }) => ({ data: await leaderboard(database.db, query, Date.now()) }),
  );
}
