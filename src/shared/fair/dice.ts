// Dice: roll = floor(f0 × 10001) / 100 in 0.00 … 100.00; multiplier = 99 / win chance (1% edge).
import { floats, type SeedInput } from './bytes.ts';

/** Which side of the target wins. */
export type DiceDirection = 'over' | 'under';

/** Smallest and largest win chance in percent. */
export const DICE_MIN_CHANCE = 0.01;
export const DICE_MAX_CHANCE = 98;
/** Return to player: multiplier = RTP × 100 / chance. */
export const DICE_RTP = 0.99;

/** The roll for a float. */
export function diceRollFromFloat(f: number): number {
  return Math.floor(f * 10001) / 100;
}

/** The roll of a bet. */
export function diceRoll(input: SeedInput): number {
  return diceRollFromFloat(floats(input, 1)[0]!);
}

/** Win chance (%) for a target and direction, rounded to 2 decimals. */
export function diceChance(target: number, direction: DiceDirection): number {
  return Math.round((direction === 'under' ? target : 100 - target) * 100) / 100;
}

/** The target that gives `chance` % on `direction`. */
export function diceTargetForChance(chance: number, direction: DiceDirection): number {
  return Math.round((direction === 'under' ? chance : 100 - chance) * 100) / 100;
}

/** Payout multiplier for a chance, floored to 4 decimals (never above 99/chance). */
export function diceMultiplier(chance: number): number {
  return Math.floor(((DICE_RTP * 100) / chance) * 10000) / 10000;
}

/** Whether a roll wins: over wins when roll > target, under when roll < target. */
export function diceWins(roll: number, target: number, direction: DiceDirection): boolean {
  return direction === 'over' ? roll > target : roll < target;
}

/** Why a target/direction pair is invalid, or null when it is playable. */
export function diceTargetError(target: number, direction: DiceDirection): string | null {
  if (!Number.isFinite(target) || Math.round(target * 100) !== target * 100)
    return 'The target must have at most 2 decimals.';
  const chance = diceChance(target, direction);
  if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE)
    return `The win chance must be between ${DICE_MIN_CHANCE}% and ${DICE_MAX_CHANCE}%.`;
  return null;
}
