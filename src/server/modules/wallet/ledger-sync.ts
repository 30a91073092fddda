// ledger.ts applyMoveIn for the synchronous SQLite hot path (transactSync): the same checks, the
// same conditional UPDATE (wager, edge units, level, self-exclusion), the same ledger row and the
// same errors, on prepared statements of the writer connection.
import type SQLite from 'better-sqlite3';
import { insertedId, writerStatements, type LedgerValues, type SettledWagerValues } from '../../db/hot/statements.ts';
import { HttpError } from '../../http/errors.ts';
import { refuseIfExcluded } from '../responsible-play/exclusion.ts';
import { WAGER_KINDS } from '../../../shared/economics/house-edge.ts';
import { raisedLevel, wagerOfMove, type SettledWagerRow } from './settled-wagers.ts';
import { InsufficientFunds, type Move, type MoveResult } from './ledger.ts';
import { asCents } from '../../../shared/money.ts';

/**
 * Applies a move inside the open transaction of a synchronous job (see applyMoveIn). `freshKey`:
 * the key names a nonce this job just took, so it cannot have been used and the lookup of an
 * earlier move is skipped (the key's unique index still refuses a duplicate).
 */
export function applyMoveSync(sqlite: SQLite.Database, move: Move & { freshKey?: boolean }): MoveResult {
  if (!Number.isSafeInteger(move.deltaCents)) throw new Error(`delta must be integer cents, got ${move.deltaCents}`);
  const s = writerStatements(sqlite);
  const prior = move.freshKey
    ? undefined
    : (s.ledgerByKey.get(move.idempotencyKey) as
        { id: number; balance_after_cents: number; user_id: number; delta_cents: number } | undefined);
  if (prior) {
    if (prior.user_id !== move.userId || prior.delta_cents !== move.deltaCents) {
      throw new HttpError(409, 'This request was already used for a different operation.');
    }
    return { ledgerId: prior.id, balanceAfterCents: asCents(prior.balance_after_cents), replayed: true };
  }
  const { wager, settled } = wagerOfMove(move);
  const { changes } = wager
    ? s.wagerDebit.run({
        delta: move.deltaCents,
        wager: settled?.stake_cents ?? 0, // a stake that settles later is credited then (settled-wagers.ts)
        edge: settled?.edge_units ?? 0,
        id: move.userId,
        need: -move.deltaCents,
        now: move.now,
      })
    : s.plainMove.run({ delta: move.deltaCents, id: move.userId, need: -move.deltaCents });
  if (changes === 0) refuseMove(sqlite, move.userId, -move.deltaCents, move.kind, move.now);
  const updated = s.userRow.get(move.userId) as BetUser;
  if (settled) {
    s.insertSettledWager.run(...settledWagerValues(settled));
    raiseLevelSync(sqlite, move.userId, Number(updated.edge_units), Number(updated.level));
  }
  const ledgerId = insertedId(s.insertLedger.run(...ledgerValues(move, updated.balance_cents)));
  return { ledgerId, balanceAfterCents: asCents(updated.balance_cents), replayed: false };
}

/** Throws why a conditional UPDATE of the users row refused a move of `cents` (see assertDebitSync). */
export function refuseMove(sqlite: SQLite.Database, userId: number, cents: number, kind: string, now: number): never {
  assertDebitSync(sqlite, userId, cents, kind, now);
  throw new InsufficientFunds(); // as before, when the read finds no other reason
}

/** Raises the player's level to what `edgeUnits` (after a wager) reach; never lowers it. */
export function raiseLevelSync(sqlite: SQLite.Database, userId: number, edgeUnits: number, level: number): void {
  const reached = raisedLevel(edgeUnits, level);
  if (reached !== null) writerStatements(sqlite).setLevel.run(reached, userId);
}

/** insertSettledWager's parameters for a settled_wagers row (settled-wagers.ts settledWagerRow). */
export function settledWagerValues(r: SettledWagerRow): SettledWagerValues {
  return [r.user_id, r.kind, r.table_key, r.stake_cents, r.edge_units, r.wager_key, r.settled_at];
}

/** The user row a bet checks and goes on from (writerStatements userRow). */
export interface BetUser {
  balance_cents: number;
  self_excluded_until: number | null;
  edge_units: number;
  level: number;
  name: string;
}

/**
 * Throws, without writing anything, why a debit of `cents` of `kind` by `userId` is refused: 404
 * without such a user, SelfExcluded for a wager while self-excluded, then InsufficientFunds; else
 * the user row as it is. The hot jobs call it before their first write, so a refused bet has
 * nothing to roll back (the group commit runs their batches without savepoints, db/transact.ts);
 * applyMoveSync calls it to name the reason its conditional UPDATE refused a move.
 */
export function assertDebitSync(
  sqlite: SQLite.Database,
  userId: number,
  cents: number,
  kind: string,
  now: number,
): BetUser {
  const row = writerStatements(sqlite).userRow.get(userId) as BetUser | undefined;
  if (!row) throw new HttpError(404, 'User not found.');
  if (cents > 0 && WAGER_KINDS.includes(kind)) refuseIfExcluded(row, now);
  if (Number(row.balance_cents) < cents) throw new InsufficientFunds();
  return row;
}

/** insertLedger's parameters for `move` (the ledger.ts ledgerRow every path writes), leaving the
 * balance at `balanceAfterCents`. */
export function ledgerValues(move: Move, balanceAfterCents: number): LedgerValues {
  return [move.userId, move.deltaCents, balanceAfterCents, move.kind, move.reference, move.idempotencyKey, move.now];
}
