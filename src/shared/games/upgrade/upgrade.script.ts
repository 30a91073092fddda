// The upgrade animation as plain data in ms: the needle spins a few whole turns round the ring
// (0–100 per turn, the chance arc is [0, chance)) and eases onto the roll; then the result flashes.
// Computed once from the server's outcome; sampled by time. The last sample is exactly the roll.
import type { UpgradeOutcome } from './upgrade.odds.ts';

/** How much motion the player wants. */
export type MotionMode = 'normal' | 'turbo' | 'reduced';

/** A cue the scene turns into a sound. */
export interface UpgradeCue {
  t: number; // ms from the start
  sound: 'roll' | 'win' | 'lose';
}

/** The whole animation of one upgrade. */
export interface UpgradeScript {
  outcome: UpgradeOutcome;
  from: number; // needle start, [0, 100)
  travel: number; // ring units the needle covers (whole turns × 100 + the way to the roll)
  spinMs: number; // needle travel time
  holdMs: number; // result flash after it lands
  durationMs: number; // spinMs + holdMs
  cues: UpgradeCue[]; // in time order
}

const TIMES: Record<MotionMode, { spin: number; hold: number; turns: number }> = {
  normal: { spin: 3_000, hold: 700, turns: 3 },
  turbo: { spin: 600, hold: 250, turns: 1 },
  reduced: { spin: 0, hold: 400, turns: 0 }, // no travel: the needle appears on the roll
};

const wrap = (v: number) => ((v % 100) + 100) % 100;

/** Builds the script for an outcome from where the needle rests. */
export function upgradeScript(outcome: UpgradeOutcome, from: number, mode: MotionMode = 'normal'): UpgradeScript {
  const { spin, hold, turns } = TIMES[mode];
  const start = wrap(from);
  const travel = spin === 0 ? 0 : turns * 100 + wrap(outcome.roll - start);
  const cues: UpgradeCue[] = [];
  if (spin > 0) cues.push({ t: 0, sound: 'roll' });
  cues.push({ t: spin, sound: outcome.win ? 'win' : 'lose' });
  return { outcome, from: start, travel, spinMs: spin, holdMs: hold, durationMs: spin + hold, cues };
}
