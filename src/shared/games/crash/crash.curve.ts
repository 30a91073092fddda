// The crash multiplier curve, shared by the server (cash-outs, the crash time) and the client
// (drawing from the server's elapsed time): m(t) = e^(0.00006 · t), t in ms since the round began.
// Shown and paid floored to the cent; the inverse gives the first whole ms at which a multiplier
// (in cents) is reached, so the server and the browser agree on every cent boundary.

/** Growth rate per ms. */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** The exact multiplier after `elapsedMs` (≥ 1). */
export function crashMultiplierAt(elapsedMs: number): number {
  return Math.exp(CRASH_GROWTH_PER_MS * Math.max(0, elapsedMs));
}

/** The multiplier after `elapsedMs` in whole cents, floored (100 = 1.00×). */
export function crashCentsAt(elapsedMs: number): number {
  return Math.floor(crashMultiplierAt(elapsedMs) * 100);
}

/** The multiplier after `elapsedMs`, floored to 2 decimals (what a cash-out at that time pays). */
export function crashFlooredAt(elapsedMs: number): number {
  return crashCentsAt(elapsedMs) / 100;
}

/** The first whole ms at which the floored multiplier reaches `cents` (100 → 0). */
export function crashMsForCents(cents: number): number {
  if (cents <= 100) return 0;
  let ms = Math.max(0, Math.ceil(Math.log(cents / 100) / CRASH_GROWTH_PER_MS) - 1);
  while (crashCentsAt(ms) < cents) ms++;
  while (ms > 0 && crashCentsAt(ms - 1) >= cents) ms--;
  return ms;
}

/** The first whole ms at which the floored multiplier reaches `multiplier` (2 decimals). */
export function crashMsFor(multiplier: number): number {
  return crashMsForCents(Math.round(multiplier * 100));
}
