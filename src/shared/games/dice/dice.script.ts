// The dice animation as plain data in ms: the marker flies from where it rests to the roll, the
// result is revealed, a win/lose flash fades. Computed once from the outcome; sampled by time.
// Timing, easing and cues come from the shared motion kit (../motion.ts).
import { outcomeCues, segments } from '../motion.ts';
import type { MotionMode, OutcomeCue, SegmentTable, Segments } from '../motion.ts';
import type { DiceOutcome } from './dice.outcome.ts';

export type { MotionMode } from '../motion.ts';

/** The whole animation of one roll: travelMs is the marker's flight, holdMs the result flash. */
export interface DiceScript extends Segments {
  outcome: DiceOutcome;
  from: number; // marker start, 0 … 100
  cues: OutcomeCue[]; // in time order
}

const TIMES: SegmentTable = {
  normal: { travelMs: 700, holdMs: 500 },
  turbo: { travelMs: 160, holdMs: 160 },
  reduced: { travelMs: 0, holdMs: 300 }, // no travel: the marker appears at the roll
};

/** Builds the script for an outcome, starting from the marker's resting place. */
export function diceScript(outcome: DiceOutcome, from: number, mode: MotionMode = 'normal'): DiceScript {
  const s = segments(TIMES, mode);
  return { ...s, outcome, from: Math.min(100, Math.max(0, from)), cues: outcomeCues(s, outcome.win) };
}
