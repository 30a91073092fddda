// Responsible play (issue 16): deposit limits per rolling day / week / month (lowering applies at
// once, raising or removing after LIMIT_RAISE_DELAY_MS) and self-exclusion (1–3650 days, never
// shortened). assertDepositAllowed is called by every deposit entry (card and skins redirects,
// crypto deposit address, gift codes, vouchers); wagers are refused in wallet/ledger.ts. Crypto that
// arrives anyway is split by depositRoom (wallet/held-funds.service.ts): the part over a limit, or all
// of it while self-excluded, is held, and counts toward the limits only when it is released.
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
import { toDollars, formatUsd } from '../../../shared/money.ts';

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
  const dollars = (c: number | null) => (c === null ? null : toDollars(c));
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

/** An amount that counts toward the deposit limits from `at` (epoch ms). */
interface Counted {
  at: number;
  cents: number;
}

/**
 * What counts toward the deposit limits after `since`: what reached the balance, when it did. A paid
 * payment counts its amount (without bonus) at payment time, less the part of a crypto transfer held
 * then (wallet/held-funds.service.ts); held funds count when they are released into the balance.
 */
async function countedSince(q: Q, userId: number, since: number): Promise<Counted[]> {
  const paid = await q
    .selectFrom('payments as p')
    .leftJoin('held_funds as h', (j) => j.onRef('h.payment_id', '=', 'p.id').on('h.source', '=', 'deposit'))
    .select(['p.updated_at', 'p.amount_cents', 'h.amount_cents as held_cents'])
    .where('p.user_id', '=', userId)
    .where('p.status', '=', 'paid')
    .where('p.updated_at', '>', since)
    .execute();
  const released = await q
    .selectFrom('held_funds')
    .select(['released_at', 'released_cents'])
    .where('user_id', '=', userId)
    .where('released_at', '>', since)
    .execute();
  return [
    ...paid.map((r) => ({ at: Number(r.updated_at), cents: Number(r.amount_cents) - Number(r.held_cents ?? 0) })),
    ...released.map((r) => ({ at: Number(r.released_at), cents: Number(r.released_cents ?? 0) })),
  ];
}

/** The sum of what counts in the rolling period ending at `at`. */
function usedAt(items: Counted[], at: number, periodMs: number): number {
  return items.reduce((sum, i) => (i.at > at - periodMs ? sum + i.cents : sum), 0);
}

/** How much the player may deposit now, and what limits it. */
export interface DepositRoom {
  excludedUntil: number | null; // a running self-exclusion's end: nothing may be deposited
  leftCents: number | null; // what the tightest limit leaves (≥ 0); null = no limit
  limit: { period: DepositLimitPeriod; amountCents: number } | null; // that tightest limit
}

/** The player's room under self-exclusion and the deposit limits at `now` (the one rule every deposit path uses). */
export async function depositRoom(q: Q, userId: number, now: number): Promise<DepositRoom> {
  const until = await excludedUntil(q, userId, now);
  const room: DepositRoom = { excludedUntil: until, leftCents: null, limit: null };
  const states = (await limitStates(q, userId, now)).filter((s) => s.amountCents !== null);
  if (states.length === 0) return room;
  const longest = Math.max(...states.map((s) => DEPOSIT_LIMIT_PERIOD_MS[s.period]));
  const items = await countedSince(q, userId, now - longest);
  for (const s of states) {
    const left = Math.max(0, s.amountCents! - usedAt(items, now, DEPOSIT_LIMIT_PERIOD_MS[s.period]));
    if (room.leftCents === null || left < room.leftCents) {
      room.leftCents = left;
      room.limit = { period: s.period, amountCents: s.amountCents! };
    }
  }
  return room;
}

/**
 * The first instant from `now` at which the player may deposit (or have held funds released) again,
 * if nothing else is deposited meanwhile: the end of a self-exclusion, then the moment an earlier
 * deposit leaves a used-up limit's rolling period or a raise of that limit takes effect.
 */
export async function depositOpensAt(q: Q, userId: number, now: number): Promise<number> {
  const start = (await excludedUntil(q, userId, now)) ?? now;
  const states = (await limitStates(q, userId, now)).filter((s) => s.amountCents !== null);
  if (states.length === 0) return start;
  const longest = Math.max(...states.map((s) => DEPOSIT_LIMIT_PERIOD_MS[s.period]));
  const items = await countedSince(q, userId, now - longest);
  const roomAt = (t: number) =>
    Math.min(
      ...states.map((s) => {
        const amount = s.pending && t >= s.pending.from ? s.pending.amountCents : s.amountCents;
        return amount === null ? Infinity : amount - usedAt(items, t, DEPOSIT_LIMIT_PERIOD_MS[s.period]);
      }),
    );
  const candidates = [
    start,
    ...states.flatMap((s) => [
      ...items.map((i) => i.at + DEPOSIT_LIMIT_PERIOD_MS[s.period]),
      ...(s.pending ? [s.pending.from] : []),
    ]),
  ]
    .filter((t) => t >= start)
    .sort((a, b) => a - b);
  return candidates.find((t) => roomAt(t) > 0) ?? start; // every limit is ≥ 1 cent: the last exit opens it
}

/**
 * Refuses (403 naming the limit) a deposit of `amountCents` the player may not make at `now`: while
 * self-excluded, or when the deposits of a limit's rolling period plus this one would pass it.
 * `amountCents` 0 (a crypto address, amount unknown) is refused only once a limit is used up.
 */
export async function assertDepositAllowed(q: Q, userId: number, amountCents: number, now: number): Promise<void> {
  const room = await depositRoom(q, userId, now);
  if (room.excludedUntil !== null) throw new SelfExcluded(room.excludedUntil, 'deposits');
  if (room.leftCents === null || room.limit === null) return;
  const limit = depositLimitLabel(room.limit);
  if (amountCents === 0 && room.leftCents === 0) throw new HttpError(403, `You have reached ${limit}.`);
  if (amountCents > room.leftCents)
    throw new HttpError(403, `This deposit would pass ${limit} (${formatUsd(room.leftCents)} left).`);
}

/** "your daily deposit limit of $60.00" */
export function depositLimitLabel(limit: { period: DepositLimitPeriod; amountCents: number }): string {
  return `your ${PERIOD_WORD[limit.period]} deposit limit of ${formatUsd(limit.amountCents)}`;
}
