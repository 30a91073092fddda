// The dice animation as plain data in ms: the marker flies from where it rests to the roll, the
// result is revealed, a win/lose flash fades. Computed once from the outcome; sampled by time.
import type { DiceOutcome } from './dice.outcome.ts';

/** How much motion the player wants. */
export type MotionMode = 'normal' | 'turbo' | 'reduced';

/** A cue the scene turns into a sound. */
export interface DiceCue {
  t: number; // ms from the start
  sound: 'roll' | 'win' | 'lose';
}

/** The whole animation of one roll. */
export interface DiceScript {
  outcome: DiceOutcome;
  from: number; // marker start, 0 … 100
  flyMs: number; // marker travel time
  holdMs: number; // result flash after arrival
  durationMs: number; // flyMs + holdMs
  cues: DiceCue[]; // in time order
}

const TIMES: Record<MotionMode, { fly: number; hold: number }> = {
  normal: { fly: 700, hold: 500 },
  turbo: { fly: 160, hold: 160 },
  reduced: { fly: 0, hold: 300 }, // no travel: the marker appears at the roll
};

/** Builds the script for an outcome, starting from the marker's resting place. */
export function diceScript(outcome: DiceOutcome, from: number, mode: MotionMode = 'normal'): DiceScript {
  const { fly, hold } = TIMES[mode];
  const cues: DiceCue[] = [];
  if (fly > 0) cues.push({ t: 0, sound: 'roll' });
  cues.push({ t: fly, sound: outcome.win ? 'win' : 'lose' });
  return { outcome, from: Math.min(100, Math.max(0, from)), flyMs: fly, holdMs: hold, durationMs: fly + hold, cues };
}
