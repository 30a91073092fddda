// A dice bet: check the body against the rules and limits, then place it through the instant bets
// engine (src/server/bets/): planned once from the shared outcome, applied by the executor that fits
// (a Kysely transaction, SQLite's synchronous job, PostgreSQL's la_apply_bet). Published only after
// commit (dice.routes.ts).
import type { Database } from '../../db/database.ts';
import { fieldError } from '../../http/errors.ts';
import { DICE_LIMITS, type DiceBetBody } from '../../../shared/api/dice.ts';
import { diceBasisPoints, diceChanceBp, diceMultiplierBp, diceTargetBpError } from '../../../shared/fair/index.ts';
import { placeRowBet, type BetCall } from '../../bets/place.ts';
import { dicePlan } from '../../bets/games/dice.plan.ts';
import { toBet, type PlacedBet } from './dice.repository.ts';
import { centsField } from '../../http/cents-field.ts';
import { formatUsd } from '../../../shared/money.ts';

/** Validates amount/target/direction against the rules and limits; returns stake, target and chance in bp. */
export function checkBet(body: DiceBetBody): { amountCents: number; targetBp: number; chanceBp: number } {
  const amountCents = centsField('amount', body.amount);
  if (amountCents < DICE_LIMITS.minBetCents || amountCents > DICE_LIMITS.maxBetCents)
    throw fieldError(
      'amount',
      `The amount must be between ${formatUsd(DICE_LIMITS.minBetCents)} and ${formatUsd(DICE_LIMITS.maxBetCents)}.`,
    );
  const targetBp = diceBasisPoints(body.target);
  if (targetBp === null) throw fieldError('target', 'The target must have at most 2 decimals.');
  const targetError = diceTargetBpError(targetBp, body.direction);
  if (targetError) throw fieldError('target', targetError);
  const chanceBp = diceChanceBp(targetBp, body.direction);
  if (potentialPayoutCents(amountCents, chanceBp) > DICE_LIMITS.maxPayoutCents) {
    throw fieldError(
      'amount',
      `The potential payout exceeds the maximum of ${formatUsd(DICE_LIMITS.maxPayoutCents)}: lower the amount or raise the chance.`,
    );
  }
  return { amountCents, targetBp, chanceBp };
}

/** Payout of a win in cents: floor(amount × 99 / chance%), integer arithmetic. */
export function potentialPayoutCents(amountCents: number, chanceBp: number): number {
  return Math.floor((amountCents * 9900) / chanceBp);
}

/** Places one bet for `userId`: check → plan (bets/games/dice.plan.ts) → one of the bets/ executors. */
export async function placeDiceBet(
  database: Database,
  userId: number,
  body: DiceBetBody,
  now: number,
  call: BetCall<PlacedBet> = {}, // an Idempotency-Key's `remember`, a pending token (bets/place.ts)
): Promise<PlacedBet> {
  const { amountCents, targetBp, chanceBp } = checkBet(body);
  const bet = {
    userId,
    amountCents,
    target: body.target,
    targetBp,
    direction: body.direction,
    multiplier: diceMultiplierBp(chanceBp),
    payoutIfWinCents: potentialPayoutCents(amountCents, chanceBp),
    now,
  };
  return placeRowBet(
    database,
    { userId, now, remember: call.remember, token: call.token },
    (pair) => dicePlan(bet, pair),
    toBet,
    {
      amountCents,
      createdAt: now,
    },
  );
}
