// Form schemas and small helpers of the deposit forms (spec §5): the default invalid message is
// "{field} is not valid.", the card amount is a required number with a minimum of 5.
import { z } from 'zod';
import { CARD_MIN_DOLLARS } from '../../../shared/constants.ts';
import type { promoSchema } from '../../../shared/api/wallet.ts';
import { ApiError } from '../../lib/api.ts';
import { formatDollars } from '../../lib/format.ts';

/** The default invalid message of spec §5. */
export function notValid(field: string): string {
  return `${field} is not valid.`;
}

const amount = z.number({ error: notValid('Amount') }).refine(Number.isFinite, notValid('Amount'));

/** Card deposit form: amount ≥ 5, optional code. */
export const cardFormSchema = z.object({
  amount: amount.refine((v) => v >= CARD_MIN_DOLLARS, `Minimum amount is ${CARD_MIN_DOLLARS}.`),
  code: z.string({ error: notValid('Code') }).optional(),
});
export type CardForm = z.infer<typeof cardFormSchema>;

/** Skins deposit form: amount is a required number. */
export const skinsFormSchema = z.object({
  amount: amount.refine((v) => v > 0, notValid('Amount')),
  code: z.string().optional(),
});
export type SkinsForm = z.infer<typeof skinsFormSchema>;

/** A promo code as the validate call answers it. */
export type Promo = z.infer<typeof promoSchema>;

/** The bonus a promo adds to `amount` dollars, in dollars (rounded to cents). */
export function promoBonus(promo: Promo | null, amount: number): number {
  if (!promo || !Number.isFinite(amount) || amount <= 0) return 0;
  return promo.is_fixed_value ? promo.value : Math.round(amount * promo.value) / 100;
}

/** The short label of a promo's value: "35%" or "$5.00". */
export function promoValueLabel(promo: Promo): string {
  return promo.is_fixed_value ? formatDollars(promo.value) : `${promo.value}%`;
}

/** Message of a failed call: msg first, then message (promo, redirect; spec §8). */
export function msgFirst(e: unknown): string {
  if (e instanceof ApiError) return e.body.msg ?? e.body.message ?? e.message;
  return 'Network error. Please try again.';
}

/** Message of a failed call: message first, then msg (gift code, voucher; spec §8). */
export function messageFirst(e: unknown): string {
  if (e instanceof ApiError) return e.body.message ?? e.body.msg ?? e.message;
  return 'Network error. Please try again.';
}

/** Where the browser goes for a hosted checkout (replaceable in tests). */
export const browser = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/** A number query parameter of the current URL, if valid. */
export function queryNumber(name: string): number | null {
  const raw = new URLSearchParams(window.location.search).get(name);
  const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** A string query parameter of the current URL, if present. */
export function queryText(name: string): string | null {
  const v = new URLSearchParams(window.location.search).get(name);
  return v && v.trim() ? v.trim() : null;
}
