// Money at the edge: the API speaks US dollars as numbers with at most 2 decimals; everything
// inside is integer cents, branded `Cents`. Dollars become cents only in `toCents` and cents become
// dollars only in `toDollars` / `formatUsd` / `centsToFixed`: no other file divides money by 100.
// Conversions are exact and refuse anything they cannot represent.
import { z } from 'zod';

/** Integer US cents (a safe integer). Made only by the functions here; assignable to `number`. */
export type Cents = number & { readonly __brand: 'Cents' };

/** Largest dollar amount any request may carry (keeps cents far below 2^53). */
export const MAX_DOLLARS = 1_000_000;

/** `n` as Cents; throws RangeError unless it is a safe integer (-0 becomes 0). For amounts read from
 * the database, constants and integer arithmetic on cents. */
export function asCents(n: number): Cents {
  if (!Number.isSafeInteger(n)) throw new RangeError(`cents must be a safe integer, got ${n}`);
  return (n === 0 ? 0 : n) as Cents;
}

/** Why a value is not a dollar amount, or null when it is one. */
export function dollarsProblem(value: unknown, maxDollars = MAX_DOLLARS): string | null {
  if (typeof value !== 'number') return 'must be a number';
  if (!Number.isFinite(value)) return 'must be a finite number';
  if (Math.abs(value) > maxDollars) return `must be at most ${maxDollars}`;
  // The shortest round-trip decimal form of a double: exact when it has ≤ 2 decimals.
  if (!/^-?\d+(\.\d{1,2})?$/.test(String(value))) return 'must have at most 2 decimals';
  if (!Number.isSafeInteger(Math.round(value * 100))) return 'is too large';
  return null;
}

/** Dollars (≤ 2 decimals, |d| ≤ maxDollars) → Cents; throws RangeError on anything else. The one
 * rounding: the nearest cent of d × 100, which is exact because d has at most 2 decimals. */
export function toCents(dollars: number, maxDollars = MAX_DOLLARS): Cents {
  const problem = dollarsProblem(dollars, maxDollars);
  if (problem) throw new RangeError(`amount ${problem}`);
  return asCents(Math.round(dollars * 100));
}

/** Integer cents → dollars (a number with ≤ 2 decimals), for the API edge. */
export function toDollars(cents: number): number {
  return asCents(cents) / 100;
}

/** `toDollars`, null staying null (nullable columns). */
export function toDollarsOrNull(cents: number | null): number | null {
  return cents === null ? null : toDollars(cents);
}

/** Σ cents (exact; throws past 2^53). */
export function sumCents(values: readonly number[]): Cents {
  return asCents(values.reduce((a, c) => a + asCents(c), 0));
}

/** Cents × hundredths / 100, rounded down: a multiplier held in hundredths (×2.35 as 235) or a
 * percent (15% as 15). The one rounding of a payout or a share: the cent fraction goes to the house. */
export function timesHundredths(cents: number, hundredths: number): Cents {
  if (!Number.isSafeInteger(hundredths)) throw new RangeError(`hundredths must be an integer, got ${hundredths}`);
  return asCents(Math.floor((asCents(cents) * hundredths) / 100));
}

/** Parses a decimal string of dollars ("12", "12.5", "12.50") exactly; null when not one. */
export function parseDollarString(text: string): Cents | null {
  const m = /^(-)?(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return asCents(m[1] ? -cents : cents);
}

/** Cents as "$1,234.50" (en-US, 2 decimals): the one money formatter of pages and messages. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as a fixed "12.50" string (URLs, webhooks). */
export function centsToFixed(cents: number): string {
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
