// Refunds of a waiting battle, each ONE transaction with the state change it pays for (user rows locked
// first, then the battle row): the creator's cancel and the expiry (every seat refunded to whoever paid
// it, the battle waiting → canceled once), and a joiner's leave (their seat given up and refunded, the
// seat open again). Refunds are plain credits of kind 'battle_refund' keyed by the stake they return
// (refundKey: battle:{id}:refund:{seat}[:{take}]), so no stake is ever refunded twice.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { transact } from '../../db/transact.ts';
import type { Tables } from '../../db/tables.ts';
import { HttpError } from '../../http/errors.ts';
import { BATTLE_WAIT_MS } from '../../../shared/api/battles.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import { findBattle, findSeats, type BattleRow, type SeatRow } from './battles.repository.ts';
import { refundKey, waitingBattle } from './battles.service.ts';

type Trx = Transaction<Tables>;

/** Thrown inside a refund when a payer appeared after the user rows were locked: run it again. */
class PayersChanged extends Error {}

/** What a cancel or an expiry refunded: the balance of every payer after the refund. */
export interface CancelResult {
  id: number;
  balances: Map<number, number>; // payer id → cents
  refundedCents: number; // every seat's cost
  reason: 'canceled' | 'expired';
}

/** What a leave refunded. */
export interface LeaveResult {
  id: number;
  seat: number; // the seat given up
  userId: number; // the player who left (and paid the seat)
  balanceCents: number; // their balance after the refund
  refundedCents: number; // the seat's cost
}

/** Credits the stake of `seat` back to its payer; the new balance. */
async function refundSeat(trx: Trx, battle: BattleRow, seat: SeatRow, now: number): Promise<number> {
  const { balanceAfterCents } = await applyMoveIn(trx, {
    userId: seat.payer_id,
    deltaCents: Number(battle.cost_cents),
    kind: 'battle_refund',
    reference: `battle:${battle.id}`,
    idempotencyKey: refundKey(battle.id, seat.seat, seat.take),
    now,
  });
  return balanceAfterCents;
}

/**
 * Moves the locked battle waiting → canceled and refunds every seat; PayersChanged when a seat's
 * payer is not among the locked rows (a join committed after they were read).
 */
async function closeAndRefund(
  trx: Trx,
  battle: BattleRow,
  seats: SeatRow[],
  payers: number[],
  now: number,
  reason: CancelResult['reason'],
): Promise<CancelResult | null> {
  if (seats.some((s) => !payers.includes(s.payer_id))) throw new PayersChanged();
  const closed = await trx
    .updateTable('battles')
    .set({ status: 'canceled', ended_at: now })
    .where('id', '=', battle.id)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) !== 1) return null;
  const balances = new Map<number, number>();
  for (const s of seats) balances.set(s.payer_id, await refundSeat(trx, battle, s, now));
  return { id: battle.id, balances, refundedCents: Number(battle.cost_cents) * seats.length, reason };
}

/** Runs `work` with every current payer of the battle (and `extra`) locked, again if a payer appeared. */
async function withPayersLocked<T>(
  database: Database,
  id: number,
  extra: number[],
  work: (trx: Trx, payers: number[]) => Promise<T>,
): Promise<T> {
  for (;;) {
    const payers = [...new Set([...extra, ...(await findSeats(database.db, [id])).map((s) => s.payer_id)])];
    try {
      return await transact(database, async (trx) => {
        await lockUserRows(trx, payers);
        return work(trx, payers);
      });
    } catch (e) {
      if (!(e instanceof PayersChanged)) throw e;
    }
  }
}

/** POST /api/battles/{id}/cancel: the creator, while waiting; every seat refunded to its payer. */
export async function cancelBattle(database: Database, userId: number, id: number, now: number): Promise<CancelResult> {
  return withPayersLocked(database, id, [userId], async (trx, payers) => {
    const { battle, seats } = await waitingBattle(database, trx, id, { userId });
    if (battle.creator_id !== userId) throw new HttpError(403, 'Only the creator of the battle can cancel it.');
    const result = await closeAndRefund(trx, battle, seats, payers, now, 'canceled');
    if (!result) throw new HttpError(409, 'This battle was canceled.');
    return result;
  });
}

/**
 * Cancels battle `id` if it is still waiting BATTLE_WAIT_MS after its creation, refunding every seat;
 * null when it is not (started, already canceled or expired by another instance, or not due).
 */
export async function expireBattle(database: Database, id: number, now: number): Promise<CancelResult | null> {
  return withPayersLocked(database, id, [], async (trx, payers) => {
    const battle = await findBattle(trx, id, database.dialect);
    if (!battle || battle.status !== 'waiting' || Number(battle.created_at) + BATTLE_WAIT_MS > now) return null;
    return closeAndRefund(trx, battle, await findSeats(trx, [id]), payers, now, 'expired');
  });
}

/** POST /api/battles/{id}/leave: a joiner gives up their seat of a waiting battle and is refunded once. */
export async function leaveBattle(database: Database, userId: number, id: number, now: number): Promise<LeaveResult> {
  return transact(database, async (trx) => {
    await lockUserRows(trx, [userId]);
    const { battle, seats } = await waitingBattle(database, trx, id, { userId });
    const mine = seats.find((s) => s.user_id === userId);
    if (!mine) throw new HttpError(409, 'You are not in this battle.');
    if (battle.creator_id === userId)
      throw new HttpError(409, 'The creator cannot leave the battle; cancel it to refund every seat.');
    if (mine.payer_id !== userId) throw new Error(`seat ${mine.seat} of battle ${id} was paid by another player`);
    await trx.deleteFrom('battle_seats').where('battle_id', '=', id).where('seat', '=', mine.seat).execute();
    await trx
      .updateTable('battles')
      .set((eb) => ({ leaves: eb('leaves', '+', 1) }))
      .where('id', '=', id)
      .execute();
    const balanceCents = await refundSeat(trx, battle, mine, now);
    return { id, seat: mine.seat, userId, balanceCents, refundedCents: Number(battle.cost_cents) };
  });
}
