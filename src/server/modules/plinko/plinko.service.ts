// A plinko drop in ONE transaction: take the nonce of the user's active pair (the pair dice uses),
// compute the path with the shared outcome, record the bet, debit the stake and credit the payout
// through the ledger. Published only after commit. On PostgreSQL a drop without an Idempotency-Key
// runs as one statement instead (plinko.pg-bet.ts), on SQLite as one synchronous job in the group
// commit (plinko.sqlite-bet.ts).
import type { Database } from '../../db/database.ts';
import { canTransactSync, transact, transactSync } from '../../db/transact.ts';
import { fieldError } from '../../http/errors.ts';
import { lockUserRows } from '../wallet/ledger.ts';
import type { Remember } from '../wallet/idempotency.ts';
import { takeNextNonce } from '../fair/fair.service.ts';
import { PLINKO_LIMITS, type PlinkoBetBody } from '../../../shared/api/plinko.ts';
import { plinkoTable } from '../../../shared/fair/index.ts';
import { plinkoTableKey } from '../../../shared/economics/house-edge.ts';
import { plinkoOutcome } from '../../../shared/games/plinko/plinko.outcome.ts';
import { PLINKO_KINDS, plinkoBetRow, toBet, type PlacedPlinko } from './plinko.repository.ts';
import { applyBetMoves } from '../wallet/bet-moves.ts';
import { placePlinkoBetPg } from './plinko.pg-bet.ts';
import { settlePlinkoBetSync } from './plinko.sqlite-bet.ts';

/** Payout in cents: floor(amount × multiplier); the tables have one decimal, so integer arithmetic. */
export function plinkoPayoutCents(amountCents: number, multiplier: number): number {
  return Math.floor((amountCents * Math.round(multiplier * 10)) / 10);
}

/** Validates the amount against the limits and the table's top multiplier; returns the stake in cents. */
export function checkBet(body: PlinkoBetBody): number {
  const amountCents = Math.round(body.amount * 100);
  const { minBetCents, maxBetCents, maxPayoutCents } = PLINKO_LIMITS;
  if (amountCents < minBetCents || amountCents > maxBetCents)
    throw fieldError(
      'amount',
      `The amount must be between $${(minBetCents / 100).toFixed(2)} and $${(maxBetCents / 100).toFixed(2)}.`,
    );
  const top = Math.max(...plinkoTable(body.rows, body.risk));
  if (plinkoPayoutCents(amountCents, top) > maxPayoutCents)
    throw fieldError(
      'amount',
      `The potential payout exceeds the maximum of $${(maxPayoutCents / 100).toFixed(2)}: lower the amount or the risk.`,
    );
  return amountCents;
}

/** Places one drop for `userId`. */
export async function placePlinkoBet(
  database: Database,
  userId: number,
  body: PlinkoBetBody,
  now: number,
  remember?: Remember<PlacedPlinko>, // stores the first answer of an Idempotency-Key in this transaction
): Promise<PlacedPlinko> {
  const amountCents = checkBet(body);
  const payoutCents = (multiplier: number) => plinkoPayoutCents(amountCents, multiplier);
  if (!remember && database.dialect === 'postgres') {
    // one statement (plinko.pg-bet.ts); Idempotency-Key calls stay below
    return placePlinkoBetPg(database, userId, { body, amountCents, payoutCents }, now);
  }
  if (!remember && canTransactSync(database)) {
    // SQLite hot path: one synchronous job (plinko.sqlite-bet.ts); Idempotency-Key calls stay below
    const checked = { userId, body, amountCents, payoutCents, now };
    const placed = await transactSync(database, (sqlite) => settlePlinkoBetSync(sqlite, checked));
    if (placed) return placed; // null: no seed pair yet, the path below creates it
  }
  return transact(database, async (trx) => {
    await lockUserRows(trx, [userId]); // lock order: the user row before the seed row (wallet README)
    const pair = await takeNextNonce(trx, userId, now);
    const seeds = { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: pair.nonce };
    const outcome = plinkoOutcome(seeds, body.rows, body.risk);
    const { multiplier } = outcome;
    const payoutCents = plinkoPayoutCents(amountCents, multiplier);
    const row = plinkoBetRow({ userId, amountCents, payoutCents, body, outcome, pair, now });
    const { id } = await trx.insertInto('plinko_bets').values(row).returning('id').executeTakeFirstOrThrow();
    const balanceAfterCents = await applyBetMoves(trx, {
      game: 'plinko',
      kinds: PLINKO_KINDS,
      table: plinkoTableKey(body.rows, body.risk),
      userId,
      betId: id,
      pair,
      amountCents,
      payoutCents,
      now,
    });
    const placed = { bet: toBet(row, id), balanceCents: balanceAfterCents, amountCents };
    await remember?.(trx, placed);
    return placed;
  });
}
