// The upgrade outcome: the one function the server, the verify CLI and the verify page call
// (fairness.md: roll = f0 × 100 in [0, 100), win iff roll < chance %). Also what the needle ends on.
import { upgradeRoll, type SeedInput } from '../../fair/index.ts';

/** One upgrade's result: what the needle must land on. */
export interface UpgradeOutcome {
  roll: number; // [0, 100): fair float × 100
  chance: number; // percent, 2 decimals
  win: boolean; // roll < chance
}

/** Whether a roll wins against a chance in percent. */
export function upgradeRollWins(roll: number, chance: number): boolean {
  return roll < chance;
}

/** The outcome of an upgrade at `chance` % from its seeds. */
export function upgradeOutcome(seeds: SeedInput, chance: number): UpgradeOutcome {
  const roll = upgradeRoll(seeds);
  return { roll, chance, win: upgradeRollWins(roll, chance) };
}
