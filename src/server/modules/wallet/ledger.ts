// The single way money moves: in ONE transaction, a conditional balance update (never below 0)
// and a ledger row keyed by an idempotency key. A replayed key returns the first result.
// A wager debit (shared/economics/house-edge.ts WAGER_KINDS) of a self-excluded player is refused
// here (403 naming the end date), so every game, present or future, inherits the exclusion. A wager
// counts for XP, "wagered" and the programmes only when it settles (settled-wagers.ts): a stake
// that settles in its own transaction (instant games) says so with `settlesOn`, and is credited in
// the same UPDATE; other stakes are credited by creditSettledWager when they settle.
import { isUniqueViolation } from '../../db/unique-violation.ts';

import { SqliteAdapter, type Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Tables } from '../../db/tables.ts';
import { HttpError } from '../../http/errors.ts';
import { SelfExcluded, excludedUntil } from '../responsible-play/exclusion.ts';
import { raisedLevel, wagerOfMove } from './settled-wagers.ts';
import { asCents, type Cents } from '../../../shared/money.ts';

/** A balance change to apply. */
export interface Move {
  userId: number;
  deltaCents: number; // signed integer cents
  kind: string;
  reference: string | null;
  idempotencyKey: string;
  now: number; // epoch ms
  /** A wager stake that settles in this same transaction (an instant game): the table it was played
   * on ('' for one-table games). It is credited at once; without it a stake is credited when it settles. */
  settlesOn?: string;
}

/** The ledger row of `move`, leaving the balance at `balanceAfterCents` (every path writes this). */
export function ledgerRow(move: Move, balanceAfterCents: number) {
  return {
    user_id: move.userId,
    delta_cents: move.deltaCents,
    balance_after_cents: balanceAfterCents,
    kind: move.kind,
    reference: move.reference,
    idempotency_key: move.idempotencyKey,
    created_at: move.now,
  };
}

/** What a move did; `replayed` when the key had been used before. */
export interface MoveResult {
  ledgerId: number;
  balanceAfterCents: Cents;
  replayed: boolean;
}

/** Raised when a debit exceeds the balance. */
export class InsufficientFunds extends HttpError {
  constructor() {
    super(422, 'Insufficient balance.', { amount: ['Insufficient balance.'] });
  }
}

type Trx = Transaction<Tables>;

/** Applies a move inside an open transaction (for services that do more in the same one). */
export async function applyMoveIn(trx: Trx, move: Move): Promise<MoveResult> {
  if (!Number.isSafeInteger(move.deltaCents)) throw new Error(`delta must be integer cents, got ${move.deltaCents}`);
  const prior = await trx
    .selectFrom('ledger')
    .select(['id', 'balance_after_cents', 'user_id', 'delta_cents'])
    .where('idempotency_key', '=', move.idempotencyKey)
    .executeTakeFirst();
  if (prior) {
    if (prior.user_id !== move.userId || prior.delta_cents !== move.deltaCents) {
      throw new HttpError(409, 'This request was already used for a different operation.');
    }
    return { ledgerId: prior.id, balanceAfterCents: asCents(prior.balance_after_cents), replayed: true };
  }
  // a wager debit that settles now also adds to wagered_cents and edge_units (XP: its expected house
  // profit) in the same UPDATE; level follows the curve
  const { wager, settled } = wagerOfMove(move);
  const updated = await trx
    .updateTable('users')
    .set((eb) =>
      settled
        ? {
            balance_cents: eb('balance_cents', '+', move.deltaCents),
            wagered_cents: eb('wagered_cents', '+', settled.stake_cents),
            edge_units: eb('edge_units', '+', settled.edge_units),
          }
        : { balance_cents: eb('balance_cents', '+', move.deltaCents) },
    )
    .where('id', '=', move.userId)
    .where('balance_cents', '>=', -move.deltaCents)
    .$if(wager > 0, (qb) =>
      qb.where((eb) => eb.or([eb('self_excluded_until', 'is', null), eb('self_excluded_until', '<=', move.now)])),
    )
    .returning(['balance_cents', 'edge_units', 'level'])
    .executeTakeFirst();
  if (!updated) {
    const exists = await trx.selectFrom('users').select('id').where('id', '=', move.userId).executeTakeFirst();
    if (!exists) throw new HttpError(404, 'User not found.');
    const until = wager ? await excludedUntil(trx, move.userId, move.now) : null;
    if (until !== null) throw new SelfExcluded(until);
    throw new InsufficientFunds();
  }
  if (settled) {
    await trx.insertInto('settled_wagers').values(settled).execute();
    const level = raisedLevel(Number(updated.edge_units), Number(updated.level));
    if (level !== null) await trx.updateTable('users').set({ level }).where('id', '=', move.userId).execute();
  }
  const row = await trx
    .insertInto('ledger')
    .values(ledgerRow(move, updated.balance_cents))
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ledgerId: row.id, balanceAfterCents: asCents(updated.balance_cents), replayed: false };
}

/** Applies one move in its own transaction. A concurrent replay of the same key resolves to the first. */
export async function applyMove(db: DB, move: Move): Promise<MoveResult> {
  try {
    return await db.transaction().execute((trx) => applyMoveIn(trx, move));
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    return db.transaction().execute((trx) => applyMoveIn(trx, move));
  }
}

/**
 * THE LOCK ORDER of every money transaction (see README "Lock order"): first the user rows
 * whose balance it may change, in ascending id, taken here before anything else; then the
 * player's seed pair (takeNonce); then items in ascending id; then the rest. On PostgreSQL a
 * SELECT … FOR NO KEY UPDATE (the lock an UPDATE of the balance takes, without writing a row
 * version); on SQLite nothing to do: every transaction begins IMMEDIATE and already holds the
 * database's one write lock.
 */
export async function lockUserRows(trx: Trx, userIds: number[]): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  for (const id of [...new Set(userIds)].sort((a, b) => a - b)) {
    await trx.selectFrom('users').select('id').where('id', '=', id).forNoKeyUpdate().execute();
  }
}
