// Fixed-point quantities that are not money: hundredths and basis points.
import { describe, expect, it } from 'vitest';
import { bpToPercent, fromHundredths, toHundredths } from '../../src/shared/units.ts';

describe('units', () => {
  it('reads hundredths and basis points', () => {
    expect(fromHundredths(0)).toBe(0);
    expect(fromHundredths(235)).toBe(2.35);
    expect(fromHundredths(101)).toBe(1.01);
    expect(bpToPercent(150)).toBe(1.5);
    expect(bpToPercent(9800)).toBe(98);
  });

  it('writes hundredths to the nearest, round-tripping every 2-decimal value', () => {
    expect(toHundredths(2.35)).toBe(235);
    expect(toHundredths(1.15)).toBe(115); // 1.15 * 100 = 114.99999999999999
    expect(toHundredths(0.29)).toBe(29);
    for (let h = 0; h <= 100_000; h += 7) expect(toHundredths(fromHundredths(h))).toBe(h);
  });
});
