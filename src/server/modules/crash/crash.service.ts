// Rocket bets and cash-outs. Every money move is one transaction that locks the players' rows
// first (wallet README), claims each bet with a conditional UPDATE (active → cashed_out | lost), so
// a bet is paid once whatever runs in parallel, and moves money through the ledger with a key per bet.
// Multipliers come from the server's clock and the shared curve; the round's payouts never pass the
// round's maximum: when they would, every open bet is cashed out at that point (bustabit's rule).
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Tables } from '../../db/tables.ts';
import { transact } from '../../db/transact.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import { creditSettledWager } from '../wallet/settled-wagers.ts';
import { remembered, type Remember } from '../wallet/idempotency.ts';
import { claimOpenRound, latestRound } from '../../rounds/round.repository.ts';
import { CRASH_LIMITS, type CrashBetBody } from '../../../shared/api/crash.ts';
import { crashCentsAt } from '../../../shared/games/crash/crash.curve.ts';
import { roundBets, roundTotals, userBet, type BetWithUser, type CrashRoundRow } from './crash.repository.ts';
import { crashRoundAbandoned } from './crash.void.ts';
import { centsField } from '../../http/cents-field.ts';
import { formatUsd, timesHundredths } from '../../../shared/money.ts';
import { toHundredths } from '../../../shared/units.ts';

type Trx = Transaction<Tables>;

/** A bet placed, and the balance after it. */
export interface PlacedCrashBet {
  bet: BetWithUser;
  balanceCents: number;
}

/** A bet cashed out, and the player's balance after it. */
export interface CashedOut {
  bet: BetWithUser;
  balanceCents: number;
}

/** The payout of `amountCents` at `multiplierCents`, floored to the cent. */
export function payoutCents(amountCents: number, multiplierCents: number): number {
  return timesHundredths(amountCents, multiplierCents);
}

/** Validates a bet body against the limits; returns cents. */
export function checkCrashBet(body: CrashBetBody): { amountCents: number; autoCents: number | null } {
  const amountCents = centsField('amount', body.amount);
  if (amountCents < CRASH_LIMITS.minBetCents || amountCents > CRASH_LIMITS.maxBetCents) {
    throw fieldError(
      'amount',
      `The amount must be between ${formatUsd(CRASH_LIMITS.minBetCents)} and ${formatUsd(CRASH_LIMITS.maxBetCents)}.`,
    );
  }
  const auto = body.auto_cashout ?? null;
  return { amountCents, autoCents: auto === null ? null : toHundredths(auto) };
}

/** Most a round's stakes may total: the round's maximum payout at 1.01×. */
export function maxRoundStakesCents(maxRoundPayoutCents: number): number {
  return Math.floor((maxRoundPayoutCents * 100) / 101);
}

/** Places `userId`'s bet on the round that is starting (one per player per round); `remember` stores
 * the answer of an Idempotency-Key call in the bet's transaction (wallet/idempotency.ts). */
