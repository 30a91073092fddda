// Samples a dice script at a time: the view state the scene draws. At t ≥ duration it equals the outcome.
// sampleDiceInto writes into a view the scene keeps, so sampling every frame allocates nothing
// (the label string is made only when the shown number changes).
import { easeOutBack, easeToOutcome, phaseInto, type Phase } from '../motion.ts';
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
const phase: Phase = { time: 0, p: 0, revealed: false, flash: 0, done: false }; // scratch, overwritten per call

/** A view before any sample (marker NaN: the first sample always sets the label). */
export function blankDiceView(): DiceView {
  return { marker: NaN, label: '', revealed: false, win: null, flash: 0, done: false };
}

/** The view at `t` ms after the script started (clamped to [0, duration]). */
export function sampleDice(script: DiceScript, t: number): DiceView {
  return sampleDiceInto(script, t, blankDiceView());
}

/** sampleDice written into `out`; returns `out`. */
export function sampleDiceInto(script: DiceScript, t: number, out: DiceView): DiceView {
  const { outcome, from } = script;
  const { p, revealed, flash, done } = phaseInto(script, t, phase);
  const eased = easeToOutcome(p, from, outcome.roll - from, outcome.roll, ease);
  const marker = Math.min(100, Math.max(0, eased));
  if (marker !== out.marker) {
    out.marker = marker;
    out.label = marker.toFixed(2);
  }
  out.revealed = revealed;
  out.win = revealed ? outcome.win : null;
  out.flash = flash;
  out.done = done;
  return out;
}
