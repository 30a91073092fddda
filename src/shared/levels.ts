// The published level curve (shown on /freeloot): 1 XP per whole dollar wagered (box and user-box
// openings, dice bets, upgrades); reaching level L takes 25 × (L − 1)² XP in total, so level 1 is
// free, level 2 needs 25 XP ($25 wagered), level 10 needs 2,025 XP and level 110 needs 297,025.
// Levels never exceed MAX_LEVEL. Free boxes unlock by level tier (1, 10, 20 … 110).

/** The highest level. */
export const MAX_LEVEL = 120;
/** XP per level step factor: total XP for level L = XP_FACTOR × (L − 1)². */
export const XP_FACTOR = 25;
/** Cents wagered per XP point (1 XP per $1). */
export const CENTS_PER_XP = 100;
/** Ledger kinds that count as wagering (debits only). */
export const WAGER_KINDS: readonly string[] = ['bet', 'box', 'user_box', 'upgrade'];
/** Level tiers of spec §3, each with its own badge and free box. */
export const LEVEL_TIERS: readonly number[] = [1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110];

/** XP earned by `wageredCents` in total (whole dollars). */
export function xpForWagered(wageredCents: number): number {
  return Math.floor(Math.max(0, wageredCents) / CENTS_PER_XP);
}

/** Total XP needed to reach `level` (1 → 0). */
export function xpForLevel(level: number): number {
  const l = Math.min(MAX_LEVEL, Math.max(1, Math.floor(level)));
  return XP_FACTOR * (l - 1) * (l - 1);
}

/** The level `xp` total XP reaches (1…MAX_LEVEL). */
export function levelForXp(xp: number): number {
  if (!(xp > 0)) return 1;
  let level = Math.min(MAX_LEVEL, Math.floor(Math.sqrt(xp / XP_FACTOR)) + 1);
  // sqrt in floating point can be one off near perfect squares: settle it in integers
  while (level < MAX_LEVEL && xpForLevel(level + 1) <= xp) level++;
  while (level > 1 && xpForLevel(level) > xp) level--;
  return level;
}

/** The level `wageredCents` in total reaches. */
export function levelForWagered(wageredCents: number): number {
  return levelForXp(xpForWagered(wageredCents));
}

/** A player's progress: XP now, the XP total of the current and the next level (null at the top). */
export interface LevelProgress {
  level: number;
  xp: number;
  level_xp: number; // total XP at which the current level began
  next_level_xp: number | null; // total XP for the next level; null at MAX_LEVEL
}

/** Progress of a player with `wageredCents` wagered and stored level `level`. */
export function levelProgress(wageredCents: number, level: number): LevelProgress {
  const xp = xpForWagered(wageredCents);
  return { level, xp, level_xp: xpForLevel(level), next_level_xp: level >= MAX_LEVEL ? null : xpForLevel(level + 1) };
}

/** The tier key of a level: below 10 → 1, otherwise rounded down to ten (at most 110). */
export function tierForLevel(level: number): number {
  if (!(level >= 10)) return 1;
  return Math.min(110, Math.floor(level / 10) * 10);
}
