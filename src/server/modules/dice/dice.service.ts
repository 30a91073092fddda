// A dice bet in ONE transaction: take the nonce of the user's active pair, roll, record the bet,
// debit the stake and credit the win through the ledger. Published only after commit. On
// PostgreSQL a bet without an Idempotency-Key runs as one statement instead (dice.pg-bet.ts), on
// SQLite as one synchronous job in the group commit (dice.sqlite-bet.ts).
import type { Database } from '../../db/database.ts';
import { canTransactSync, transact, transactSync } from '../../db/transact.ts';
import { fieldError } from '../../http/errors.ts';
import { lockUserRows } from '../wallet/ledger.ts';
import type { Remember } from '../wallet/idempotency.ts';
import { takeNextNonce } from '../fair/fair.service.ts';
import { DICE_LIMITS, type DiceBetBody } from '../../../shared/api/dice.ts';
import { diceBasisPoints, diceChanceBp, diceMultiplierBp, diceTargetBpError } from '../../../shared/fair/index.ts';
import { DICE_KINDS, diceBetRow, toBet, type PlacedBet } from './dice.repository.ts';
import { applyBetMoves } from '../wallet/bet-moves.ts';
import { placeDiceBetPg } from './dice.pg-bet.ts';
import { settleDiceBetSync } from './dice.sqlite-bet.ts';

/** Validates amount/target/direction against the rules and limits; returns stake, target and chance in bp. */
export function checkBet(body: DiceBetBody): { amountCents: number; targetBp: number; chanceBp: number } {
  const amountCents = Math.round(body.amount * 100);
  const min = DICE_LIMITS.minBetCents / 100;
  const max = DICE_LIMITS.maxBetCents / 100;
  if (amountCents < DICE_LIMITS.minBetCents || amountCents > DICE_LIMITS.maxBetCents)
    throw fieldError('amount', `The amount must be between $${min.toFixed(2)} and $${max.toFixed(2)}.`);
  const targetBp = diceBasisPoints(body.target);
  if (targetBp === null) throw fieldError('target', 'The target must have at most 2 decimals.');
  const targetError = diceTargetBpError(targetBp, body.direction);
  if (targetError) throw fieldError('target', targetError);
  const chanceBp = diceChanceBp(targetBp, body.direction);
  if (potentialPayoutCents(amountCents, chanceBp) > DICE_LIMITS.maxPayoutCents) {
    throw fieldError(
      'amount',
      `The potential payout exceeds the maximum of $${(DICE_LIMITS.maxPayoutCents / 100).toFixed(2)}: lower the amount or raise the chance.`,
    );
  }
  return { amountCents, targetBp, chanceBp };
}

/** Payout of a win in cents: floor(amount × 99 / chance%), integer arithmetic. */
export function potentialPayoutCents(amountCents: number, chanceBp: number): number {
  return Math.floor((amountCents * 9900) / chanceBp);
}

/** Places one bet for `userId`. */
export async function placeDiceBet(
  database: Database,
  userId: number,
  body: DiceBetBody,
  now: number,
  remember?: Remember<PlacedBet>, // stores the first answer of an Idempotency-Key in this transaction
): Promise<PlacedBet> {
  const { amountCents, targetBp, chanceBp } = checkBet(body);
  const multiplier = diceMultiplierBp(chanceBp);
  const winPayoutCents = potentialPayoutCents(amountCents, chanceBp);
  if (!remember && database.dialect === 'postgres') {
    // one statement (dice.pg-bet.ts); Idempotency-Key calls stay below
    return placeDiceBetPg(
      database,
      userId,
      { amountCents, targetBp, direction: body.direction, multiplier, winPayoutCents },
      now,
    );
  }
  const checked = { userId, body, amountCents, targetBp, multiplier, payoutIfWinCents: winPayoutCents, now };
  if (!remember && canTransactSync(database)) {
    // SQLite: one synchronous job in the group commit (dice.sqlite-bet.ts); Idempotency-Key calls stay below
    const placed = await transactSync(database, (sqlite) => settleDiceBetSync(sqlite, checked));
    if (placed) return placed; // null: no seed pair yet, the path below creates it
  }
  return transact(database, async (trx) => {
    await lockUserRows(trx, [userId]); // lock order: the user row before the seed row (wallet README)
    const pair = await takeNextNonce(trx, userId, now);
    const row = diceBetRow(checked, pair);
    const { id } = await trx.insertInto('dice_bets').values(row).returning('id').executeTakeFirstOrThrow();
    const balanceAfterCents = await applyBetMoves(trx, {
      game: 'dice',
      kinds: DICE_KINDS,
      table: '',
      userId,
      betId: id,
      pair,
      amountCents,
      payoutCents: row.payout_cents,
      now,
    });
    const bet = toBet(row, id);
    const placed = { bet, balanceCents: balanceAfterCents, amountCents, createdAt: now };
    await remember?.(trx, placed);
    return placed;
  });
}
