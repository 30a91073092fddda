// An instant bet, check → plan → apply: the one entry of the game services (dice, plinko, box
// openings). It picks the executor: a call with an Idempotency-Key (its answer is remembered in the
// same transaction) runs in a Kysely transaction; otherwise SQLite runs ONE synchronous job of the
// group commit and PostgreSQL ONE call of la_apply_bet on the cached pair. A stale pair on
// PostgreSQL, or a player without pairs on SQLite, re-plans once in a Kysely transaction that reads
// the pair under the user-row lock (so it cannot be stale again). A bet may come with a pending
// token (plugins/auth.ts, modules/auth/token-cache.ts): la_apply_bet checks it on a cached pair, any
// other way looks it up before anything else (401 when it is no longer valid).
import type { Database } from '../db/database.ts';
import { canTransactSync, transact, transactSync } from '../db/transact.ts';
import { lockUserRows } from '../modules/wallet/ledger.ts';
import type { Remember } from '../modules/wallet/idempotency.ts';
import type { PendingToken } from '../modules/auth/token-cache.ts';
import { applyPlanSync, readPlayerSync } from './apply-sqlite.ts';
import { applyPlanIn } from './apply-kysely.ts';
import { applyPlanPg } from './apply-pg.ts';
import { cachedPair, forgetPair, hasCachedPair, lockedPair, pairTaken } from './pairs.ts';
import { StalePair, type Applied, type BetPlan, type SeedPair } from './plan.ts';

/** One instant bet as a game service hands it over. */
export interface InstantBet<R, O = unknown> {
  userId: number;
  now: number; // epoch ms
  nonces: number; // how many nonces its plan consumes
  plan: (pair: SeedPair) => BetPlan<O>; // pure: the game's planner on this pair
  answer: (plan: BetPlan<O>, applied: Applied) => R; // what the service answers
  lockUserIds?: number[]; // other user rows its moves may change (a custom box's creator)
  remember?: Remember<R>; // an Idempotency-Key's first answer, stored in the bet's transaction
  token?: PendingToken; // the player's access token when it is still to be checked
}

/** How a route hands a bet to its service: an Idempotency-Key's `remember`, a pending token. */
export interface BetCall<R> {
  remember?: Remember<R>;
  token?: PendingToken;
}

/** Places `bet` (see the file comment). */
export async function placeBet<R, O>(database: Database, bet: InstantBet<R, O>): Promise<R> {
  const onPg = !bet.remember && database.dialect === 'postgres';
  if (bet.token && !(onPg && hasCachedPair(database, bet.userId))) await bet.token.confirm();
  if (!bet.remember && canTransactSync(database)) {
    const placed = await transactSync(database, (sqlite) => {
      const player = readPlayerSync(sqlite, bet.userId); // the user row and pair in one read
      if (!player.pair) return null; // a first bet (or no user): the transaction below creates the pairs
      const plan = bet.plan(player.pair);
      return { answer: bet.answer(plan, applyPlanSync(sqlite, plan, player)) };
    });
    if (placed) return placed.answer;
  } else if (onPg) {
    const pair = await cachedPair(database, bet.userId, bet.nonces, bet.now);
    try {
      const plan = bet.plan(pair);
      return bet.answer(plan, await applyPlanPg(database, plan, bet.token));
    } catch (e) {
      forgetPair(database, bet.userId);
      if (!(e instanceof StalePair)) throw e;
    }
  }
  return placeLocked(database, bet);
}

/** Executor 1 with the pair read under the user-row lock. */
async function placeLocked<R, O>(database: Database, bet: InstantBet<R, O>): Promise<R> {
  const { answer, pair } = await transact(database, async (trx) => {
    await lockUserRows(trx, [bet.userId, ...(bet.lockUserIds ?? [])]); // lock order: user rows, then the pair
    const pair = await lockedPair(trx, database.dialect, bet.userId, bet.now);
    const plan = bet.plan(pair);
    const answer = bet.answer(plan, await applyPlanIn(trx, plan));
    await bet.remember?.(trx, answer);
    return { answer, pair };
  });
  pairTaken(database, pair, bet.userId, bet.nonces);
  return answer;
}

/** A bet of one nonce whose answer is its first row (dice, plinko): `{ bet, balanceCents, userName }`
 * and the service's `extra` fields. */
export type RowBetAnswer<B, E> = { bet: B; balanceCents: number; userName?: string } & E;

/** Places a one-nonce bet answered by its first row, `toBet(row values, row id)`. */
export function placeRowBet<Row, B, E extends object, O>(
  database: Database,
  who: { userId: number; now: number } & BetCall<RowBetAnswer<B, E>>,
  plan: (pair: SeedPair) => BetPlan<O>,
  toBet: (row: Row, id: number) => B,
  extra: E,
): Promise<RowBetAnswer<B, E>> {
  return placeBet(database, {
    ...who,
    nonces: 1,
    plan,
    answer: (made, applied) => ({
      ...extra,
      bet: toBet(made.rows[0]!.values as unknown as Row, applied.ids[0]!),
      balanceCents: applied.balances.get(who.userId)!,
      userName: applied.userName,
    }),
  });
}
