// Fixed-point quantities that are not money: basis points (a percent × 100) and multipliers held in
// hundredths (×2.35 as 235, crash points, auto cash-outs). Money has its own module, money.ts.

/** A value held in hundredths as a number (235 → 2.35; a basis point value → its percent). */
export function fromHundredths(hundredths: number): number {
  return Number(hundredths) / 100;
}

/** Basis points as a percent with 2 decimals (what the wire and the screen show): 150 → 1.5. */
export function bpToPercent(bp: number): number {
  return fromHundredths(bp);
}

/** A number with at most 2 decimals in hundredths, rounded to the nearest (2.35 → 235). */
export function toHundredths(value: number): number {
  return Math.round(value * 100);
}
