// A dice outcome: what the scene must end on. Built from the server's bet or from seeds.
import { diceChance, diceMultiplier, diceRoll, diceWins, type DiceDirection } from '../../fair/index.ts';
import type { SeedInput } from '../../fair/index.ts';

/** The result of one roll. */
export interface DiceOutcome {
  roll: number; // 0.00 … 100.00
  target: number; // 0.00 … 100.00
  direction: DiceDirection;
  win: boolean;
  multiplier: number;
}

/** The outcome of a bet recomputed from its seeds (what the verify page shows). */
export function diceOutcomeFromSeeds(seeds: SeedInput, target: number, direction: DiceDirection): DiceOutcome {
  const roll = diceRoll(seeds);
  return {
    roll,
    target,
    direction,
    win: diceWins(roll, target, direction),
    multiplier: diceMultiplier(diceChance(target, direction)),
  };
}

/** The outcome of a bet as the server reported it. */
export function diceOutcomeFromBet(bet: {
  roll: number;
  target: number;
  direction: DiceDirection;
  win: boolean;
  multiplier: number;
}): DiceOutcome {
  return { roll: bet.roll, target: bet.target, direction: bet.direction, win: bet.win, multiplier: bet.multiplier };
}
