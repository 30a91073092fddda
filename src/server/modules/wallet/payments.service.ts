// Card (zen) and skins (skinsback) deposits: a payment row at redirect, then a provider webhook
// that pays it exactly once (amount + promo bonus) or rejects it. Also the player's history.
import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import type { PaymentsTable } from '../../db/tables.ts';
import { HttpError } from '../../http/errors.ts';
import { applyMoveIn } from './ledger.ts';
import { bonusCents, checkPromo, redeemPromoIn } from './promo.service.ts';
import { PAYMENT_STATUS_LOOK, type PaymentStatus } from '../../../shared/wallet/statuses.ts';
import { toDollars } from '../../../shared/money.ts';
import { assertDepositAllowed } from '../responsible-play/responsible-play.service.ts';

/** Redirect-based providers. */
export type RedirectMethod = 'zen' | 'skinsback';
/** A payment row as read. */
export type Payment = Omit<PaymentsTable, 'id'> & { id: number };

/** Opens a payment of `amountCents` with an optional promo; the promo is checked now. */
export async function openPayment(
  db: DB,
  method: RedirectMethod,
  userId: number,
  amountCents: number,
  promocode: string,
  now: number,
): Promise<Payment> {
  await assertDepositAllowed(db, userId, amountCents, now); // self-exclusion, deposit limits
  const promo = promocode ? await checkPromo(db, userId, promocode, now) : null;
  const ref = `${method}_${randomBytes(12).toString('hex')}`;
  return db
    .insertInto('payments')
    .values({
      user_id: userId,
      method,
      status: 'new',
      amount_cents: amountCents,
      bonus_cents: promo ? bonusCents(promo, amountCents) : 0, // expected; settled at payment
      currency: 'USD',
      crypto_amount: null,
      promo_id: promo?.id ?? null,
      provider_ref: ref,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A payment by its provider reference and method, or undefined. */
export function findPayment(db: DB, method: string, ref: string): Promise<Payment | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider_ref', '=', ref)
    .where('method', '=', method)
    .executeTakeFirst();
}

/** What a provider's webhook says about one payment. */
export interface WebhookEvent {
  paymentId: string; // our provider_ref
  status: 'paid' | 'declined';
  amountCents: number; // what the provider collected
}

/** The outcome of a webhook: `balanceCents` is set when money moved. */
export interface Settlement {
  payment: Payment;
  replayed: boolean;
  balanceCents: number | null;
}

/** Applies a provider webhook once: pays amount + bonus, or rejects. Replays change nothing. */
export async function settlePayment(
  db: DB,
  method: RedirectMethod,
  event: WebhookEvent,
  now: number,
): Promise<Settlement> {
  return db.transaction().execute(async (trx) => {
    const pay = await trx
      .selectFrom('payments')
      .selectAll()
      .where('provider_ref', '=', event.paymentId)
      .where('method', '=', method)
      .executeTakeFirst();
    if (!pay) throw new HttpError(404, 'Unknown payment.');
    if (pay.status !== 'new') return { payment: pay, replayed: true, balanceCents: null };
    if (event.status === 'declined') {
      const rejected = await trx
        .updateTable('payments')
        .set({ status: 'rejected', updated_at: now })
        .where('id', '=', pay.id)
        .where('status', '=', 'new')
        .returningAll()
        .executeTakeFirst();
      return { payment: rejected ?? pay, replayed: !rejected, balanceCents: null };
    }
    const exact = method === 'zen';
    if (exact ? event.amountCents !== pay.amount_cents : event.amountCents < pay.amount_cents) {
      throw new HttpError(422, 'The paid amount does not match the payment.');
    }
    // Claim the payment first: a concurrent webhook waits on this row and then finds it paid.
    const claimed = await trx
      .updateTable('payments')
      .set({ status: 'paid', amount_cents: event.amountCents, updated_at: now })
      .where('id', '=', pay.id)
      .where('status', '=', 'new')
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return { payment: pay, replayed: true, balanceCents: null };
    const promo = pay.promo_id !== null ? await redeemPromoIn(trx, pay.promo_id, pay.user_id, pay.id, now) : null;
    const bonus = promo ? bonusCents(promo, event.amountCents) : 0;
    const paid = await trx
      .updateTable('payments')
      .set({ bonus_cents: bonus })
      .where('id', '=', pay.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const move = await applyMoveIn(trx, {
      userId: pay.user_id,
      deltaCents: event.amountCents + bonus,
      kind: 'deposit',
      reference: `payment:${pay.id}`,
      idempotencyKey: `payment:${pay.id}`,
      now,
    });
    return { payment: paid, replayed: false, balanceCents: move.balanceAfterCents };
  });
}

/** A payment as the history shows it. */
export function publicPayment(p: Payment) {
  const status = p.status as PaymentStatus;
  const look = PAYMENT_STATUS_LOOK[status];
  return {
    id: p.id,
    method: p.method,
    amount: toDollars(p.amount_cents),
    bonus: toDollars(p.bonus_cents),
    currency: p.method === 'alphapo' ? p.currency : null,
    status,
    status_title: look.title,
    status_color: look.color,
    created_at: new Date(p.created_at).toISOString(),
  };
}

/** The player's payments, newest first. */
export async function listPayments(db: DB, userId: number, limit = 100) {
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(publicPayment);
}

/** Reverses a paid deposit (chargeback): takes back amount + bonus once; 422 if the balance is too low. */
export async function reversePayment(
  db: DB,
  paymentId: number,
  now: number,
): Promise<{ payment: Payment; balanceCents: number }> {
  return db.transaction().execute(async (trx) => {
    const pay = await trx
      .updateTable('payments')
      .set({ status: 'reversed', updated_at: now })
      .where('id', '=', paymentId)
      .where('status', '=', 'paid')
      .returningAll()
      .executeTakeFirst();
    if (!pay) {
      const exists = await trx.selectFrom('payments').select('status').where('id', '=', paymentId).executeTakeFirst();
      throw exists
        ? new HttpError(409, `A ${exists.status} payment cannot be reversed.`)
        : new HttpError(404, 'Payment not found.');
    }
    const move = await applyMoveIn(trx, {
      userId: pay.user_id,
      deltaCents: -(pay.amount_cents + pay.bonus_cents),
      kind: 'reversal',
      reference: `payment:${pay.id}`,
      idempotencyKey: `reversal:${pay.id}`,
      now,
    });
    return { payment: pay, balanceCents: move.balanceAfterCents };
  });
}
