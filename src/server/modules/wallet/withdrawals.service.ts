// Withdrawals: requested with funds debited at once (held funds first, then the balance), moved by
// the operator through new → in_processing → done | canceled, cancelable by the player while new;
// any cancel refunds (the held part back to held funds, the rest to the balance).
import type { DB } from '../../db/database.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import type { Transaction } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { applyMoveIn, lockUserRows } from './ledger.ts';
import { drawHeldFunds, returnHeldFunds } from './held-funds.service.ts';
import {
  CRYPTO_CURRENCIES,
  WITHDRAW_MAX_CENTS,
  WITHDRAW_MIN_CENTS,
  cryptoCurrency,
} from '../../../shared/wallet/currencies.ts';
import { isValidAddress } from '../../../shared/wallet/addresses.ts';
import {
  WITHDRAWAL_STATUS_LOOK,
  WITHDRAWAL_TRANSITIONS,
  WITHDRAWAL_STATUSES,
  type WithdrawalStatus,
} from '../../../shared/wallet/statuses.ts';
import { toDollars, formatUsd } from '../../../shared/money.ts';

type Trx = Transaction<Tables>;
/** A withdrawal row as read. */
export type Withdrawal = Omit<Tables['withdrawals'], 'id' | 'held_cents'> & { id: number; held_cents: number };
/** A withdrawal change and the owner's balance after it (null when no money moved). */
export interface WithdrawalChange {
  withdrawal: Withdrawal;
  balanceCents: number | null;
}

/** The methods a player may withdraw with (XRP excluded, like deposits), minimums and fees. */
export function withdrawOptions() {
  return CRYPTO_CURRENCIES.filter((c) => c.deposit).map((c) => ({
    method: c.code,
    name: c.name,
    network: c.network,
    minimum_amount: toDollars(WITHDRAW_MIN_CENTS),
    fee: toDollars(c.withdrawFeeCents),
  }));
}

/** A withdrawal as the API shows it. */
export function publicWithdrawal(w: Withdrawal) {
  const status = w.status as WithdrawalStatus;
  return {
    id: w.id,
    amount: toDollars(w.amount_cents),
    fee: toDollars(w.fee_cents),
    payout: toDollars(w.amount_cents - w.fee_cents),
    method: w.method,
    address: w.address,
    status,
    status_title: WITHDRAWAL_STATUS_LOOK[status].title,
    status_color: WITHDRAWAL_STATUS_LOOK[status].color,
    created_at: new Date(w.created_at).toISOString(),
  };
}

/** The balance a player has now (cents). */
async function balanceOf(trx: Trx, userId: number): Promise<number> {
  return (await trx.selectFrom('users').select('balance_cents').where('id', '=', userId).executeTakeFirstOrThrow())
    .balance_cents;
}

/** Debits the part of withdrawal `id` not drawn from held funds; returns the balance after. */
async function debitRest(trx: Trx, userId: number, id: number, cents: number, now: number): Promise<number> {
  if (cents === 0) return balanceOf(trx, userId);
  const move = await applyMoveIn(trx, {
    userId,
    deltaCents: -cents,
    kind: 'withdrawal',
    reference: `withdrawal:${id}`,
    idempotencyKey: `withdrawal:${id}`,
    now,
  });
  return move.balanceAfterCents;
}

/**
 * Requests a withdrawal: validates method, amount and address; in the same transaction draws on the
 * player's held funds first (held-funds.service.ts) and debits the rest from the balance.
 * With a `requestKey` (the Idempotency-Key header) a retried request returns the first withdrawal.
 */
