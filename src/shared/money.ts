// Money at the edge: the API speaks US dollars as numbers with at most 2 decimals; everything
// inside is integer cents. Conversions here are exact and refuse anything they cannot represent.
import { z } from 'zod';

/** Integer US cents. */
export type Cents = number;

/** Largest dollar amount any request may carry (keeps cents far below 2^53). */
export const MAX_DOLLARS = 1_000_000;

/** Why a value is not a dollar amount, or null when it is one. */
export function dollarsProblem(value: unknown, maxDollars = MAX_DOLLARS): string | null {
  if (typeof value !== 'number') return 'must be a number';
  if (!Number.isFinite(value)) return 'must be a finite number';
  if (Math.abs(value) > maxDollars) return `must be at most ${maxDollars}`;
  // The shortest round-trip decimal form of a double: exact when it has ≤ 2 decimals.
  if (!/^-?\d+(\.\d{1,2})?$/.test(String(value))) return 'must have at most 2 decimals';
  return null;
}

/** Dollars (≤ 2 decimals) → integer cents; throws RangeError on anything else. */
export function dollarsToCents(value: unknown, maxDollars = MAX_DOLLARS): Cents {
  const problem = dollarsProblem(value, maxDollars);
  if (problem) throw new RangeError(`amount ${problem}`);
  const cents = Math.round((value as number) * 100);
  return cents === 0 ? 0 : cents; // no -0
}

/** Integer cents → dollars (a number with ≤ 2 decimals). */
export function centsToDollars(cents: Cents): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer, got ${cents}`);
  return cents / 100;
}

/** Parses a decimal string of dollars ("12", "12.5", "12.50") exactly; null when not one. */
export function parseDollarString(text: string): Cents | null {
  const m = /^(-)?(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] && cents !== 0 ? -cents : cents;
}

/** Cents as "$1,234.50" (en-US, 2 decimals). */
export function formatUsd(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as a fixed "12.50" string (URLs, webhooks). */
export function centsToFixed(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A zod schema of a positive dollar amount between `min` and `max` dollars with ≤ 2 decimals. */
export function dollarsSchema(min: number, max = MAX_DOLLARS, field = 'amount') {
  return z.number({ error: `The ${field} must be a number.` }).superRefine((v, ctx) => {
    const problem = dollarsProblem(v, Number.MAX_SAFE_INTEGER);
    if (problem) ctx.addIssue({ code: 'custom', message: `The ${field} ${problem}.` });
    else if (v < min) ctx.addIssue({ code: 'custom', message: `The ${field} must be at least ${min}.` });
    else if (v > max) ctx.addIssue({ code: 'custom', message: `The ${field} must be at most ${max}.` });
  });
}
