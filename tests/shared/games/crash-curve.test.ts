// The crash curve m(t) = e^(0.00006·t) and its inverse, at the cent boundaries the server pays on.
import { describe, expect, it } from 'vitest';
import {
  crashMultiplierAt,
  crashMultiplierFloor,
  crashPayout,
  crashTimeOf,
} from '../../../src/shared/games/crash/crash.curve.ts';

describe('crash curve', () => {
  it('starts at 1.00× and doubles at ~11.55 s, ×10 at ~38.4 s, ×100 at ~76.8 s', () => {
    expect(crashMultiplierAt(0)).toBe(1);
    expect(crashMultiplierAt(-50)).toBe(1);
    expect(crashTimeOf(2)).toBeCloseTo(11552.45, 1);
    expect(crashTimeOf(10)).toBeCloseTo(38376.42, 1);
    expect(crashTimeOf(100)).toBeCloseTo(76752.84, 1);
    expect(crashTimeOf(1)).toBe(0);
    expect(crashTimeOf(0.5)).toBe(0);
  });

  it('inverse: the floored multiplier reaches each cent exactly at t(m) and not 1 ms before', () => {
    for (let cents = 101; cents <= 5000; cents++) {
      const m = cents / 100;
      const t = crashTimeOf(m);
      expect(crashMultiplierFloor(t)).toBe(m);
      expect(crashMultiplierFloor(t - 1)).toBe((cents - 1) / 100);
    }
  });

  it('round trip m(t(m)) = m', () => {
    for (const m of [1.01, 1.5, 2, 3.33, 10, 123.45, 1000]) expect(crashMultiplierAt(crashTimeOf(m))).toBeCloseTo(m, 9);
  });

  it('payout is amount × multiplier floored to the cent', () => {
    expect(crashPayout(1, 2)).toBe(2);
    expect(crashPayout(0.1, 1.01)).toBe(0.1); // 0.101 → 0.10
    expect(crashPayout(3.33, 1.5)).toBe(4.99); // 4.995 → 4.99
    expect(crashPayout(10, 1.07)).toBe(10.7);
    expect(crashPayout(0.29, 100)).toBe(29);
  });
});
