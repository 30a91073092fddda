// A plinko drop on SQLite as ONE synchronous job of the group commit (transactSync): the same steps,
// rows and errors as placePlinkoBet's Kysely transaction, on prepared statements (db/hot/statements.ts).
import type SQLite from 'better-sqlite3';
import { insertedId, writerStatements } from '../../db/hot/statements.ts';
import { assertDebitSync } from '../wallet/ledger-sync.ts';
import { takeNonceSync } from '../fair/fair.repository.ts';
import { plinkoTableKey } from '../../../shared/economics/house-edge.ts';
import { applyBetMovesSync } from '../wallet/bet-moves.ts';
import type { PlinkoBetBody } from '../../../shared/api/plinko.ts';
import { plinkoOutcome } from '../../../shared/games/plinko/plinko.outcome.ts';
import { PLINKO_KINDS, plinkoBetRow, toBet } from './plinko.repository.ts';
import type { PlacedPlinko } from './plinko.repository.ts';

/** A checked drop (plinko.service checkBet) ready to settle. */
export interface CheckedPlinkoBet {
  userId: number;
  body: PlinkoBetBody;
  amountCents: number;
  payoutCents: (multiplier: number) => number; // plinko.service plinkoPayoutCents for this stake
  now: number; // epoch ms
}

/** Settles the drop; null (nothing written) when the player has no active seed pair yet: the caller
 * then takes the Kysely path, which creates the pairs. */
export function settlePlinkoBetSync(sqlite: SQLite.Database, b: CheckedPlinkoBet): PlacedPlinko | null {
  const s = writerStatements(sqlite);
  const user = assertDebitSync(sqlite, b.userId, b.amountCents, PLINKO_KINDS.bet, b.now); // refusals before the first write
  const pair = takeNonceSync(sqlite, b.userId);
  if (!pair) return null;
  const seeds = { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: pair.nonce };
  const outcome = plinkoOutcome(seeds, b.body.rows, b.body.risk);
  const payoutCents = b.payoutCents(outcome.multiplier);
  const row = plinkoBetRow({
    userId: b.userId,
    amountCents: b.amountCents,
    payoutCents,
    body: b.body,
    outcome,
    pair,
    now: b.now,
  });
  const id = insertedId(
    s.insertPlinkoBet.run(
      row.user_id,
      row.amount_cents,
      row.payout_cents,
      row.rows,
      row.risk,
      row.path,
      row.bucket,
      row.multiplier,
      row.server_seed_hash,
      row.client_seed,
      row.nonce,
      row.created_at,
    ),
  );
  const { balanceAfterCents, userName } = applyBetMovesSync(
    sqlite,
    {
      game: 'plinko',
      kinds: PLINKO_KINDS,
      table: plinkoTableKey(b.body.rows, b.body.risk),
      userId: b.userId,
      betId: id,
      pair,
      amountCents: b.amountCents,
      payoutCents,
      now: b.now,
    },
    user,
  );
  return { bet: toBet(row, id), balanceCents: balanceAfterCents, amountCents: b.amountCents, userName };
}