export async function placeCrashBet(
  database: Database,
  userId: number,
  body: CrashBetBody,
  now: number,
  maxRoundPayoutCents: number,
  remember?: Remember<PlacedCrashBet>,
): Promise<PlacedCrashBet> {
  const { amountCents, autoCents } = checkCrashBet(body);
  const closed = new HttpError(422, 'Bets are taken only while a round is starting: wait for the next round.');
  try {
    return await transact(database, async (trx) => {
      await lockUserRows(trx, [userId]);
      const round = await latestRound<CrashRoundRow>(trx, 'crash_rounds');
      if (!round || !(await claimOpenRound(trx, 'crash_rounds', round.id, now))) throw closed;
      const stakes = await trx
        .selectFrom('crash_bets')
        .select((eb) => eb.fn.sum<number>('amount_cents').as('total'))
        .where('round_id', '=', round.id)
        .executeTakeFirst();
      if (Number(stakes?.total ?? 0) + amountCents > maxRoundStakesCents(maxRoundPayoutCents)) {
        throw fieldError('amount', 'This round has taken all the bets it can: wait for the next round.');
      }
      const { id } = await trx
        .insertInto('crash_bets')
        .values({
          round_id: round.id,
          user_id: userId,
          amount_cents: amountCents,
          auto_cashout_cents: autoCents,
          status: 'active',
          multiplier_cents: null,
          payout_cents: null,
          created_at: now,
          settled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { balanceAfterCents } = await applyMoveIn(trx, {
        userId,
        deltaCents: -amountCents,
        kind: 'crash_bet',
        reference: `crash_bet:${id}`,
        idempotencyKey: `crash:${round.id}:${userId}:bet`,
        now,
      });
      const placed = { bet: (await userBet(trx, round.id, userId))!, balanceCents: balanceAfterCents };
      return remembered(trx, remember, placed);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new HttpError(422, 'You already have a bet in this round.');
    throw e;
  }
}

/** The multiplier (cents) at which the round's payouts reach its maximum, given what cashed-out bets
 * were paid (`paidCents`) and what the open bets staked (`openCents`). */
export function capCents(paidCents: number, openCents: number, maxRoundPayoutCents: number): number {
  return openCents === 0 ? Infinity : Math.floor(((maxRoundPayoutCents - paidCents) * 100) / openCents);
}

/** Claims an active bet and pays it at `multiplierCents`; null when it was no longer active. */
async function payBet(trx: Trx, bet: BetWithUser, multiplierCents: number, now: number): Promise<CashedOut | null> {
  const payout = payoutCents(Number(bet.amount_cents), multiplierCents);
  const claimed = await trx
    .updateTable('crash_bets')
    .set({ status: 'cashed_out', multiplier_cents: multiplierCents, payout_cents: payout, settled_at: now })
    .where('id', '=', bet.id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  const { balanceAfterCents } = await applyMoveIn(trx, {
    userId: Number(bet.user_id),
    deltaCents: payout,
    kind: 'crash_win',
    reference: `crash_bet:${bet.id}`,
    idempotencyKey: `crash:${bet.id}:win`,
    now,
  });
  await creditCrashBet(trx, bet, now);
  const paid = { ...bet, status: 'cashed_out' as const, multiplier_cents: multiplierCents, payout_cents: payout };
  return { bet: paid, balanceCents: balanceAfterCents };
}

/** A crash bet that settled (cashed out or lost) counts for XP and the programmes (settled-wagers.ts). */
function creditCrashBet(trx: Trx, bet: BetWithUser, now: number): Promise<boolean> {
  return creditSettledWager(trx, {
    userId: Number(bet.user_id),
    kind: 'crash_bet',
    table: '',
    stakeCents: Number(bet.amount_cents),
    wagerKey: `crash:${bet.round_id}:${bet.user_id}:bet`,
    now,
  });
}

/** Cashes out `userId`'s bet now, at the multiplier of the server's clock (or lower: its auto target or
 * the round's cap, when those came first). */
export async function closeCrashBet(
  database: Database,
  userId: number,
  now: number,
  maxRoundPayoutCents: number,
): Promise<CashedOut> {
  return transact(database, async (trx) => {
    await lockUserRows(trx, [userId]);
    const round = await latestRound<CrashRoundRow>(trx, 'crash_rounds');
    const bet = round ? await userBet(trx, round.id, userId) : undefined;
    if (!round || !bet) throw new HttpError(422, 'You have no bet in this round.');
    if (bet.status === 'cashed_out') throw new HttpError(422, 'Your bet is already cashed out.');
    if (bet.status === 'lost') throw new HttpError(422, 'Too late: the rocket has crashed.');
    if (bet.status === 'refunded') throw new HttpError(422, 'This round was voided: your bet was refunded.');
    if (round.status !== 'in_progress') throw new HttpError(422, 'The round has not started yet.');
    const reached = crashCentsAt(now - Number(round.in_progress_at));
    if (reached >= Number(round.crash_point_cents)) throw new HttpError(422, 'Too late: the rocket has crashed.');
    if (crashRoundAbandoned(round, now))
      throw new HttpError(422, 'This round is being voided: your bet will be refunded.');
    const { paidCents, openCents } = await roundTotals(trx, round.id); // one aggregate, not every bet
    const cap = capCents(paidCents, openCents, maxRoundPayoutCents);
    const auto = bet.auto_cashout_cents === null ? Infinity : Number(bet.auto_cashout_cents);
    const paid = await payBet(trx, bet, Math.min(reached, auto, cap), now);
    if (!paid) throw new HttpError(422, 'Your bet is already cashed out.');
    return paid;
  });
}

/**
 * Pays the round's bets that are due once the multiplier has reached `uptoCents`: auto cash-outs at
 * exactly their target, in target order, and — when the payouts would pass the round's maximum before
 * a target — every open bet at the cap. Runs in `trx` after the bettors' rows are locked.
 */
async function cashOutDue(
  trx: Trx,
  round: CrashRoundRow,
  uptoCents: number,
  maxRoundPayoutCents: number,
  now: number,
): Promise<CashedOut[]> {
  let { paidCents, openCents } = await roundTotals(trx, round.id);
  const active = (await roundBets(trx, round.id, { status: 'active' })).sort(
    (a, b) => Number(a.auto_cashout_cents ?? Infinity) - Number(b.auto_cashout_cents ?? Infinity),
  );
  const done: CashedOut[] = [];
  const open = new Set(active);
  for (const bet of active) {
    const target = bet.auto_cashout_cents === null ? Infinity : Number(bet.auto_cashout_cents);
    if (target > uptoCents || target > capCents(paidCents, openCents, maxRoundPayoutCents)) break;
    const paid = await payBet(trx, bet, target, now); // the bettors' rows are locked: it is still active
    if (paid) {
      done.push(paid);
      open.delete(bet);
      paidCents += Number(paid.bet.payout_cents);
      openCents -= Number(bet.amount_cents);
    }
  }
  const cap = capCents(paidCents, openCents, maxRoundPayoutCents);
  if (cap <= uptoCents) {
    for (const bet of open) {
      const paid = await payBet(trx, bet, Math.max(100, cap), now);
      if (paid) done.push(paid);
    }
  }
  return done;
}

/** True when something is due at `uptoCents` (one aggregate read without locks, to skip a transaction
 * per tick). */
async function anythingDue(
  database: Database,
  roundId: number,
  uptoCents: number,
  maxRoundPayoutCents: number,
): Promise<boolean> {
  const { paidCents, openCents, lowestAutoCents } = await roundTotals(database.db, roundId);
  if (openCents === 0) return false;
  if (lowestAutoCents !== null && lowestAutoCents <= uptoCents) return true;
  return capCents(paidCents, openCents, maxRoundPayoutCents) <= uptoCents;
}

/** Leader, every tick: pays the auto cash-outs (and the cap) reached by now. */
export async function cashOutReached(
  database: Database,
  round: CrashRoundRow,
  now: number,
  maxRoundPayoutCents: number,
): Promise<CashedOut[]> {
  const upto = Math.min(crashCentsAt(now - Number(round.in_progress_at)), Number(round.crash_point_cents) - 1);
  if (!(await anythingDue(database, round.id, upto, maxRoundPayoutCents))) return [];
  return transact(database, async (trx) => {
    const bettors = await trx
      .selectFrom('crash_bets')
      .select('user_id')
      .where('round_id', '=', round.id)
      .where('status', '=', 'active')
      .execute();
    await lockUserRows(
      trx,
      bettors.map((b) => Number(b.user_id)),
    );
    return cashOutDue(trx, round, upto, maxRoundPayoutCents, now);
  });
}

/** What settling a round did. */
export interface Settlement {
  cashedOut: CashedOut[];
  lost: BetWithUser[];
}

/** Settles every open bet of a crashed round once: targets below the crash point pay exactly, the cap
 * applies, everything else is lost. Runs in the transaction that ends the round. */
export async function settleCrashRound(
  trx: Trx,
  round: CrashRoundRow,
  now: number,
  maxRoundPayoutCents: number,
): Promise<Settlement> {
  const open = await roundBets(trx, round.id, { status: 'active' });
  await lockUserRows(
    trx,
    open.map((b) => Number(b.user_id)),
  );
  const cashedOut = await cashOutDue(trx, round, Number(round.crash_point_cents) - 1, maxRoundPayoutCents, now);
  const left = await roundBets(trx, round.id, { status: 'active' });
  if (left.length) {
    await trx
      .updateTable('crash_bets')
      .set({ status: 'lost', payout_cents: 0, settled_at: now })
      .where('round_id', '=', round.id)
      .where('status', '=', 'active')
      .execute();
    for (const bet of left) await creditCrashBet(trx, bet, now);
  }
  return { cashedOut, lost: left.map((b) => ({ ...b, status: 'lost' as const, payout_cents: 0 })) };
}
