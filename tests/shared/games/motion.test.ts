// The shared motion kit: easings, segment timing, "ease to the outcome and hold" and cues, as tables.
import { describe, expect, it } from 'vitest';
import {
  easeOutBack,
  easeOutCubic,
  easeOutQuart,
  easeToOutcome,
  hermite,
  linear,
  outcomeCues,
  phaseAt,
  progress,
  segments,
  type Easing,
  type SegmentTable,
} from '../../../src/shared/games/motion.ts';

describe('easings', () => {
  const table: [string, Easing, number, number][] = [
    // name, easing, p, expected
    ['linear', linear, 0.25, 0.25],
    ['quart', easeOutQuart, 0.5, 0.9375],
    ['quart', easeOutQuart, 0.25, 1 - 0.75 ** 4],
    ['cubic', easeOutCubic, 0.5, 0.875],
    ['back 1.2', easeOutBack(1.2), 0.5, 1 + 2.2 * -0.125 + 1.2 * 0.25],
    ['back classic', easeOutBack(), 0.5, 1 + 2.70158 * -0.125 + 1.70158 * 0.25],
  ];
  it.each(table)('%s(%s) = %s', (_name, ease, p, expected) => {
    expect(ease(p)).toBeCloseTo(expected, 12);
  });

  it.each([
    ['linear', linear],
    ['quart', easeOutQuart],
    ['cubic', easeOutCubic],
    ['back', easeOutBack(1.2)],
  ] as [string, Easing][])('%s starts at 0 and ends at 1', (_name, ease) => {
    expect(ease(0)).toBeCloseTo(0, 12);
    expect(ease(1)).toBe(1);
  });

  it('ease-out curves move more in the first half than in the second; back overshoots', () => {
    for (const ease of [easeOutQuart, easeOutCubic]) expect(ease(0.5)).toBeGreaterThan(0.5);
    const back = easeOutBack(1.2);
    expect(Math.max(...Array.from({ length: 99 }, (_, i) => back((i + 1) / 100)))).toBeGreaterThan(1);
  });
});

describe('hermite and progress', () => {
  it.each([
    // u, p0, m0, p1, m1, expected
    [0, 10, 50, 90, 0, 10],
    [1, 10, 50, 90, 0, 90],
    [0.5, 0, 0, 1, 0, 0.5],
    [0.5, 0, 1, 1, 1, 0.5], // tangents equal to the slope: a straight line
    [0.25, 0, 1, 1, 1, 0.25],
  ])('hermite(%s, %s, %s, %s, %s) = %s', (u, p0, m0, p1, m1, expected) => {
    expect(hermite(u, p0, m0, p1, m1)).toBeCloseTo(expected, 12);
  });

  it.each([
    [-5, 100, 0],
    [0, 100, 0],
    [25, 100, 0.25],
    [100, 100, 1],
    [150, 100, 1],
    [3, 0, 1], // a zero duration is done at once
  ])('progress(%s ms of %s) = %s', (t, d, expected) => {
    expect(progress(t, d)).toBe(expected);
  });
});

describe('segments, phase and cues', () => {
  const TIMES: SegmentTable = {
    normal: { travelMs: 1000, holdMs: 500 },
    turbo: { travelMs: 200, holdMs: 100 },
    reduced: { travelMs: 0, holdMs: 300 },
  };

  it.each([
    ['normal', 1000, 500, 1500],
    ['turbo', 200, 100, 300],
    ['reduced', 0, 300, 300],
  ] as const)('%s: travel %s + hold %s = %s', (mode, travelMs, holdMs, durationMs) => {
    expect(segments(TIMES, mode)).toEqual({ travelMs, holdMs, durationMs });
  });

  const normal = segments(TIMES, 'normal');
  it.each([
    // t, p, revealed, flash, done
    [-100, 0, false, 0, false],
    [0, 0, false, 0, false],
    [500, 0.5, false, 0, false],
    [999, 0.999, false, 0, false],
    [1000, 1, true, 1, false],
    [1250, 1, true, 0.5, false],
    [1500, 1, true, 0, true],
    [9999, 1, true, 0, true],
  ])('normal at %s ms: p %s, revealed %s, flash %s, done %s', (t, p, revealed, flash, done) => {
    expect(phaseAt(normal, t)).toMatchObject({ p, revealed, flash, done });
  });

  it('an engine time an ulp short of the end (start + duration − start) is the end', () => {
    const start = 0.1 + 0.2; // 0.30000000000000004
    const t = start + 1500 - start - 2 ** -42; // what subtracting a start can leave
    expect(t).toBeLessThan(1500);
    expect(phaseAt(normal, t)).toMatchObject({ done: true, flash: 0, time: 1500 });
    expect(phaseAt(normal, 1499.99)).toMatchObject({ done: false });
  });

  it('reduced: revealed at once with a full flash; no travel means no roll cue', () => {
    const reduced = segments(TIMES, 'reduced');
    expect(phaseAt(reduced, 0)).toMatchObject({ p: 1, revealed: true, flash: 1, done: false });
    expect(outcomeCues(reduced, true)).toEqual([{ t: 0, sound: 'win' }]);
    expect(outcomeCues(normal, false)).toEqual([
      { t: 0, sound: 'roll' },
      { t: 1000, sound: 'lose' },
    ]);
  });
});

describe('ease to the outcome and hold', () => {
  it.each([
    // p, from, distance, outcome, expected
    [0, 10, 30, 40, 10],
    [-1, 10, 30, 40, 10],
    [0.5, 10, 30, 40, 10 + 30 * easeOutQuart(0.5)],
    [1, 10, 30, 40, 40],
    [2, 10, 30, 40, 40], // held after the end
    [1, 0.1, 0.2, 0.3, 0.3], // exactly the outcome, although 0.1 + 0.2 !== 0.3
  ])('p %s from %s by %s → %s: %s', (p, from, distance, outcome, expected) => {
    expect(easeToOutcome(p, from, distance, outcome, easeOutQuart)).toBe(expected);
  });

  it('lands exactly on the outcome for any start, including whole turns', () => {
    for (let i = 0; i < 500; i++) {
      const from = (i * 7.31) % 100;
      const outcome = (i * 13.77) % 100;
      const distance = 300 + ((((outcome - from) % 100) + 100) % 100);
      expect(easeToOutcome(1, from, distance, outcome, easeOutBack(1.2))).toBe(outcome);
      expect(easeToOutcome(0, from, distance, outcome, easeOutBack(1.2))).toBe(from);
    }
  });
});
