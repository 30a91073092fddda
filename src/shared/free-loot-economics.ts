// Free-loot economics (issue 12; formula in src/server/modules/free-loot/README.md): a daily free
// box may be opened only while the player's ALLOWANCE covers its expected value, where
//   allowance = ⌊FREE_LOOT_SHARE × expected house profit of the last 30 days⌋ − EV of the daily
//               free boxes opened in the last 30 days.
// Expected house profit = Σ SETTLED wager × the edge of its game and table (shared/economics), the
// unit XP counts in. So in every 30-day window the EV taken stays ≤ FREE_LOOT_SHARE × the profit
// generated in it, and over any period ≤ FREE_LOOT_SHARE × the profit generated before its end:
// free loot gives back at most its share (economics/programme-shares.ts) of the house's expected
// profit, whatever the route, the first day included.
import { EDGE_UNITS_PER_XP } from './levels.ts';
import { PROGRAMME_SHARE_BP, shareOfEdgeCents } from './economics/programme-shares.ts';
import { formatUsd } from './money.ts';

/** Share of the recent expected house profit free loot may pay back, in basis points. */
export const FREE_LOOT_SHARE_BP = PROGRAMME_SHARE_BP.free_loot;
/** The window of the allowance (30 days). */
export const FREE_LOOT_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** Whole cents of expected house profit in `edgeUnits` (cents × basis points). */
export function profitCents(edgeUnits: number): number {
  return Math.floor(Math.max(0, edgeUnits) / EDGE_UNITS_PER_XP);
}

/** The allowance in cents (may be negative right after an opening) from the window's sums. */
export function freeLootAllowanceCents(recentEdgeUnits: number, takenEvCents: number): number {
  return shareOfEdgeCents(recentEdgeUnits, FREE_LOOT_SHARE_BP) - takenEvCents;
}

/** The message of a daily opening the allowance does not cover. */
export function allowanceMessage(evCents: number, allowanceCents: number): string {
  const need = Math.ceil(((evCents - allowanceCents) * 10_000) / FREE_LOOT_SHARE_BP);
  return `Play a little more to open this free box: it needs ${formatUsd(need)} more expected house profit (${need} XP) within 30 days.`;
}
