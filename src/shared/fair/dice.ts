// Dice: roll = floor(f0 × 10001) / 100 in 0.00 … 100.00; multiplier = 99 / win chance (1% edge).
import { floats, type SeedInput } from './bytes.ts';

/** Which side of the target wins. */
export type DiceDirection = 'over' | 'under';

/** Smallest and largest win chance in percent. */
export const DICE_MIN_CHANCE = 0.01;
export const DICE_MAX_CHANCE = 98;
/** The same bounds in basis points (1 bp = 0.01 %): targets, chances and rolls are whole bp inside. */
export const DICE_MIN_CHANCE_BP = 1;
export const DICE_MAX_CHANCE_BP = 9800;
/** Return to player: multiplier = RTP × 100 / chance. */
export const DICE_RTP = 0.99;
const RTP_BP = 9900;

/** The roll for a float. */
export function diceRollFromFloat(f: number): number {
  return Math.floor(f * 10001) / 100;
}

/** The roll of a bet. */
export function diceRoll(input: SeedInput): number {
  return diceRollFromFloat(floats(input, 1)[0]!);
}

/**
 * A percentage with at most 2 decimals (a target or a chance) as whole basis points, or null when it
 * has more decimals. Reads the number's shortest decimal form, so 1.13 is 113 (1.13 × 100 is 112.99…).
 */
export function diceBasisPoints(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(String(value));
  if (!m || m[2]!.length > 6) return null;
  const bp = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] && bp !== 0 ? -bp : bp;
}

/** Win chance in bp for a target in bp: under wins below the target, over above it. */
export function diceChanceBp(targetBp: number, direction: DiceDirection): number {
  return direction === 'under' ? targetBp : 10000 - targetBp;
}

/** The target in bp that gives `chanceBp` on `direction` (the same map both ways). */
export function diceTargetBpForChance(chanceBp: number, direction: DiceDirection): number {
  return diceChanceBp(chanceBp, direction);
}

/** Payout multiplier for a chance in bp: 99 / chance %, floored to 4 decimals in integer arithmetic. */
export function diceMultiplierBp(chanceBp: number): number {
  return Math.floor((RTP_BP * 10000) / chanceBp) / 10000;
}

/** Why a target in bp is not playable on `direction`, or null when it is. */
export function diceTargetBpError(targetBp: number, direction: DiceDirection): string | null {
  const chanceBp = diceChanceBp(targetBp, direction);
  if (!Number.isInteger(targetBp) || chanceBp < DICE_MIN_CHANCE_BP || chanceBp > DICE_MAX_CHANCE_BP)
    return `The win chance must be between ${DICE_MIN_CHANCE}% and ${DICE_MAX_CHANCE}%.`;
  return null;
}

/** Win chance (%) for a target and direction, rounded to 2 decimals. */
export function diceChance(target: number, direction: DiceDirection): number {
  return diceChanceBp(Math.round(target * 100), direction) / 100;
}

/** The target that gives `chance` % on `direction`. */
export function diceTargetForChance(chance: number, direction: DiceDirection): number {
  return diceTargetBpForChance(Math.round(chance * 100), direction) / 100;
}

/** Payout multiplier for a chance (%), floored to 4 decimals (never above 99/chance). */
export function diceMultiplier(chance: number): number {
  return diceMultiplierBp(Math.round(chance * 100));
}

/** Whether a roll wins: over wins when roll > target, under when roll < target. */
export function diceWins(roll: number, target: number, direction: DiceDirection): boolean {
  return direction === 'over' ? roll > target : roll < target;
}

/** Why a target/direction pair is invalid, or null when it is playable. */
export function diceTargetError(target: number, direction: DiceDirection): string | null {
  const targetBp = diceBasisPoints(target);
  if (targetBp === null) return 'The target must have at most 2 decimals.';
  return diceTargetBpError(targetBp, direction);
}
