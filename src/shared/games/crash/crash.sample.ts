// What the Rocket scene draws at one moment, as plain data from the round's state (status, the
// server's elapsed time, the betting time left, the crash point once ended): the phase, the big
// label, the countdown bar, the axes (they rescale as the curve grows), the curve's points, the
// rocket's place, the explosion's progress and the sound cues between two frames. Pure, so tests
// check every phase without a renderer.
import type { RoundStatus } from '../../api/rounds.ts';
import { CRASH_GROWTH_PER_MS, crashFlooredAt, crashMultiplierAt } from './crash.curve.ts';

/** The round at one moment, as the client knows it. */
export interface CrashFrame {
  status: RoundStatus;
  roundId: number | null;
  elapsedMs: number; // ms since the round began (in progress), from the server's time
  bettingLeftMs: number; // ms left in the betting window (starting)
  bettingTotalMs: number; // the window's length, for the bar
  crashPoint: number | null; // once ended
  sinceStatusMs: number; // ms since the current status arrived
}

/** The scene's view. */
export interface CrashView {
  phase: 'waiting' | 'countdown' | 'launch' | 'flying' | 'crashed';
  multiplier: number; // floored to 2 decimals
  label: string; // the large text
  sublabel: string; // the small text under it
  countdown: number; // 1 → 0 while starting
  elapsedMs: number; // where the curve ends
  axis: CrashAxis;
  explosion: number; // 0 → 1 after the crash
  speed: number; // star-field speed factor (0 at rest)
}

/** The plot's ranges and tick marks. */
export interface CrashAxis {
  maxMs: number; // right edge, ms
  maxMult: number; // top edge, multiplier (bottom is 1)
  xTicks: number[]; // ms
  yTicks: number[]; // multipliers
}

/** Explosion length, ms. */
export const EXPLOSION_MS = 900;
/** The smallest plot: 10 s wide, up to 2×. */
export const MIN_AXIS = { ms: 10_000, mult: 2 } as const;

/** The exact time a crash point is reached (ms, fractional). */
export function crashTimeOf(point: number): number {
  return point <= 1 ? 0 : Math.log(point) / CRASH_GROWTH_PER_MS;
}

/** A "nice" tick step (1, 2, 5 × 10ⁿ) so that `range` holds at most `count` steps. */
export function niceStep(range: number, count: number): number {
  const raw = range / Math.max(1, count);
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

/** Axes for a curve that has reached `elapsedMs`: 15 % headroom, never below 10 s × 2. */
export function axisFor(elapsedMs: number): CrashAxis {
  const maxMs = Math.max(MIN_AXIS.ms, elapsedMs * 1.15);
  const maxMult = Math.max(MIN_AXIS.mult, 1 + (crashMultiplierAt(elapsedMs) - 1) * 1.15);
  const xs = niceStep(maxMs, 5);
  const ys = niceStep(maxMult - 1, 4);
  const xTicks: number[] = [];
  for (let t = xs; t < maxMs; t += xs) xTicks.push(t);
  const yTicks: number[] = [];
  for (let k = 1; 1 + k * ys < maxMult; k++) yTicks.push(Math.round((1 + k * ys) * 1000) / 1000);
  return { maxMs, maxMult, xTicks, yTicks };
}

/** `n` + 1 points [ms, multiplier] along the curve from 0 to `elapsedMs`. */
export function curvePoints(elapsedMs: number, n = 48): [number, number][] {
  const pts: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const t = (elapsedMs * i) / n;
    pts.push([t, crashMultiplierAt(t)]);
  }
  return pts;
}

/** The view of a frame. */
export function sampleCrash(f: CrashFrame): CrashView {
  const rest = { countdown: 0, explosion: 0, speed: 0 };
  if (f.status === 'ended' && f.crashPoint !== null) {
    const elapsedMs = crashTimeOf(f.crashPoint);
    return {
      ...rest,
      phase: 'crashed',
      multiplier: f.crashPoint,
      label: `Crashed @ ${f.crashPoint.toFixed(2)}×`,
      sublabel: 'Next round soon',
      elapsedMs,
      axis: axisFor(elapsedMs),
      explosion: Math.min(1, f.sinceStatusMs / EXPLOSION_MS),
    };
  }
  if (f.status === 'in_progress') {
    const multiplier = crashFlooredAt(f.elapsedMs);
    return {
      ...rest,
      phase: 'flying',
      multiplier,
      label: `${multiplier.toFixed(2)}×`,
      sublabel: '',
      elapsedMs: f.elapsedMs,
      axis: axisFor(f.elapsedMs),
      speed: Math.min(6, 0.6 + Math.log2(crashMultiplierAt(f.elapsedMs))),
    };
  }
  const base = { ...rest, multiplier: 1, elapsedMs: 0, axis: axisFor(0) };
  if (f.status === 'starting')
    return {
      ...base,
      phase: 'countdown',
      label: `${(f.bettingLeftMs / 1000).toFixed(1)}s`,
      sublabel: 'Place your bets',
      countdown: f.bettingTotalMs > 0 ? Math.min(1, f.bettingLeftMs / f.bettingTotalMs) : 0,
      speed: 0.2,
    };
  if (f.status === 'pending') return { ...base, phase: 'launch', label: '1.00×', sublabel: 'Launching…', speed: 0.4 };
  return {
    ...base,
    phase: 'waiting',
    label: 'Waiting…',
    sublabel: f.status === 'ended' ? 'Round over' : '',
    speed: 0.1,
  };
}

/** A sound the scene plays between two frames. */
export type CrashCue = 'tick' | 'crash';

/** Cues from `prev` to `next`: a tick each whole second of the countdown, the crash on the bust. */
export function crashCues(prev: CrashFrame | null, next: CrashFrame): CrashCue[] {
  if (!prev) return [];
  const cues: CrashCue[] = [];
  if (next.status === 'starting' && prev.status === 'starting' && prev.roundId === next.roundId) {
    if (Math.ceil(next.bettingLeftMs / 1000) < Math.ceil(prev.bettingLeftMs / 1000)) cues.push('tick');
  }
  if (next.status === 'ended' && next.crashPoint !== null && (prev.status !== 'ended' || prev.roundId !== next.roundId))
    cues.push('crash');
  return cues;
}

/** Explosion debris at progress `p` (0 → 1): [dx, dy, size, alpha] per piece, unit radius, the same every run. */
export function explosionDebris(p: number, count = 24): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  const ease = 1 - (1 - Math.min(1, Math.max(0, p))) ** 3;
  for (let i = 0; i < count; i++) {
    const angle = i * 2.399963; // golden angle: even spread
    const speed = 0.45 + ((i * 0.618034) % 1) * 0.55;
    const r = ease * speed;
    out.push([Math.cos(angle) * r, Math.sin(angle) * r, (1 - p) * (0.04 + ((i * 0.37) % 1) * 0.05), 1 - p]);
  }
  return out;
}
