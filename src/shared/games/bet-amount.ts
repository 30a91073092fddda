// The bet amount every game's HUD edits: one parse, one rounding rule for ½ and 2×, one message.
// Everything is integer cents; the field's text is only read and written at the edge.
import { centsToFixed, formatUsd, parseDollarString } from '../money.ts';

/** A game's bet limits, in integer cents (DICE_LIMITS, CRASH_LIMITS, … map onto it). */
export interface BetLimits {
  minCents: number; // smallest stake
  maxCents: number; // largest stake
}

/** The factors of the ½ and 2× buttons (and hotkeys). */
export type AmountFactor = 0.5 | 2;

/** A game's `{ minBetCents, maxBetCents }` as BetLimits. */
export function betLimits(limits: { minBetCents: number; maxBetCents: number }): BetLimits {
  return { minCents: limits.minBetCents, maxCents: limits.maxBetCents };
}

/** The field's text (or dollars) as cents, floored to the cent; null when it is not an amount. */
export function amountCents(amount: string | number): number | null {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount) || amount < 0) return null;
    if (amount >= 1e9) return Math.floor(amount) * 100;
    amount = amount.toFixed(6); // a double's dollars as decimal text (0.29 → "0.290000")
  }
  const m = /^(\d*)(?:\.(\d*))?$/.exec(amount.trim());
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return null;
  return Number(m[1] || '0') * 100 + Number((m[2] ?? '').slice(0, 2).padEnd(2, '0'));
}

/** ½ or 2× of an amount in cents: ½ floors to the cent, 2× doubles; clamped to the limits (no amount → the minimum). */
export function scaleAmount(amount: string | number, factor: AmountFactor, limits: BetLimits): number {
  const cents = amountCents(amount) ?? 0;
  const scaled = factor === 2 ? cents * 2 : Math.floor(cents / 2);
  return Math.min(limits.maxCents, Math.max(limits.minCents, scaled));
}

/** scaleAmount as the field's text ("12.50"). */
export function scaleAmountText(amount: string | number, factor: AmountFactor, limits: BetLimits): string {
  return centsToFixed(scaleAmount(amount, factor, limits));
}

/** The message under the field, or null when the text is a stake the game takes. */
export function betAmountError(text: string, limits: BetLimits): string | null {
  const cents = parseDollarString(text);
  if (cents === null || cents < 0) return 'Bet amount is not valid.';
  if (cents < limits.minCents || cents > limits.maxCents)
    return `Bet between ${formatUsd(limits.minCents)} and ${formatUsd(limits.maxCents)}`;
  return null;
}
