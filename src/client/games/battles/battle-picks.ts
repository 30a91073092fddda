// The create page's picked boxes: a list in round order (repeats allowed, at most 50), their counts
// and the seat's cost (the sum of the boxes' prices, exact to the cent).
import { BATTLE_LIMITS } from '../../../shared/api/battles.ts';

/** What a pick needs of a box. */
export interface Pickable {
  slug: string;
  price: number; // dollars
}

/** Adds one `box` as the last round (unchanged when 50 are picked). */
export function pickBox<T extends Pickable>(picks: readonly T[], box: T): T[] {
  return picks.length >= BATTLE_LIMITS.maxBoxes ? [...picks] : [...picks, box];
}

/** Removes the last round that opens `slug`. */
export function unpickBox<T extends Pickable>(picks: readonly T[], slug: string): T[] {
  const i = picks.map((p) => p.slug).lastIndexOf(slug);
  return i < 0 ? [...picks] : [...picks.slice(0, i), ...picks.slice(i + 1)];
}

/** How many rounds open each box. */
export function boxCounts(picks: readonly Pickable[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of picks) counts.set(p.slug, (counts.get(p.slug) ?? 0) + 1);
  return counts;
}

/** The seat's cost in dollars. */
export function battleCost(picks: readonly Pickable[]): number {
  return picks.reduce((a, p) => a + Math.round(p.price * 100), 0) / 100;
}
