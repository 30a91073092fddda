// The motion kit every instant-game script shares: the motion modes, easings, a travel + hold
// segment sampled by time, "ease to the outcome and hold" (the last value is exactly the outcome,
// not from + distance, which float rounding may miss) and the roll / win / lose sound cues.

/** How much motion the player wants (turbo: short; reduced: no travel, from the OS setting). */
export type MotionMode = 'normal' | 'turbo' | 'reduced';

/** An easing: progress 0 … 1 → eased progress (0 at 0, 1 at 1; may overshoot in between). */
export type Easing = (p: number) => number;

/** Constant speed. */
export const linear: Easing = (p) => p;

/** Fast start, long deceleration (a wheel slowing down). */
export const easeOutQuart: Easing = (p) => 1 - (1 - p) ** 4;

/** Fast start, gentler deceleration than quart. */
export const easeOutCubic: Easing = (p) => 1 - (1 - p) ** 3;

/** Overshoots the end by a little and settles back (`overshoot` 1.70158 is the classic value). */
export function easeOutBack(overshoot = 1.70158): Easing {
  const c3 = overshoot + 1;
  return (p) => 1 + c3 * (p - 1) ** 3 + overshoot * (p - 1) ** 2;
}

/** Cubic Hermite at u ∈ [0, 1]: from p0 with tangent m0 to p1 with tangent m1 (tangents in value per unit u). */
export function hermite(u: number, p0: number, m0: number, p1: number, m1: number): number {
  const u2 = u * u;
  const u3 = u2 * u;
  return (2 * u3 - 3 * u2 + 1) * p0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * p1 + (u3 - u2) * m1;
}

/** `t` clamped to [0, durationMs] as progress 0 … 1 (a zero duration is already done). */
export function progress(t: number, durationMs: number): number {
  if (durationMs <= 0) return 1;
  return Math.min(1, Math.max(0, t / durationMs));
}

/** The two segments of an instant-game animation: travel to the outcome, then hold (result flash). */
export interface Segments {
  travelMs: number; // 0 in reduced mode: the outcome shows at once
  holdMs: number;
  durationMs: number; // travelMs + holdMs
}

/** Travel and hold lengths per motion mode, as a script's timing table gives them. */
export type SegmentTable = Record<MotionMode, { travelMs: number; holdMs: number }>;

/** The segments for a mode from a timing table. */
export function segments(table: SegmentTable, mode: MotionMode): Segments {
  const { travelMs, holdMs } = table[mode];
  return { travelMs, holdMs, durationMs: travelMs + holdMs };
}

/** Where a segmented animation is at one instant. */
export interface Phase {
  time: number; // t clamped to [0, durationMs]
  p: number; // travel progress 0 … 1
  revealed: boolean; // travel has ended: the outcome is shown
  flash: number; // 1 at arrival fading to 0 over the hold; 0 before arrival
  done: boolean; // t ≥ durationMs
}

/** The phase at `t` ms after the start. */
export function phaseAt(s: Segments, t: number): Phase {
  return phaseInto(s, t, { time: 0, p: 0, revealed: false, flash: 0, done: false });
}

/** How close to the end counts as the end (ms). */
const END_EPSILON_MS = 1e-6;

/** phaseAt written into `out` (a scene's per-frame sampling allocates nothing); returns `out`. */
export function phaseInto(s: Segments, t: number, out: Phase): Phase {
  // engine time minus a start time can land an ulp short of the end a timer fired at (the dev
  // panel's "Skip to end" left `done` false with `flash` at 4e-16): within a nanosecond is the end
  const time = t >= s.durationMs - END_EPSILON_MS ? s.durationMs : Math.max(t, 0);
  const p = s.travelMs === 0 ? 1 : Math.min(1, time / s.travelMs);
  const revealed = p >= 1;
  const since = time - s.travelMs;
  out.time = time;
  out.p = p;
  out.revealed = revealed;
  out.flash = revealed ? (s.holdMs === 0 ? 0 : Math.max(0, 1 - since / s.holdMs)) : 0;
  out.done = time >= s.durationMs;
  return out;
}

/**
 * Ease to the outcome and hold: `from` at p ≤ 0, `from + distance × ease(p)` in between and
 * exactly `outcome` at p ≥ 1 (the distance may include whole turns; the caller wraps it).
 */
export function easeToOutcome(p: number, from: number, distance: number, outcome: number, ease: Easing): number {
  if (p >= 1) return outcome;
  if (p <= 0) return from;
  return from + distance * ease(p);
}

/** A sound cue of an instant game. */
export interface OutcomeCue {
  t: number; // ms from the start
  sound: 'roll' | 'win' | 'lose';
}

/** The cues of an instant game: a roll sound when it travels, then win or lose on arrival. */
export function outcomeCues(s: Segments, win: boolean): OutcomeCue[] {
  const cues: OutcomeCue[] = [];
  if (s.travelMs > 0) cues.push({ t: 0, sound: 'roll' });
  cues.push({ t: s.travelMs, sound: win ? 'win' : 'lose' });
  return cues;
}
