// The dice outcome: the one function the server, the verify CLI and the verify page call to turn
// seeds into a roll (fairness.md: roll = floor(f0 × 10001) / 100) and, given the bet's target and
// direction, the win and the multiplier. Also what the scene must end on.
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

/** The roll of a seed triple (no bet side known: the CLI without --target). */
export function diceOutcome(seeds: SeedInput): { roll: number };
/** The outcome of a bet on `target` / `direction` from its seeds. */
export function diceOutcome(seeds: SeedInput, target: number, direction: DiceDirection): DiceOutcome;
export function diceOutcome(
  seeds: SeedInput,
  target?: number,
  direction?: DiceDirection,
): DiceOutcome | { roll: number } {
  const roll = diceRoll(seeds);
  if (target === undefined || direction === undefined) return { roll };
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
