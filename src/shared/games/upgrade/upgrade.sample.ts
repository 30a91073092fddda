// Samples an upgrade script at a time: the view state the scene draws. At t ≥ travelMs the needle
// is exactly on the roll (not on from + travel, which may differ by float rounding).
import { easeOutQuart, easeToOutcome, phaseAt } from '../motion.ts';
import type { UpgradeScript } from './upgrade.script.ts';

/** What the scene shows at one instant. */
export interface UpgradeView {
  needle: number; // ring position [0, 100): 0 at the top, clockwise
  label: string; // the number under the needle, 2 decimals
  revealed: boolean; // the needle has landed
  win: boolean | null; // null until revealed
  flash: number; // 0 … 1 highlight strength
  done: boolean; // the animation has ended
}

/** The view at `t` ms after the script started (clamped to [0, duration]). */
export function sampleUpgrade(script: UpgradeScript, t: number): UpgradeView {
  const { outcome, from, travel } = script;
  const { p, revealed, flash, done } = phaseAt(script, t);
  // fast start, long deceleration: the last turn reads like a wheel slowing down
  const needle = revealed ? outcome.roll : easeToOutcome(p, from, travel, outcome.roll, easeOutQuart) % 100;
  return { needle, label: needle.toFixed(2), revealed, win: revealed ? outcome.win : null, flash, done };
}
