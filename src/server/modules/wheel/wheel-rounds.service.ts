// A Crazy Wheel round's life on the database, for the round loop: create, move through the
// statuses (each change a conditional UPDATE written before anything is broadcast) and settle
// every active bet exactly once when the round ends. Times come from the caller (the loop's clock).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Tables } from '../../db/tables.ts';
import { transact } from '../../db/transact.ts';
import { wheelPayoutCents } from '../../../shared/games/wheel/wheel.layout.ts';
import { wheelOutcome, wheelSeeds, type WheelOutcome } from '../../../shared/games/wheel/wheel.outcome.ts';
import { WHEEL_TIMING } from '../../../shared/games/wheel/wheel.timing.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import { daySeed, ensureDaySeeds, utcDate } from './wheel-seeds.service.ts';
import { findRound, type RoundRow } from './wheel.repository.ts';

/** The status each loop-driven status moves to. */
const NEXT = { new: 'starting', starting: 'pending', pending: 'in_progress' } as const;

/** Opens a round (status new) on today's seed, committing today's and tomorrow's seeds first. */
export async function createRound(db: Kysely<Tables>, now: number): Promise<RoundRow> {
  await ensureDaySeeds(db, now);
  const { id } = await db
    .insertInto('wheel_rounds')
    .values({ status: 'new', seed_date: utcDate(now), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findRound(db, Number(id)))!;
}

/**
 * Moves a round from `from` to the next status at `now` (new → starting opens the betting window
 * of WHEEL_TIMING.bettingMs). Returns the updated round, or null when it was not in `from` (another
 * process moved it first).
 */
export async function advanceRound(
  db: Kysely<Tables>,
  id: number,
  from: 'new' | 'starting' | 'pending',
  now: number,
): Promise<RoundRow | null> {
  const to = NEXT[from]!;
  const values =
    to === 'starting'
      ? { status: to, starting_at: now, betting_ends_at: now + WHEEL_TIMING.bettingMs }
      : to === 'pending'
        ? { status: to, pending_at: now }
        : { status: to, in_progress_at: now };
  const result = await db
    .updateTable('wheel_rounds')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return (await findRound(db, id))!;
}

/** The committed result of a round, from its day's server seed, public seed and id. */
export async function roundOutcome(db: Kysely<Tables>, round: RoundRow): Promise<WheelOutcome> {
  const seed = await daySeed(db, round.seed_date);
  return wheelOutcome(wheelSeeds(seed.server_seed, seed.public_seed, Number(round.id)));
}

/** A settled bet for the `wheel:bets` events after commit. */
export interface SettledBet {
  id: number;
  userId: number;
  won: boolean;
  payoutCents: number;
  balanceCents: number | null; // the winner's balance after the payout
}

/**
 * Ends an in-progress round with its committed segment and settles its active bets in ONE
 * transaction: every bet exactly once (conditional updates, ledger keys `wheel:win:{bet}`).
 * Returns null when the round was not in progress (already ended by another process).
 */
export async function endRound(
  database: Database,
  id: number,
  now: number,
): Promise<{ round: RoundRow; outcome: WheelOutcome; bets: SettledBet[] } | null> {
  const round = await findRound(database.db, id);
  if (!round || round.status !== 'in_progress') return null;
  const outcome = await roundOutcome(database.db, round);
  const settled = await transact(database, async (trx) => {
    const active = await trx
      .selectFrom('wheel_bets')
      .select(['id', 'user_id', 'color', 'amount_cents'])
      .where('round_id', '=', id)
      .where('status', '=', 'active')
      .orderBy('id')
      .execute();
    await lockUserRows(
      trx,
      active.map((b) => Number(b.user_id)),
    );
    const ended = await trx
      .updateTable('wheel_rounds')
      .set({ status: 'ended', ended_at: now, segment: outcome.segment })
      .where('id', '=', id)
      .where('status', '=', 'in_progress')
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) === 0) return null;
    const bets: SettledBet[] = [];
    for (const bet of active) {
      const won = bet.color === outcome.color;
      const payoutCents = won ? wheelPayoutCents(Number(bet.amount_cents), bet.color) : 0;
      await trx
        .updateTable('wheel_bets')
        .set({ status: won ? 'won' : 'lost', payout_cents: payoutCents, settled_at: now })
        .where('id', '=', bet.id)
        .where('status', '=', 'active')
        .execute();
      let balanceCents: number | null = null;
      if (won) {
        ({ balanceAfterCents: balanceCents } = await applyMoveIn(trx, {
          userId: Number(bet.user_id),
          deltaCents: payoutCents,
          kind: 'wheel_win',
          reference: `wheel_bet:${bet.id}`,
          idempotencyKey: `wheel:win:${bet.id}`,
          now,
        }));
      }
      bets.push({ id: Number(bet.id), userId: Number(bet.user_id), won, payoutCents, balanceCents });
    }
    return bets;
  });
  if (!settled) return null;
  return { round: (await findRound(database.db, id))!, outcome, bets: settled };
}

/** When the status of `round` is over (ms epoch); null for `ended`'s successor, which is a new round. */
export function statusEndsAt(round: RoundRow): number {
  switch (round.status) {
    case 'new':
      return Number(round.created_at);
    case 'starting':
      return Number(round.betting_ends_at);
    case 'pending':
      return Number(round.pending_at) + WHEEL_TIMING.pendingMs;
    case 'in_progress':
      return Number(round.in_progress_at) + WHEEL_TIMING.spinMs;
    case 'ended':
      return Number(round.ended_at) + WHEEL_TIMING.endedMs;
  }
}
