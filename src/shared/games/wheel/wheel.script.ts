// The Crazy Wheel's motion as plain data, sampled by engine time (wheel.sample.ts). Angles are in
// radians, clockwise, 0 = segment 0 under the pointer. While a round is in progress the wheel spins
// freely at SPIN_SPEED (it winds up over WIND_UP_MS); on `ended` it lands: a Hermite curve from the
// current angle and speed to the segment's final angle, at least two whole turns on, at rest. The
// stop point inside the segment comes from the round id, so every viewer sees the same stop.
import type { MotionMode } from '../motion.ts';
import { WHEEL_SEGMENT_COUNT } from './wheel.layout.ts';
import type { WheelOutcome } from './wheel.outcome.ts';

export type { MotionMode } from '../motion.ts';

/** Radians per segment. */
export const SEGMENT_ANGLE = (2 * Math.PI) / WHEEL_SEGMENT_COUNT;
/** Free-spin speed in radians per ms (about 1.4 turns a second). */
export const SPIN_SPEED = 0.009;
/** The free spin reaches full speed after this long. */
export const WIND_UP_MS = 800;

const TURN = 2 * Math.PI;
const LAND_MS: Record<MotionMode, number> = { normal: 3500, turbo: 3500, reduced: 0 };
const HOLD_MS = 2000;

/** The angle of a free spin `t` ms after it began from `from` (quadratic wind-up, then constant speed). */
export function freeSpinAngle(from: number, t: number): number {
  if (t <= 0) return from;
  if (t < WIND_UP_MS) return from + (SPIN_SPEED * t * t) / (2 * WIND_UP_MS);
  return from + SPIN_SPEED * (WIND_UP_MS / 2 + (t - WIND_UP_MS));
}

/** The speed of a free spin `t` ms after it began. */
export function freeSpinSpeed(t: number): number {
  return t <= 0 ? 0 : SPIN_SPEED * Math.min(1, t / WIND_UP_MS);
}

/** Where inside its segment the pointer stops for a round: −0.35 … 0.35 of a segment, from the round id. */
export function stopOffset(roundId: number): number {
  const golden = (roundId * 0.6180339887498949) % 1;
  return (golden - 0.5) * 0.7;
}

/** The wheel angle (mod a turn) that puts `segment` (at `offset` of a segment) under the pointer. */
export function restAngle(segment: number, offset = 0): number {
  const a = -(segment + offset) * SEGMENT_ANGLE;
  return ((a % TURN) + TURN) % TURN;
}

/** The segment under the pointer at angle `angle`. */
export function segmentAt(angle: number): number {
  const k = Math.round(-angle / SEGMENT_ANGLE) % WHEEL_SEGMENT_COUNT;
  return (k + WHEEL_SEGMENT_COUNT) % WHEEL_SEGMENT_COUNT;
}

/** One landing: from an angle and speed to the outcome's angle, then a hold with the winning glow. */
export interface WheelScript {
  outcome: WheelOutcome;
  from: number; // angle at the start
  speed: number; // rad/ms at the start
  to: number; // final angle (from + whole turns + the rest): segmentAt(to) = outcome.segment
  travelMs: number;
  holdMs: number;
  durationMs: number;
  cues: { t: number; sound: 'win' | 'lose' | 'roll' }[];
}

/** The landing script of a round's outcome from the wheel's current angle and speed. */
export function wheelLandScript(
  outcome: WheelOutcome,
  roundId: number,
  from: number,
  speed: number,
  mode: MotionMode = 'normal',
  won: boolean | null = null, // the viewer's bets: win / lose cue; null = no bet, no cue
): WheelScript {
  const travelMs = LAND_MS[mode];
  const target = restAngle(outcome.segment, stopOffset(roundId));
  const base = ((from % TURN) + TURN) % TURN;
  const rest = (((target - base) % TURN) + TURN) % TURN;
  // a Hermite ease with start tangent ≤ 3 × distance never runs backwards: at least 2 turns, more if fast
  const minTurns = Math.max(2, Math.ceil((speed * travelMs) / 3 / TURN));
  const to = from + minTurns * TURN + rest;
  const cues: WheelScript['cues'] = won === null ? [] : [{ t: travelMs, sound: won ? 'win' : 'lose' }];
  return { outcome, from, speed, to, travelMs, holdMs: HOLD_MS, durationMs: travelMs + HOLD_MS, cues };
}
