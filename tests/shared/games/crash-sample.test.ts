// The Rocket scene's pure sample: each phase's view, axes that rescale, cues and debris.
import { describe, expect, it } from 'vitest';
import {
  axisFor,
  crashCues,
  crashTimeOf,
  curvePoints,
  explosionDebris,
  niceStep,
  sampleCrash,
  type CrashFrame,
} from '../../../src/shared/games/crash/crash.sample.ts';

const frame = (over: Partial<CrashFrame>): CrashFrame => ({
  status: 'starting',
  roundId: 1,
  elapsedMs: 0,
  bettingLeftMs: 0,
  bettingTotalMs: 5000,
  crashPoint: null,
  sinceStatusMs: 0,
  ...over,
});

describe('crash sample', () => {
  it('countdown while starting: label and bar from the time left', () => {
    const v = sampleCrash(frame({ bettingLeftMs: 4200 }));
    expect(v).toMatchObject({ phase: 'countdown', label: '4.2s', countdown: 0.84, multiplier: 1 });
    expect(sampleCrash(frame({ bettingLeftMs: 0 })).countdown).toBe(0);
  });

  it('flying: the floored multiplier of the server elapsed time', () => {
    const v = sampleCrash(frame({ status: 'in_progress', elapsedMs: crashTimeOf(2) }));
    expect(v).toMatchObject({ phase: 'flying', label: '2.00×', multiplier: 2 });
    expect(sampleCrash(frame({ status: 'in_progress', elapsedMs: crashTimeOf(2) - 1 })).label).toBe('1.99×');
    expect(sampleCrash(frame({ status: 'pending' }))).toMatchObject({ phase: 'launch', label: '1.00×' });
  });

  it('crashed: "Crashed @ x", the curve ends at the crash point, the explosion runs 0 → 1', () => {
    const v = sampleCrash(frame({ status: 'ended', crashPoint: 1.52, sinceStatusMs: 450 }));
    expect(v).toMatchObject({ phase: 'crashed', label: 'Crashed @ 1.52×', multiplier: 1.52, explosion: 0.5 });
    expect(v.elapsedMs).toBeCloseTo(crashTimeOf(1.52), 6);
    expect(sampleCrash(frame({ status: 'ended', crashPoint: 1, sinceStatusMs: 5000 }))).toMatchObject({
      label: 'Crashed @ 1.00×',
      elapsedMs: 0,
      explosion: 1,
    });
    expect(sampleCrash(frame({ status: 'ended' })).phase).toBe('waiting'); // no crash point: nothing invented
  });

  it('axes start at 10 s × 2 and rescale with headroom as the curve grows', () => {
    expect(axisFor(0)).toMatchObject({ maxMs: 10_000, maxMult: 2, xTicks: [2000, 4000, 6000, 8000] });
    const big = axisFor(crashTimeOf(10));
    expect(big.maxMs).toBeCloseTo(crashTimeOf(10) * 1.15, 6);
    expect(big.maxMult).toBeCloseTo(1 + 9 * 1.15, 6);
    expect(big.yTicks).toEqual([6, 11]);
    expect(niceStep(44_000, 5)).toBe(10_000);
    expect(niceStep(0.9, 4)).toBe(0.5);
  });

  it('curve points run from 1.00× at 0 to the multiplier at the end', () => {
    const pts = curvePoints(crashTimeOf(3), 10);
    expect(pts).toHaveLength(11);
    expect(pts[0]).toEqual([0, 1]);
    expect(pts[10]![1]).toBeCloseTo(3, 9);
    for (let i = 1; i < pts.length; i++) expect(pts[i]![1]).toBeGreaterThan(pts[i - 1]![1]);
  });

  it('cues: a tick per countdown second, one crash per round', () => {
    expect(crashCues(frame({ bettingLeftMs: 3010 }), frame({ bettingLeftMs: 2990 }))).toEqual(['tick']);
    expect(crashCues(frame({ bettingLeftMs: 2900 }), frame({ bettingLeftMs: 2800 }))).toEqual([]);
    const flying = frame({ status: 'in_progress', elapsedMs: 100 });
    const ended = frame({ status: 'ended', crashPoint: 1.2 });
    expect(crashCues(flying, ended)).toEqual(['crash']);
    expect(crashCues(ended, ended)).toEqual([]);
    expect(crashCues(null, ended)).toEqual([]);
  });

  it('debris is deterministic, spreads out and fades', () => {
    expect(explosionDebris(0.3)).toEqual(explosionDebris(0.3));
    const start = explosionDebris(0);
    const end = explosionDebris(1);
    expect(start.every(([x, y]) => x === 0 && y === 0)).toBe(true);
    expect(end.every(([, , s, a]) => s === 0 && a === 0)).toBe(true);
    expect(Math.hypot(end[3]![0], end[3]![1])).toBeGreaterThan(0.4);
  });
});
