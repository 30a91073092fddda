// HTTP for Rocket (crash): bet, cash out, the current round, recent games, leaderboard, my bets,
// fairness. Balances and bet events are published only after each commit.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { defineRoute } from '../../http/route.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import type { Clock } from '../../rounds/clock.ts';
import {
  CRASH_LIMITS,
  crashBetBodySchema,
  crashBetResponseSchema,
  crashCloseBetResponseSchema,
  crashCurrentResponseSchema,
  crashFairnessResponseSchema,
  crashLeaderboardQuerySchema,
  crashLeaderboardResponseSchema,
  crashMyBetsQuerySchema,
  crashMyBetsResponseSchema,
  crashRecentQuerySchema,
  crashRecentResponseSchema,
} from '../../../shared/api/crash.ts';
import { CRASH_EVENTS } from '../../../shared/api/rounds.ts';
import { chainInfo } from './crash-chain.ts';
import {
  betsEvent,
  gamesPlayed,
  leaderboard,
  myBets,
  recentGames,
  roundBets,
  roundView,
  toBet,
  type CrashRoundRow,
} from './crash.repository.ts';
import { closeCrashBet, placeCrashBet, type PlacedCrashBet } from './crash.service.ts';
import { idempotentCall, runOnce, type Remember } from '../wallet/idempotency.ts';
import type { CrashLoop } from './crash.game.ts';
import { latestRound } from '../../rounds/round.repository.ts';
import { HttpError } from '../../http/errors.ts';
import { formatUsd, toDollars } from '../../../shared/money.ts';

const DAY = 86_400_000;

/** Registers /api/crash/*. */
export function crashRoutes(
  app: FastifyInstance,
  database: Database,
  loop: CrashLoop,
  clock: Clock,
  maxRoundPayoutCents: number,
): void {
  const tags = ['Rocket'];
  const limits = `min bet ${formatUsd(CRASH_LIMITS.minBetCents)}, max bet ${formatUsd(CRASH_LIMITS.maxBetCents)}, at most ${formatUsd(maxRoundPayoutCents)} paid per round (past it every open bet is cashed out at that point); auto cash-out ${CRASH_LIMITS.minAutoCashout}–${CRASH_LIMITS.maxAutoCashout}`;
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/crash/bet',
      summary: `Bet on the round that is starting, one bet per round (${limits}); optional Idempotency-Key header: a retry returns the first answer`,
      tags,
      auth: true,
      body: crashBetBodySchema,
      response: crashBetResponseSchema,
      bodyLimit: 4096,
    },
    async ({ user, body, request }) =>
      runOnce(database.db, idempotentCall(request, user.id, 'crash:bet', body), {
        work: (remember: Remember<PlacedCrashBet>) =>
          placeCrashBet(database, user.id, body, clock.now(), maxRoundPayoutCents, remember),
        view: (placed) => ({ data: toBet(placed.bet), balance: toDollars(placed.balanceCents), msg: 'Bet placed.' }),
        after: (placed) =>
          afterCommit(app.log, 'crash bet', async () => {
            loop.emit(CRASH_EVENTS.bets, betsEvent('placed', placed.bet));
            await publishBalance(app.publisher, user.id, placed.balanceCents);
          }),
      }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/crash/close-bet',
      summary: 'Cash out your bet now, at the multiplier of the server clock (refused at or after the crash)',
      tags,
      auth: true,
      response: crashCloseBetResponseSchema,
      bodyLimit: 1024,
    },
    async ({ user }) => {
      const paid = await closeCrashBet(database, user.id, clock.now(), maxRoundPayoutCents);
      await afterCommit(app.log, 'crash cash-out', async () => {
        loop.emit(CRASH_EVENTS.bets, betsEvent('cashed_out', paid.bet));
        await publishBalance(app.publisher, user.id, paid.balanceCents);
      });
      const bet = toBet(paid.bet);
      return {
        data: { bet, multiplier: bet.multiplier!, payout: bet.payout! },
        balance: toDollars(paid.balanceCents),
        msg: `Cashed out at ${bet.multiplier!.toFixed(2)}×.`,
      };
    },
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/crash/current',
      summary: 'The round now (its crash point and hash only once ended) and its bets',
      tags,
      response: crashCurrentResponseSchema,
    },
    async () => {
      const round = await latestRound<CrashRoundRow>(database.db, 'crash_rounds');
      const bets = round ? await roundBets(database.db, round.id) : [];
      return { data: { round: round ? roundView(round, clock.now()) : null, bets: bets.map(toBet) } };
    },
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/crash/recent-games',
      summary: 'Ended rounds, newest first (limit ≤ 100)',
      tags,
      query: crashRecentQuerySchema,
      response: crashRecentResponseSchema,
    },
    async ({ query }) => ({ data: await recentGames(database.db, query.limit) }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/crash/leaderboard',
      summary: 'The best cash-outs (sort = win_amount | multiplier, period = day | week | all)',
      tags,
      query: crashLeaderboardQuerySchema,
      response: crashLeaderboardResponseSchema,
    },
    async ({ query }) => {
      const since = query.period === 'all' ? 0 : clock.now() - (query.period === 'week' ? 7 * DAY : DAY);
      return { data: await leaderboard(database.db, query.sort, since) };
    },
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/crash/my-bets',
      summary: 'Your bets, newest first (limit ≤ 100), with the crash point of ended rounds',
      tags,
      auth: true,
      query: crashMyBetsQuerySchema,
      response: crashMyBetsResponseSchema,
    },
    async ({ user, query }) => ({ data: await myBets(database.db, user.id, query.limit) }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/crash/fairness',
      summary: "The chain's terminating hash, the salt and the games played (503 while the chain is generated)",
      tags,
      response: crashFairnessResponseSchema,
    },
    async () => {
      const chain = await chainInfo(database.db);
      if (!chain) throw new HttpError(503, 'The game chain is being generated: try again in a minute.');
      return {
        data: {
          terminating_hash: chain.terminatingHash,
          salt: chain.salt,
          games_played: await gamesPlayed(database.db),
        },
      };
    },
  );
}
