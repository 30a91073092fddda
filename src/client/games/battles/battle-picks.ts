// The create page's picked boxes: a list in round order (repeats allowed, at most 50), their counts
// and the seat's cost (the sum of the boxes' prices, exact to the cent).
import { BATTLE_LIMITS, MODE_LAYOUT, type BattleMode } from '../../../shared/api/battles.ts';
import { formatDollars } from '../../lib/format.ts';

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

/** The create page's options. */
export interface BattleOptions {
  crazy: boolean;
  terminal: boolean;
  private: boolean;
}

/** Each option's switch label. */
export const OPTION_LABELS: Record<keyof BattleOptions, string> = {
  crazy: 'Crazy (the lowest total wins)',
  terminal: 'Terminal (only the last box decides)',
  private: 'Private (joined by its link)',
};

/** The line before Create: "2v2 · 3 rounds · $4.50 a seat · Crazy, Private". */
export function battleSummary(mode: BattleMode, rounds: number, cost: number, options: BattleOptions): string {
  const on = (['crazy', 'terminal', 'private'] as const).filter((k) => options[k]);
  const names = on.map((k) => k[0]!.toUpperCase() + k.slice(1)).join(', ');
  return [
    mode,
    `${rounds} ${rounds === 1 ? 'round' : 'rounds'}`,
    `${formatDollars(cost)} a seat`,
    names || 'no options',
  ].join(' · ');
}

/** What filling every other seat of `mode` with bots costs the creator, in dollars. */
export function botFillCost(mode: BattleMode, cost: number): number {
  return (Math.round(cost * 100) * (MODE_LAYOUT[mode].seats - 1)) / 100;
}
