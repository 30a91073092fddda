// A dice bet on SQLite as ONE synchronous job of the group commit (transactSync): the same steps,
// rows and errors as placeDiceBet's Kysely transaction, on prepared statements (db/hot/statements.ts).
import type SQLite from 'better-sqlite3';
import { insertedId, writerStatements } from '../../db/hot/statements.ts';
import { assertDebitSync } from '../wallet/ledger-sync.ts';
import { takeNonceSync } from '../fair/fair.repository.ts';
import { applyBetMovesSync } from '../wallet/bet-moves.ts';
import { DICE_KINDS, diceBetRow, toBet, type CheckedDiceBet, type PlacedBet } from './dice.repository.ts';

/** Settles the bet; null (nothing written) when the player has no active seed pair yet: the caller
 * then takes the Kysely path, which creates the pairs. */
export function settleDiceBetSync(sqlite: SQLite.Database, b: CheckedDiceBet): PlacedBet | null {
  const s = writerStatements(sqlite);
  const user = assertDebitSync(sqlite, b.userId, b.amountCents, DICE_KINDS.bet, b.now); // refusals before the first write
  const pair = takeNonceSync(sqlite, b.userId);
  if (!pair) return null;
  const r = diceBetRow(b, pair);
  const id = insertedId(
    s.insertDiceBet.run(
      r.user_id,
      r.amount_cents,
      r.payout_cents,
      r.target_bp,
      r.direction,
      r.roll_bp,
      r.multiplier,
      r.win,
      r.server_seed_hash,
      r.client_seed,
      r.nonce,
      r.created_at,
    ),
  );
  const { balanceAfterCents, userName } = applyBetMovesSync(
    sqlite,
    {
      game: 'dice',
      kinds: DICE_KINDS,
      table: '',
      userId: b.userId,
      betId: id,
      pair,
      amountCents: r.amount_cents,
      payoutCents: r.payout_cents,
      now: b.now,
    },
    user,
  );
  return {
    bet: toBet(r, id),
    balanceCents: balanceAfterCents,
    amountCents: b.amountCents,
    userName,
    createdAt: b.now,
  };
}
