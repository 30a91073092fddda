// What the HUD's target and chance fields select, in basis points (1 bp = 0.01 %): a typed value is
// rounded to whole bp once, so every 2-decimal target the server accepts can be chosen.
import { diceTargetBpError, diceTargetBpForChance, type DiceDirection } from '../../../shared/fair/index.ts';

const toBp = (text: string): number | null => {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
};

const playable = (targetBp: number | null, direction: DiceDirection) =>
  targetBp !== null && diceTargetBpError(targetBp, direction) === null ? targetBp : null;

/** The target (bp) a typed target selects on `direction`, or null when it is not playable. */
export function typedTargetBp(text: string, direction: DiceDirection): number | null {
  return playable(toBp(text), direction);
}

/** The target (bp) a typed win chance (%) selects on `direction`, or null when it is not playable. */
export function typedChanceTargetBp(text: string, direction: DiceDirection): number | null {
  const chanceBp = toBp(text);
  return chanceBp === null ? null : playable(diceTargetBpForChance(chanceBp, direction), direction);
}

/** The target (bp) a typed multiplier selects (chance = 99 / multiplier), or null when it is not playable. */
export function typedMultiplierTargetBp(text: string, direction: DiceDirection): number | null {
  const multiplier = Number(text);
  if (text.trim() === '' || !Number.isFinite(multiplier) || multiplier <= 1) return null;
  return typedChanceTargetBp(String(99 / multiplier), direction);
}
