// Crazy Wheel bets: place one on a colour of the round that is starting, or cancel your own while
// it still is; each in ONE transaction with its ledger move (lock order: the user row, then the
// round row claimed so the close of betting waits for the bet, then the rest).
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Tables } from '../../db/tables.ts';
import { transact } from '../../db/transact.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import { WHEEL_LIMITS, type WheelBet, type WheelBetBody } from '../../../shared/api/wheel.ts';
import { wheelPayoutCents } from '../../../shared/games/wheel/wheel.layout.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import { remembered, type Remember } from '../wallet/idempotency.ts';
import { claimOpenRound } from '../../rounds/round.repository.ts';
import { findBet, latestRound } from './wheel.repository.ts';
import { centsField } from '../../http/cents-field.ts';
import { formatUsd } from '../../../shared/money.ts';

type Trx = Transaction<Tables>;

/** A bet placed or canceled, and the bettor's balance after it. */
export interface WheelBetResult {
  bet: WheelBet;
  balanceCents: number;
}

/** True when round `id` takes bets at `now`; holds its row so the close of betting waits for this transaction. */
function claimRound(trx: Trx, id: number, now: number): Promise<boolean> {
  return claimOpenRound(trx, 'wheel_rounds', id, now);
}

/** Validates the amount against the limits; returns it in cents. */
export function checkAmount(amount: number): number {
  const cents = centsField('amount', amount);
  if (cents < WHEEL_LIMITS.minBetCents || cents > WHEEL_LIMITS.maxBetCents)
    throw fieldError(
      'amount',
      `The amount must be between ${formatUsd(WHEEL_LIMITS.minBetCents)} and ${formatUsd(WHEEL_LIMITS.maxBetCents)}.`,
    );
  return cents;
}

/** Places a bet on a colour of the round now starting. */
export async function placeWheelBet(
  database: Database,
  userId: number,
  body: WheelBetBody,
  now: number,
  remember?: Remember<WheelBetResult>,
): Promise<WheelBetResult> {
  const amountCents = checkAmount(body.amount);
  return transact(database, async (trx) => {
    await lockUserRows(trx, [userId]);
    const round = await latestRound(trx);
    if (!round || !(await claimRound(trx, Number(round.id), now)))
      throw new HttpError(422, 'Bets are closed: wait for the next round.');
    const staked = await trx
      .selectFrom('wheel_bets')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
      .where('round_id', '=', round.id)
      .where('user_id', '=', userId)
      .where('color', '=', body.color)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    if (wheelPayoutCents(Number(staked.cents) + amountCents, body.color) > WHEEL_LIMITS.maxPayoutCents)
      throw fieldError(
        'amount',
        `Your bets on ${body.color} this round could pay more than the maximum of ${formatUsd(WHEEL_LIMITS.maxPayoutCents)}.`,
      );
    const { id } = await trx
      .insertInto('wheel_bets')
      .values({
        round_id: round.id,
        user_id: userId,
        color: body.color,
        amount_cents: amountCents,
        status: 'active',
        payout_cents: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { balanceAfterCents } = await applyMoveIn(trx, {
      userId,
      deltaCents: -amountCents,
      kind: 'wheel_bet',
      reference: `wheel_bet:${id}`,
      idempotencyKey: `wheel:bet:${id}`,
      now,
    });
    const result = { bet: (await findBet(trx, Number(id)))!, balanceCents: balanceAfterCents };
    return remembered(trx, remember, result);
  });
}

/** Cancels the player's own active bet while its round is starting; refunds it through the ledger. */
export async function cancelWheelBet(
  database: Database,
  userId: number,
  betId: number,
  now: number,
): Promise<WheelBetResult> {
  return transact(database, async (trx) => {
    await lockUserRows(trx, [userId]);
    const bet = await trx
      .selectFrom('wheel_bets')
      .select(['id', 'round_id', 'amount_cents', 'status'])
      .where('id', '=', betId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!bet) throw new HttpError(404, 'Bet not found.');
    if (bet.status !== 'active') throw new HttpError(422, 'This bet can no longer be canceled.');
    if (!(await claimRound(trx, Number(bet.round_id), now)))
      throw new HttpError(422, 'Bets are closed: this bet can no longer be canceled.');
    const updated = await trx
      .updateTable('wheel_bets')
      .set({ status: 'canceled', settled_at: now })
      .where('id', '=', betId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new HttpError(422, 'This bet can no longer be canceled.');
    const { balanceAfterCents } = await applyMoveIn(trx, {
      userId,
      deltaCents: Number(bet.amount_cents),
      kind: 'wheel_refund',
      reference: `wheel_bet:${betId}`,
      idempotencyKey: `wheel:refund:${betId}`,
      now,
    });
    return { bet: (await findBet(trx, betId))!, balanceCents: balanceAfterCents };
  });
}
