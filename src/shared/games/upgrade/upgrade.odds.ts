// Upgrade odds in integer basis points of a percent (1 bp = 0.01%; 10,000 bp = 100%):
// chance = stake / target × (1 − edge), rounded down, capped at 75%, refused below 1%.
// The roll and the win are upgrade.outcome.ts.

/** House edge in basis points: an uncapped upgrade returns 95% of the stake on average. */
export const UPGRADE_EDGE_BP = 500;
/** Highest chance (bp): 75%. A stake worth more than that buys no better odds. */
export const UPGRADE_MAX_CHANCE_BP = 7_500;
/** Lowest chance (bp): 1%. Below it the upgrade is refused (422). */
export const UPGRADE_MIN_CHANCE_BP = 100;
/** Most inventory items one upgrade may stake. */
export const UPGRADE_MAX_ITEMS = 10;

/** The chance for a stake and a target. */
export interface UpgradeChance {
  rawBp: number; // floor(stake × (10000 − edge) / target), before the cap
  chanceBp: number; // min(raw, cap): what the roll is compared with
  capped: boolean; // raw was above the cap
}

/** Chance in bp for integer-cent values (integer arithmetic; exact below 2^53). */
export function upgradeChance(stakeCents: number, targetCents: number): UpgradeChance {
  if (!(targetCents > 0) || !(stakeCents >= 0)) return { rawBp: 0, chanceBp: 0, capped: false };
  const rawBp = Math.floor((stakeCents * (10_000 - UPGRADE_EDGE_BP)) / targetCents);
  return { rawBp, chanceBp: Math.min(rawBp, UPGRADE_MAX_CHANCE_BP), capped: rawBp > UPGRADE_MAX_CHANCE_BP };
}

/** Why this stake cannot upgrade into this target, or null when it can. */
export function upgradeChanceError(stakeCents: number, targetCents: number): string | null {
  if (stakeCents <= 0) return 'Choose at least one item to stake.';
  if (targetCents <= stakeCents) return 'The target must be worth more than your stake.';
  if (upgradeChance(stakeCents, targetCents).chanceBp < UPGRADE_MIN_CHANCE_BP)
    return `The chance would be below ${UPGRADE_MIN_CHANCE_BP / 100}%: stake more or choose a cheaper target.`;
  return null;
}

/** Percent with 2 decimals for a bp value (what the wire and the screen show). */
export function bpToPercent(bp: number): number {
  return bp / 100;
}
