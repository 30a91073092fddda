// Samples a dice script at a time: the view state the scene draws. At t ≥ duration it equals the outcome.
import { easeOutBack, easeToOutcome, phaseAt } from '../motion.ts';
import type { DiceScript } from './dice.script.ts';

/** What the scene shows at one instant. */
export interface DiceView {
  marker: number; // marker position 0 … 100
  label: string; // the number on the marker, 2 decimals
  revealed: boolean; // the result is known to the player
  win: boolean | null; // null until revealed
  flash: number; // 0 … 1 highlight strength
  done: boolean; // the animation has ended
}

const ease = easeOutBack(1.2); // a small overshoot past the roll, then back onto it

/** The view at `t` ms after the script started (clamped to [0, duration]). */
export function sampleDice(script: DiceScript, t: number): DiceView {
  const { outcome, from } = script;
  const { p, revealed, flash, done } = phaseAt(script, t);
  const eased = easeToOutcome(p, from, outcome.roll - from, outcome.roll, ease);
  const marker = Math.min(100, Math.max(0, eased));
  return { marker, label: marker.toFixed(2), revealed, win: revealed ? outcome.win : null, flash, done };
}