export async function requestWithdrawal(
  db: DB,
  userId: number,
  input: { amountCents: number; method: string; address: string; requestKey?: string },
  now: number,
): Promise<WithdrawalChange & { replayed: boolean }> {
  const currency = cryptoCurrency(input.method);
  if (!currency || !currency.deposit) throw fieldError('method', 'This withdrawal method is not supported.');
  if (input.amountCents < WITHDRAW_MIN_CENTS)
    throw fieldError('amount', `The minimum withdrawal is ${formatUsd(WITHDRAW_MIN_CENTS)}.`);
  if (input.amountCents > WITHDRAW_MAX_CENTS)
    throw fieldError('amount', `The maximum withdrawal is ${formatUsd(WITHDRAW_MAX_CENTS)}.`);
  const address = input.address.trim();
  if (!isValidAddress(currency.format, address))
    throw fieldError('address', `This is not a valid ${currency.name} address.`);
  const requestKey = input.requestKey ? `${userId}:${input.requestKey}` : null;
  const replay = async (): Promise<(WithdrawalChange & { replayed: boolean }) | null> => {
    if (!requestKey) return null;
    const first = await db
      .selectFrom('withdrawals')
      .selectAll()
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
    if (!first) return null;
    if (first.amount_cents !== input.amountCents || first.method !== currency.code || first.address !== address)
      throw new HttpError(409, 'This request was already used for a different withdrawal.');
    const user = await db
      .selectFrom('users')
      .select('balance_cents')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { withdrawal: first, balanceCents: user.balance_cents, replayed: true };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  const made = await db.transaction().execute(async (trx) => {
    await lockUserRows(trx, [userId]); // lock order: the user row first (README)
    const w = await trx
      .insertInto('withdrawals')
      .values({
        user_id: userId,
        amount_cents: input.amountCents,
        fee_cents: currency.withdrawFeeCents,
        method: currency.code,
        address,
        status: 'new',
        request_key: requestKey,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('request_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!w) return null; // a concurrent retry won
    // held funds first (they cannot be played yet), the rest from the balance
    const held = await drawHeldFunds(trx, userId, input.amountCents);
    const balanceCents = await debitRest(trx, userId, w.id, input.amountCents - held, now);
    if (held === 0) return { withdrawal: w, balanceCents, replayed: false };
    const withHeld = await trx
      .updateTable('withdrawals')
      .set({ held_cents: held })
      .where('id', '=', w.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { withdrawal: withHeld, balanceCents, replayed: false };
  });
  return made ?? (await replay())!;
}

async function move(
  db: DB,
  id: number,
  from: (w: Withdrawal) => void,
  to: WithdrawalStatus,
  now: number,
): Promise<WithdrawalChange> {
  return db.transaction().execute(async (trx) => {
    const w = await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    if (!w) throw new HttpError(404, 'Withdrawal not found.');
    from(w);
    await lockUserRows(trx, [w.user_id]); // lock order: the user row before the withdrawal row (README)
    const moved = await trx
      .updateTable('withdrawals')
      .set({ status: to, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', w.status)
      .returningAll()
      .executeTakeFirst();
    if (!moved) throw new HttpError(409, 'The withdrawal changed meanwhile; try again.');
    if (to !== 'canceled' && to !== 'canceled_by_user') return { withdrawal: moved, balanceCents: null };
    // what came from held funds goes back there (a cancel must not turn held funds into playable ones)
    const held = Number(moved.held_cents);
    if (held > 0) await returnHeldFunds(trx, w.user_id, id, held, now);
    if (held === w.amount_cents) return { withdrawal: moved, balanceCents: await balanceOf(trx, w.user_id) };
    const refund = await applyMoveIn(trx, {
      userId: w.user_id,
      deltaCents: w.amount_cents - held,
      kind: 'refund',
      reference: `withdrawal:${id}`,
      idempotencyKey: `withdrawal-refund:${id}`,
      now,
    });
    return { withdrawal: moved, balanceCents: refund.balanceAfterCents };
  });
}

/** The player cancels their own withdrawal while it is new; the amount comes back. */
export async function cancelByUser(db: DB, userId: number, id: number, now: number): Promise<WithdrawalChange> {
  return move(
    db,
    id,
    (w) => {
      if (w.user_id !== userId) throw new HttpError(404, 'Withdrawal not found.');
      if (w.status !== 'new') throw new HttpError(409, 'This withdrawal can no longer be canceled.');
    },
    'canceled_by_user',
    now,
  );
}

/** The operator moves a withdrawal along WITHDRAWAL_TRANSITIONS (canceled refunds). */
export async function moveWithdrawal(db: DB, id: number, to: string, now: number): Promise<WithdrawalChange> {
  if (!(WITHDRAWAL_STATUSES as readonly string[]).includes(to) || to === 'canceled_by_user')
    throw fieldError('status', 'The status must be in_processing, done or canceled.');
  const target = to as WithdrawalStatus;
  return move(
    db,
    id,
    (w) => {
      if (!WITHDRAWAL_TRANSITIONS[w.status as WithdrawalStatus].includes(target))
        throw new HttpError(409, `A ${w.status} withdrawal cannot become ${to}.`);
    },
    target,
    now,
  );
}

/** Withdrawals of one player (or of everyone, optionally by status), newest first. */
export async function listWithdrawals(
  db: DB,
  filter: { userId?: number; status?: string },
  limit = 100,
): Promise<Withdrawal[]> {
  let q = db.selectFrom('withdrawals').selectAll().orderBy('id', 'desc').limit(limit);
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
  if (filter.status) q = q.where('status', '=', filter.status);
  return q.execute();
}
