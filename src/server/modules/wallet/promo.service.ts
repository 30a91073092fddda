// Promo codes: validation for a player, the bonus they give, and their one-time redemption
// inside the transaction that pays the deposit they were applied to.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Tables, PromoCodesTable } from '../../db/tables.ts';
import { fieldError } from '../../http/errors.ts';
import { PROMO_CASE35, PROMO_LABEL_CODE } from '../../../shared/constants.ts';
import { timesHundredths, toDollars } from '../../../shared/money.ts';

type Trx = Transaction<Tables>;
/** A promo code row as read. */
export type Promo = Omit<PromoCodesTable, 'id'> & { id: number };

/** What an operator creates. */
export interface NewPromo {
  code: string;
  value: number; // percent (1–100), or cents when fixed
  isFixed: boolean;
  freeBox?: boolean;
  maxUses?: number | null;
  expiresAt?: number | null; // epoch ms
}

/** Normalises a typed code (promo codes and vouchers are case-insensitive). */
export function normaliseCode(code: string): string {
  return code.trim().toLowerCase();
}

/** Creates a promo code (or leaves an existing one of that code untouched). Returns its row. */
export async function createPromo(db: DB | Trx, p: NewPromo, now: number): Promise<Promo> {
  const code = normaliseCode(p.code);
  if (!/^[a-z0-9_-]{2,64}$/.test(code)) throw fieldError('code', 'A promo code is 2–64 letters, digits, - or _.');
  if (!Number.isSafeInteger(p.value) || p.value <= 0 || (!p.isFixed && p.value > 100))
    throw fieldError('value', 'The promo value must be a percentage 1–100 or a positive cents amount.');
  await db
    .insertInto('promo_codes')
    .values({
      code,
      value: p.value,
      is_fixed_value: p.isFixed ? 1 : 0,
      free_box: p.freeBox ? 1 : 0,
      max_uses: p.maxUses ?? null,
      uses: 0,
      expires_at: p.expiresAt ?? null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  return db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

/** Seeds the two promo codes of the spec (idempotent). */
export async function seedPromos(db: DB, now: number): Promise<void> {
  await createPromo(db, { code: PROMO_CASE35.code, value: PROMO_CASE35.percent, isFixed: false, freeBox: true }, now);
  await createPromo(db, { code: PROMO_LABEL_CODE.code, value: PROMO_LABEL_CODE.percent, isFixed: false }, now);
}

/** The promo a player may apply now, or a 422 on `promocode` saying why not. */
export async function checkPromo(db: DB, userId: number, typed: string, now: number): Promise<Promo> {
  const promo = await db
    .selectFrom('promo_codes')
    .selectAll()
    .where('code', '=', normaliseCode(typed))
    .executeTakeFirst();
  if (!promo) throw fieldError('promocode', 'This promo code does not exist.');
  if (promo.expires_at !== null && now >= promo.expires_at)
    throw fieldError('promocode', 'This promo code has expired.');
  if (promo.max_uses !== null && promo.uses >= promo.max_uses)
    throw fieldError('promocode', 'This promo code is no longer available.');
  const used = await db
    .selectFrom('promo_redemptions')
    .select('id')
    .where('promo_id', '=', promo.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (used) throw fieldError('promocode', 'You have already used this promo code.');
  return promo;
}

/** The bonus in cents a promo adds to a deposit of `amountCents`. */
export function bonusCents(promo: Pick<Promo, 'value' | 'is_fixed_value'>, amountCents: number): number {
  return promo.is_fixed_value ? promo.value : timesHundredths(amountCents, promo.value);
}

/** The promo as the API shows it (value in percent, or dollars when fixed). */
export function publicPromo(promo: Promo): { code: string; value: number; is_fixed_value: boolean } {
  return {
    code: promo.code,
    value: promo.is_fixed_value ? toDollars(promo.value) : promo.value,
    is_fixed_value: promo.is_fixed_value === 1,
  };
}

/**
 * Records the player's one use of `promoId` for `paymentId` inside the paying transaction.
 * False (no bonus) when they used it already or the total limit is reached meanwhile.
 */
export async function redeemPromoIn(
  trx: Trx,
  promoId: number,
  userId: number,
  paymentId: number,
  now: number,
): Promise<Promo | null> {
  const mine = await trx
    .insertInto('promo_redemptions')
    .values({ promo_id: promoId, user_id: userId, payment_id: paymentId, created_at: now })
    .onConflict((oc) => oc.columns(['promo_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!mine) return null;
  const counted = await trx
    .updateTable('promo_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', promoId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .returningAll()
    .executeTakeFirst();
  if (!counted) {
    await trx.deleteFrom('promo_redemptions').where('id', '=', mine.id).execute();
    return null;
  }
  if (counted.free_box) {
    await trx
      .insertInto('entitlements')
      .values({
        user_id: userId,
        kind: 'free_box',
        source: `promo:${counted.code}`,
        reference: `payment:${paymentId}`,
        used_at: null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .execute();
  }
  return counted;
}
