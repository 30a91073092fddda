// What the programmes give back (issue 24): each is a share of the EXPECTED house profit of the
// player's SETTLED wagers (stake × the edge of its game and table, shared/economics/house-edge.ts;
// a refunded or canceled wager counts for nothing), so no outcome, variance trick or timing
// changes what a wager earns. Together they are at most half the edge, whatever the strategy:
//   cashback     10 % of the day's expected house profit, claimable after the 21:00 reset
//   commission   15 % of a referred player's, to the referrer (never on an account the referrer controls)
//   free loot    15 %: the free boxes' expected value over any 30 days stays within it
//   leaderboard  10 %: a prize never pays more than this share of the winner's own week
//   ─────────────
//                50 % — the house keeps at least half the edge of every game and table.
// A player who is their own referrer (undetected) gets all four: still half.

/** Each programme's share of the expected house profit of settled wagers, in basis points. */
export const PROGRAMME_SHARE_BP = {
  cashback: 1_000,
  commission: 1_500,
  free_loot: 1_500,
  leaderboard: 1_000,
} as const;

/** The programmes' shares together, in basis points: never more than half the edge. */
export const PROGRAMMES_TOTAL_SHARE_BP = Object.values(PROGRAMME_SHARE_BP).reduce((a, b) => a + b, 0);

/** Whole cents of `shareBp` of the expected house profit in `edgeUnits` (cents × bp), rounded down. */
export function shareOfEdgeCents(edgeUnits: number, shareBp: number): number {
  if (!(edgeUnits > 0)) return 0;
  return Number((BigInt(Math.floor(edgeUnits)) * BigInt(shareBp)) / 100_000_000n);
}

/** A programme's share as a percent (for the pages and the API). */
export function sharePercent(shareBp: number): number {
  return shareBp / 100;
}
