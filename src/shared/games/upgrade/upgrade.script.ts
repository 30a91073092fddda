// The upgrade animation as plain data in ms: the needle spins a few whole turns round the ring
// (0–100 per turn, the chance arc is [0, chance)) and eases onto the roll; then the result flashes.
// Computed once from the server's outcome; sampled by time. The last sample is exactly the roll.
// Timing and cues come from the shared motion kit (../motion.ts).
import { outcomeCues, segments } from '../motion.ts';
import type { MotionMode, OutcomeCue, SegmentTable, Segments } from '../motion.ts';
import type { UpgradeOutcome } from './upgrade.outcome.ts';

export type { MotionMode } from '../motion.ts';

/** The whole animation of one upgrade: travelMs is the needle's spin, holdMs the result flash. */
export interface UpgradeScript extends Segments {
  outcome: UpgradeOutcome;
  from: number; // needle start, [0, 100)
  travel: number; // ring units the needle covers (whole turns × 100 + the way to the roll)
  cues: OutcomeCue[]; // in time order
}

const TIMES: SegmentTable = {
  normal: { travelMs: 3_000, holdMs: 700 },
  turbo: { travelMs: 600, holdMs: 250 },
  reduced: { travelMs: 0, holdMs: 400 }, // no travel: the needle appears on the roll
};
const TURNS: Record<MotionMode, number> = { normal: 3, turbo: 1, reduced: 0 };

const wrap = (v: number) => ((v % 100) + 100) % 100;

/** Builds the script for an outcome from where the needle rests. */
export function upgradeScript(outcome: UpgradeOutcome, from: number, mode: MotionMode = 'normal'): UpgradeScript {
  const s = segments(TIMES, mode);
  const start = wrap(from);
  const travel = s.travelMs === 0 ? 0 : TURNS[mode] * 100 + wrap(outcome.roll - start);
  return { ...s, outcome, from: start, travel, cues: outcomeCues(s, outcome.win) };
}
