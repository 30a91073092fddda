// Responsible play (issue 16): deposit limits per rolling day / week / month (lowering applies at
// once, raising or removing after LIMIT_RAISE_DELAY_MS) and self-exclusion (1–3650 days, never
// shortened). assertDepositAllowed is called by every deposit entry (card and skins redirects,
// crypto deposit address, gift codes, vouchers); wagers are refused in wallet/ledger.ts.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import { SelfExcluded, excludedUntil, utcLabel } from './exclusion.ts';
import {
  DEPOSIT_LIMIT_PERIODS,
  DEPOSIT_LIMIT_PERIOD_MS,
  LIMIT_RAISE_DELAY_MS,
  type DepositLimitPeriod,
} from '../../../shared/constants.ts';
import type { Limits } from '../../../shared/api/programmes.ts';
import { centsToDollars, formatUsd } from '../../../shared/money.ts';

type Q = Kysely<Tables>;

const PERIOD_WORD: Record<DepositLimitPeriod, string> = { day: 'daily', week: 'weekly', month: 'monthly' };

/** A limit as in force at some instant. */
interface LimitState {
  period: DepositLimitPeriod;
  amountCents: number | null; // in force; null = none
  pending: { amountCents: number | null; from: number } | null; // a raise or removal not yet in force
}

/** The player's limits at `now`: a pending change whose time has come is in force. */
async function limitStates(q: Q, userId: number, now: number): Promise<LimitState[]> {
  const rows = await q.selectFrom('deposit_limits').selectAll().where('user_id', '=', userId).execute();
  return DEPOSIT_LIMIT_PERIODS.map((period) => {
    const row = rows.find((r) => r.period === period);
    if (!row) return { period, amountCents: null, pending: null };
    const amount = row.amount_cents === null ? null : Number(row.amount_cents);
    const pendingAmount = row.pending_amount_cents === null ? null : Number(row.pending_amount_cents);
    if (row.pending_from === null) return { period, amountCents: amount, pending: null };
    const from = Number(row.pending_from);
    if (from <= now) return { period, amountCents: pendingAmount, pending: null };
    return { period, amountCents: amount, pending: { amountCents: pendingAmount, from } };
  });
}

/** GET /api/profile/limits */
export async function getLimits(q: Q, userId: number, now: number): Promise<Limits> {
  const states = await limitStates(q, userId, now);
  const until = await excludedUntil(q, userId, now);
  const dollars = (c: number | null) => (c === null ? null : centsToDollars(c));
  return {
    deposit_limits: states.map((s) => ({
      period: s.period,
      amount: dollars(s.amountCents),
      pending_amount: s.pending ? dollars(s.pending.amountCents) : null,
      pending_from: s.pending ? new Date(s.pending.from).toISOString() : null,
    })),
    self_excluded_until: until === null ? null : new Date(until).toISOString(),
  };
}

/** Sets (amountCents) or removes (null) a limit; returns the message for the player. */
export async function setLimit(
  db: Kysely<Tables>,
  userId: number,
  period: DepositLimitPeriod,
  amountCents: number | null,
  now: number,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const state = (await limitStates(trx, userId, now)).find((s) => s.period === period)!;
    const word = PERIOD_WORD[period];
    const current = state.amountCents;
    const tighter = amountCents !== null && (current === null || amountCents <= current);
    let values: { amount_cents: number | null; pending_amount_cents: number | null; pending_from: number | null };
    let msg: string;
    if (tighter) {
      values = { amount_cents: amountCents, pending_amount_cents: null, pending_from: null };
      msg = `Your ${word} deposit limit is now ${formatUsd(amountCents)}.`;
    } else if (current === null) {
      values = { amount_cents: null, pending_amount_cents: null, pending_from: null }; // removing nothing
      msg = `You have no ${word} deposit limit.`;
    } else {
      const from = now + LIMIT_RAISE_DELAY_MS;
      values = { amount_cents: current, pending_amount_cents: amountCents, pending_from: from };
      msg =
        amountCents === null
          ? `Your ${word} deposit limit will be removed on ${utcLabel(from)}.`
          : `Your ${word} deposit limit will rise to ${formatUsd(amountCents)} on ${utcLabel(from)}.`;
    }
    await trx
      .insertInto('deposit_limits')
      .values({ user_id: userId, period, ...values, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'period']).doUpdateSet({ ...values, updated_at: now }))
      .execute();
    return msg;
  });
}

/** Self-excludes the player for `days` from now; an exclusion running longer cannot be shortened. */
export async function selfExclude(db: Kysely<Tables>, userId: number, days: number, now: number): Promise<string> {
  const until = now + days * 86_400_000;
  return db.transaction().execute(async (trx) => {
    const current = await excludedUntil(trx, userId, now);
    if (current !== null && until < current) {
      throw fieldError(
        'days',
        `You are self-excluded until ${utcLabel(current)}; a self-exclusion cannot be shortened.`,
      );
    }
    await trx.updateTable('users').set({ self_excluded_until: until }).where('id', '=', userId).execute();
    return `You are self-excluded until ${utcLabel(until)}. Bets, openings and deposits are closed until then.`;
  });
}

/** Cents deposited (paid payments, without bonus) since `since`. */
async function depositedSince(q: Q, userId: number, since: number): Promise<number> {
  const row = await q
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where('updated_at', '>', since)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Refuses (403 naming the limit) a deposit of `amountCents` the player may not make at `now`: while
 * self-excluded, or when the deposits of a limit's rolling period plus this one would pass it.
 * `amountCents` 0 (a crypto address, amount unknown) is refused only once a limit is used up.
 */
export async function assertDepositAllowed(q: Q, userId: number, amountCents: number, now: number): Promise<void> {
  const until = await excludedUntil(q, userId, now);
  if (until !== null) throw new SelfExcluded(until, 'deposits');
  for (const s of await limitStates(q, userId, now)) {
    if (s.amountCents === null) continue;
    const used = await depositedSince(q, userId, now - DEPOSIT_LIMIT_PERIOD_MS[s.period]);
    const left = Math.max(0, s.amountCents - used);
    const limit = `your ${PERIOD_WORD[s.period]} deposit limit of ${formatUsd(s.amountCents)}`;
    if (amountCents === 0 && left === 0) throw new HttpError(403, `You have reached ${limit}.`);
    if (amountCents > left) throw new HttpError(403, `This deposit would pass ${limit} (${formatUsd(left)} left).`);
  }
}
