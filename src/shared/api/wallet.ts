// Request and response schemas of the wallet calls (spec §7): deposits, payments, withdrawals.
import { z } from 'zod';
import { CARD_MIN_DOLLARS, DEPOSIT_MAX_DOLLARS, SKINS_MIN_DOLLARS } from '../constants.ts';
import { dollarsSchema } from '../money.ts';
import { PAYMENT_STATUSES, WITHDRAWAL_STATUSES } from '../wallet/statuses.ts';

const code = (field: string) =>
  z
    .string({ error: `The ${field} must be a string.` })
    .trim()
    .min(1, `The ${field} is required.`)
    .max(64, `The ${field} is too long.`);

/** POST /api/deposit/promocode/validate body. */
export const promoValidateBody = z.object({ promocode: code('promocode') });
/** A promo code as the client sees it: value is a percentage, or dollars when is_fixed_value. */
export const promoSchema = z.object({ code: z.string(), value: z.number(), is_fixed_value: z.boolean() });
export const promoValidateResponse = z.object({ promocode: promoSchema });

const promoField = z
  .string({ error: 'The promocode must be a string.' })
  .trim()
  .max(64, 'The promocode is too long.')
  .default('');
/** POST /api/deposit/zen/redirect body. */
export const zenRedirectBody = z.object({
  amount: dollarsSchema(CARD_MIN_DOLLARS, DEPOSIT_MAX_DOLLARS),
  promocode: promoField,
});
/** POST /api/deposit/skinsback/redirect body. */
export const skinsRedirectBody = z.object({
  amount: dollarsSchema(SKINS_MIN_DOLLARS, DEPOSIT_MAX_DOLLARS),
  promocode: promoField,
});
export const redirectResponse = z.object({ redirect_url: z.string() });

/** One entry of POST /api/deposit/alphapo/available-currencies (rates as decimal strings). */
export const currencyEntrySchema = z.object({
  currency: z.string(),
  name: z.string(),
  network: z.string(),
  minimum_amount: z.string(), // in units of the currency, for CRYPTO_MIN_USD
  rate_from: z.string(), // "1" unit of the currency …
  rate_to: z.string(), // … equals this many USD (coins)
});
export const currenciesResponse = z.object({ data: z.array(currencyEntrySchema) });
export const depositAddressBody = z.object({ currency: code('currency') });
export const depositAddressResponse = z.object({ data: z.object({ wallet: z.string(), currency: z.string() }) });

/** Gift code and voucher redeem body and answer. */
export const redeemBody = z.object({ code: code('code') });
export const msgResponse = z.object({ msg: z.string(), balance: z.number() });

/** A payment in the player's history. */
export const paymentSchema = z.object({
  id: z.number().int(),
  method: z.string(), // zen, skinsback, alphapo, giftcard, voucher
  amount: z.number(), // dollars
  bonus: z.number(), // dollars
  currency: z.string().nullable(), // crypto code for alphapo
  status: z.enum(PAYMENT_STATUSES),
  status_title: z.string(),
  status_color: z.string(),
  created_at: z.string(), // ISO 8601
});
export const paymentsResponse = z.object({ data: z.array(paymentSchema) });

/** Withdrawal methods with minimum and fee (dollars), shown before confirming. */
export const withdrawOptionsResponse = z.object({
  data: z.array(
    z.object({
      method: z.string(),
      name: z.string(),
      network: z.string(),
      minimum_amount: z.number(),
      fee: z.number(),
    }),
  ),
});
/** POST /api/withdrawals body. */
export const withdrawBody = z.object({
  amount: dollarsSchema(0.01),
  method: code('method'),
  address: code('address').max(100, 'The address is too long.'),
});
export const withdrawalSchema = z.object({
  id: z.number().int(),
  amount: z.number(), // dollars debited
  fee: z.number(), // dollars
  payout: z.number(), // dollars sent = amount - fee
  method: z.string(),
  address: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  status_title: z.string(),
  status_color: z.string(),
  created_at: z.string(),
});
export const withdrawalResponse = z.object({ data: withdrawalSchema, balance: z.number() });
export const withdrawalsResponse = z.object({ data: z.array(withdrawalSchema) });
export const idParams = z.object({
  id: z.coerce.number({ error: 'Not found.' }).int('Not found.').positive('Not found.').max(Number.MAX_SAFE_INTEGER),
});
