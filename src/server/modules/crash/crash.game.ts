// Rocket on the generic round loop: a round's game hash and crash point are taken from the chain
// when the round is created (committed, secret until ended; CRASH_TEST_POINTS, browser tests only,
// skips the games outside a range); it plays until the multiplier curve reaches the crash point; the
// leader pays auto cash-outs as ticks reach them and settles the rest when it crashes; a round its
// leader left for more than 5 s is voided instead (crash.void.ts). Bet events go out through the
// loop's channels after each commit.
import type { Database } from '../../db/database.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import { publishBalance } from '../../realtime/publisher.ts';
import type { Clock } from '../../rounds/clock.ts';
import type { Leadership } from '../../rounds/leadership.ts';
import { RoundLoop, type RoundGame, type RoundLog, type RoundTimings } from '../../rounds/round-loop.ts';
import { CRASH_EVENTS } from '../../../shared/api/rounds.ts';
import { crashPoint } from '../../../shared/fair/crash.ts';
import { crashMsForCents } from '../../../shared/games/crash/crash.curve.ts';
import { chainInfo, gameHash, generateChain, type ChainInfo } from './crash-chain.ts';
import { betsEvent, gameEvent, type CrashRoundRow } from './crash.repository.ts';
import { cashOutReached, settleCrashRound, type CashedOut } from './crash.service.ts';
import { CRASH_TIMING } from '../../../shared/games/crash/crash.timing.ts';
import { CRASH_VOID_AFTER_MS, voidCrashRound } from './crash.void.ts';
import { toHundredths } from '../../../shared/units.ts';

/** bustabit's pace (shared/games/crash/crash.timing.ts): 5 s of betting, ~150 ms ticks, 3 s after the bust. */
export const CRASH_TIMINGS: RoundTimings = { ...CRASH_TIMING };

/** What the crash loop needs. */
export interface CrashLoopDeps {
  database: Database;
  clock: Clock;
  leadership: Leadership;
  publisher: Publisher;
  chainGames: number; // games of the chain generated at the first start
  maxRoundPayoutCents: number;
  testPoints?: { minCents: number; maxCents: number } | null; // tests: play only games in this range
  timings?: RoundTimings;
  log?: RoundLog;
}

/** The crash round loop of this process. */
export type CrashLoop = RoundLoop<CrashRoundRow>;

/** Builds the crash loop (not started). */
export function createCrashLoop(deps: CrashLoopDeps): CrashLoop {
  const { database, clock } = deps;
  let chain: ChainInfo | undefined;
  let generating: Promise<unknown> | null = null;

  const publishCashedOut = async (paid: CashedOut[]) => {
    for (const p of paid) loop.emit(CRASH_EVENTS.bets, betsEvent('cashed_out', p.bet));
    for (const p of paid) await publishBalance(deps.publisher, Number(p.bet.user_id), p.balanceCents);
  };

  const game: RoundGame<CrashRoundRow> = {
    name: 'crash',
    table: 'crash_rounds',
    gameEvent: CRASH_EVENTS.game,
    timings: deps.timings ?? CRASH_TIMINGS,
    ready: async () => {
      chain ??= await chainInfo(database.db);
      if (chain) return true;
      // first start of this installation: generate the chain in the background (rounds wait for it)
      generating ??= generateChain(database, deps.chainGames, clock.now())
        .catch((err: unknown) => deps.log?.error({ err }, 'crash chain generation failed'))
        .finally(() => (generating = null));
      return false;
    },
    create: async (trx, previous) => {
      const info = (chain ??= await chainInfo(trx));
      if (!info) throw new Error('crash chain not generated yet');
      const range = deps.testPoints;
      for (let gameNumber = Number(previous?.game_number ?? 0) + 1; ; gameNumber++) {
        const hash = await gameHash(trx, info, gameNumber);
        const cents = toHundredths(crashPoint(hash, info.salt));
        if (!range || (cents >= range.minCents && cents <= range.maxCents))
          return { game_number: gameNumber, hash, crash_point_cents: cents };
      }
    },
    playMs: (round) => crashMsForCents(Number(round.crash_point_cents)),
    settle: async (trx, round, endedAt) => {
      const { cashedOut, lost } = await settleCrashRound(trx, round, endedAt, deps.maxRoundPayoutCents);
      return async () => {
        await publishCashedOut(cashedOut);
        for (const bet of lost) loop.emit(CRASH_EVENTS.bets, betsEvent('lost', bet));
      };
    },
    voidAfterMs: CRASH_VOID_AFTER_MS,
    voidRound: async (trx, round, now) => {
      const refunded = await voidCrashRound(trx, round, now);
      return async () => {
        for (const r of refunded) loop.emit(CRASH_EVENTS.bets, betsEvent('refunded', r.bet));
        for (const r of refunded) await publishBalance(deps.publisher, Number(r.bet.user_id), r.balanceCents);
      };
    },
    tick: async (round, now) => {
      await publishCashedOut(await cashOutReached(database, round, now, deps.maxRoundPayoutCents));
    },
    snapshot: gameEvent,
  };
  const loop: CrashLoop = new RoundLoop({ database, game, clock, leadership: deps.leadership, log: deps.log });
  return loop;
}
