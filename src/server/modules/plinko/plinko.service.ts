// A plinko drop: check the stake against the limits, then place it through the instant bets engine
// (src/server/bets/): planned once from the shared outcome (the pair dice uses), applied by the
// executor that fits. Published only after commit (plinko.routes.ts).
import type { Database } from '../../db/database.ts';
import { fieldError } from '../../http/errors.ts';
import { PLINKO_LIMITS, type PlinkoBetBody } from '../../../shared/api/plinko.ts';
import { plinkoTable } from '../../../shared/fair/index.ts';
import { placeRowBet, type BetCall } from '../../bets/place.ts';
import { plinkoPayoutCents, plinkoPlan } from '../../bets/games/plinko.plan.ts';
import { toBet, type PlacedPlinko } from './plinko.repository.ts';
import { centsField } from '../../http/cents-field.ts';
import { formatUsd } from '../../../shared/money.ts';

export { plinkoPayoutCents } from '../../bets/games/plinko.plan.ts';

/** Validates the amount against the limits and the table's top multiplier; returns the stake in cents. */
export function checkBet(body: PlinkoBetBody): number {
  const amountCents = centsField('amount', body.amount);
  const { minBetCents, maxBetCents, maxPayoutCents } = PLINKO_LIMITS;
  if (amountCents < minBetCents || amountCents > maxBetCents)
    throw fieldError('amount', `The amount must be between ${formatUsd(minBetCents)} and ${formatUsd(maxBetCents)}.`);
  const top = Math.max(...plinkoTable(body.rows, body.risk));
  if (plinkoPayoutCents(amountCents, top) > maxPayoutCents)
    throw fieldError(
      'amount',
      `The potential payout exceeds the maximum of ${formatUsd(maxPayoutCents)}: lower the amount or the risk.`,
    );
  return amountCents;
}

/** Places one drop for `userId`: check → plan (bets/games/plinko.plan.ts) → one of the bets/ executors. */
export async function placePlinkoBet(
  database: Database,
  userId: number,
  body: PlinkoBetBody,
  now: number,
  call: BetCall<PlacedPlinko> = {}, // an Idempotency-Key's `remember`, a pending token (bets/place.ts)
): Promise<PlacedPlinko> {
  const amountCents = checkBet(body);
  const drop = { userId, amountCents, rows: body.rows, risk: body.risk, now };
  return placeRowBet(
    database,
    { userId, now, remember: call.remember, token: call.token },
    (pair) => plinkoPlan(drop, pair),
    toBet,
    { amountCents },
  );
}
