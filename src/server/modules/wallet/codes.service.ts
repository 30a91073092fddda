// Gift codes (single use, fixed denominations) and vouchers (one use per player, total limit,
// expiry). Each redeem is ONE transaction: claim the code, record the payment, credit.
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Tables } from '../../db/tables.ts';
import { fieldError } from '../../http/errors.ts';
import { applyMoveIn } from './ledger.ts';
import { assertDepositAllowed } from '../responsible-play/responsible-play.service.ts';
import { normaliseCode } from './promo.service.ts';
import { GIFT_DENOMINATIONS } from '../../../shared/constants.ts';
import { formatUsd } from '../../../shared/money.ts';

/** A redeem that moved money. */
export interface Redeemed {
  userId: number;
  creditedCents: number;
  balanceCents: number;
  msg: string;
}

/** Normalises a gift code as printed (upper-case, no spaces). */
export function normaliseGift(code: string): string {
  return code.trim().toUpperCase().replace(/\s+/g, '');
}

/** Creates `count` gift codes of `valueCents` (a denomination of spec §9); returns the codes. */
export async function createGiftCodes(db: DB, valueCents: number, count: number, now: number): Promise<string[]> {
  if (!GIFT_DENOMINATIONS.some((d) => d * 100 === valueCents))
    throw fieldError('value', `Gift codes are worth ${GIFT_DENOMINATIONS.join(', ')} dollars.`);
  if (!Number.isSafeInteger(count) || count < 1 || count > 1000)
    throw fieldError('count', 'Create 1–1000 codes at a time.');
  const codes = Array.from(
    { length: count },
    () => `GIFT-${randomBytes(8).toString('hex').toUpperCase().match(/.{4}/g)!.join('-')}`,
  );
  await db
    .insertInto('gift_codes')
    .values(
      codes.map((code) => ({ code, value_cents: valueCents, redeemed_by: null, redeemed_at: null, created_at: now })),
    )
    .execute();
  return codes;
}

/** Redeems a gift code once; a second redeem (also a concurrent one) gets a 422. */
export async function redeemGiftCode(db: DB, userId: number, typed: string, now: number): Promise<Redeemed> {
  const code = normaliseGift(typed);
  return db.transaction().execute(async (trx) => {
    const gift = await trx
      .updateTable('gift_codes')
      .set({ redeemed_by: userId, redeemed_at: now })
      .where('code', '=', code)
      .where('redeemed_by', 'is', null)
      .returning(['id', 'value_cents'])
      .executeTakeFirst();
    if (!gift) {
      const exists = await trx.selectFrom('gift_codes').select('id').where('code', '=', code).executeTakeFirst();
      throw fieldError('code', exists ? 'This gift code has already been used.' : 'This gift code is not valid.');
    }
    await assertDepositAllowed(trx, userId, gift.value_cents, now); // self-exclusion, deposit limits (rolls back the claim)
    const balanceCents = await creditPaidCode(trx, userId, 'giftcard', gift.value_cents, `gift:${gift.id}`, now);
    return {
      userId,
      creditedCents: gift.value_cents,
      balanceCents,
      msg: `Gift card redeemed: ${formatUsd(gift.value_cents)} added to your balance.`,
    };
  });
}

/** Records a redeemed code as a paid payment and credits it (one deposit move keyed by `ref`); the new balance. */
async function creditPaidCode(
  trx: Transaction<Tables>,
  userId: number,
  method: 'giftcard' | 'voucher',
  cents: number,
  ref: string,
  now: number,
): Promise<number> {
  const pay = await trx
    .insertInto('payments')
    .values({
      user_id: userId,
      method: method,
      status: 'paid',
      amount_cents: cents,
      bonus_cents: 0,
      currency: 'USD',
      crypto_amount: null,
      promo_id: null,
      provider_ref: ref,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const move = await applyMoveIn(trx, {
    userId,
    deltaCents: cents,
    kind: 'deposit',
    reference: `payment:${pay.id}`,
    idempotencyKey: ref,
    now,
  });
  return move.balanceAfterCents;
}

/** What an operator creates. */
export interface NewVoucher {
  code: string;
  valueCents: number;
  maxUses?: number | null; // total uses across players
  expiresAt?: number | null; // epoch ms
}

/** Creates a voucher; a taken code is a 422. */
export async function createVoucher(db: DB, v: NewVoucher, now: number): Promise<{ id: number; code: string }> {
  const code = normaliseCode(v.code);
  if (!/^[a-z0-9_-]{2,64}$/.test(code)) throw fieldError('code', 'A voucher code is 2–64 letters, digits, - or _.');
  if (!Number.isSafeInteger(v.valueCents) || v.valueCents <= 0 || v.valueCents > 100_000_00)
    throw fieldError('value', 'A voucher is worth 0.01–100000 dollars.');
  if (v.maxUses != null && (!Number.isSafeInteger(v.maxUses) || v.maxUses < 1))
    throw fieldError('max_uses', 'The use limit must be a positive integer.');
  const row = await db
    .insertInto('vouchers')
    .values({
      code,
      value_cents: v.valueCents,
      max_uses: v.maxUses ?? null,
      uses: 0,
      expires_at: v.expiresAt ?? null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning(['id', 'code'])
    .executeTakeFirst();
  if (!row) throw fieldError('code', 'A voucher with this code exists already.');
  return row;
}

/** Redeems a voucher: once per player, within its total limit and before its expiry. */
export async function redeemVoucher(db: DB, userId: number, typed: string, now: number): Promise<Redeemed> {
  const code = normaliseCode(typed);
  return db.transaction().execute(async (trx) => {
    const v = await trx.selectFrom('vouchers').selectAll().where('code', '=', code).executeTakeFirst();
    if (!v) throw fieldError('code', 'This voucher is not valid.');
    if (v.expires_at !== null && now >= v.expires_at) throw fieldError('code', 'This voucher has expired.');
    await assertDepositAllowed(trx, userId, v.value_cents, now); // self-exclusion, deposit limits
    const mine = await trx
      .insertInto('voucher_redemptions')
      .values({ voucher_id: v.id, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['voucher_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!mine) throw fieldError('code', 'You have already used this voucher.');
    const counted = await trx
      .updateTable('vouchers')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', v.id)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
      .returning('id')
      .executeTakeFirst();
    if (!counted) throw fieldError('code', 'This voucher has been fully redeemed.'); // rolls back the redemption
    const balanceCents = await creditPaidCode(trx, userId, 'voucher', v.value_cents, `voucher:${v.id}:${userId}`, now);
    return {
      userId,
      creditedCents: v.value_cents,
      balanceCents,
      msg: `Voucher applied: ${formatUsd(v.value_cents)} added to your balance.`,
    };
  });
}
