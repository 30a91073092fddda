// The crash multiplier curve (round-games.md): m(t) = e^(0.00006 · t), t in ms since the round
// began; its inverse t(m) = ln(m) / 0.00006. Shown and paid floored to 2 decimals. The server
// prices cash-outs with it and the client draws with it, so both use this one function.

/** Growth rate per ms. */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** The exact multiplier `elapsedMs` ms into a round (1 at 0; never below 1). */
export function crashMultiplierAt(elapsedMs: number): number {
  return Math.exp(CRASH_GROWTH_PER_MS * Math.max(0, elapsedMs));
}

/** The multiplier as shown and paid: floored to 2 decimals (with a guard against float dust). */
export function crashMultiplierFloor(elapsedMs: number): number {
  return Math.floor(crashMultiplierAt(elapsedMs) * 100 + 1e-9) / 100;
}

/** The first ms at which the multiplier reaches `multiplier` (0 for ≤ 1). */
export function crashTimeOf(multiplier: number): number {
  return multiplier <= 1 ? 0 : Math.log(multiplier) / CRASH_GROWTH_PER_MS;
}

/** A payout: amount × multiplier floored to the cent (dollars in, dollars out). */
export function crashPayout(amount: number, multiplier: number): number {
  return Math.floor(Math.round(amount * 100) * multiplier + 1e-6) / 100;
}
