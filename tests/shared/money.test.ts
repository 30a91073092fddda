// Dollars ↔ cents at the edge: exact, and refusing what cannot be represented.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  asCents,
  centsToFixed,
  dollarsProblem,
  dollarsSchema,
  formatUsd,
  parseDollarString,
  sumCents,
  timesHundredths,
  toCents,
  toDollars,
  toDollarsOrNull,
  MAX_DOLLARS,
  type Cents,
} from '../../src/shared/money.ts';

describe('money', () => {
  it('converts dollars with up to 2 decimals exactly', () => {
    expect(toCents(0)).toBe(0);
    expect(toCents(-0)).toBe(0);
    expect(toCents(5)).toBe(500);
    expect(toCents(0.1)).toBe(10);
    expect(toCents(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(toCents(1.15)).toBe(115);
    expect(toCents(4.35)).toBe(435);
    expect(toCents(-12.34)).toBe(-1234);
    expect(toCents(MAX_DOLLARS)).toBe(MAX_DOLLARS * 100);
  });

  it('converts the edge values: 0, a cent, a billion, negatives', () => {
    expect(toCents(0.01)).toBe(1);
    expect(toCents(-0.01)).toBe(-1);
    expect(toCents(1e9, 1e9)).toBe(1e11);
    expect(toCents(-1e9, 1e9)).toBe(-1e11);
    expect(() => toCents(1e9)).toThrow(/at most 1000000/); // requests stop at MAX_DOLLARS by default
    expect(toCents(0.3)).toBe(30);
    expect(() => toCents(0.1 + 0.2)).toThrow(/2 decimals/); // 0.30000000000000004: float noise is refused
    expect(() => toCents(1e14, Infinity)).toThrow(/too large/); // 1e16 cents is past 2^53
    expect(toDollars(0)).toBe(0);
    expect(toDollars(1)).toBe(0.01);
    expect(toDollars(-250)).toBe(-2.5);
    expect(toDollars(1e11)).toBe(1e9);
    expect(toDollarsOrNull(null)).toBeNull();
    expect(toDollarsOrNull(1234)).toBe(12.34);
    for (const bad of [NaN, Infinity, -Infinity, 0.5, 2 ** 53])
      expect(() => toDollars(bad), String(bad)).toThrow(RangeError);
  });

  it('brands integer cents and refuses anything else', () => {
    const c: Cents = asCents(5);
    expect(c).toBe(5);
    expect(Object.is(asCents(-0), 0)).toBe(true);
    for (const bad of [0.5, NaN, Infinity, -Infinity, 2 ** 53])
      expect(() => asCents(bad), String(bad)).toThrow(RangeError);
    // @ts-expect-error a plain number is not Cents
    const notCents: Cents = 5;
    expect(notCents).toBe(5);
  });

  it('sums cents exactly and refuses a non-integer or an overflow', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([10, 20, -5])).toBe(25);
    expect(sumCents([1, 2].map((n) => n * 10))).toBe(30); // where 0.1 + 0.2 in dollars is not 0.3
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => sumCents([NaN])).toThrow(RangeError);
  });

  it('multiplies by hundredths rounding down (the cent fraction goes to the house)', () => {
    expect(timesHundredths(0, 235)).toBe(0);
    expect(timesHundredths(1, 235)).toBe(2); // 2.35 → 2
    expect(timesHundredths(100, 235)).toBe(235);
    expect(timesHundredths(333, 150)).toBe(499); // 499.5 → 499
    expect(timesHundredths(1000, 15)).toBe(150); // 15 %
    expect(timesHundredths(1e11, 100)).toBe(1e11);
    expect(timesHundredths(-333, 150)).toBe(-500); // floor, also below zero
    expect(() => timesHundredths(1.5, 100)).toThrow(RangeError);
    expect(() => timesHundredths(100, 1.5)).toThrow(RangeError);
    expect(() => timesHundredths(100, NaN)).toThrow(RangeError);
    expect(() => timesHundredths(2 ** 52, 1000)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e6 }), (c, h) => {
        const out = timesHundredths(c, h);
        expect(out * 100).toBeLessThanOrEqual(c * h);
        expect((out + 1) * 100).toBeGreaterThan(c * h);
      }),
    );
  });

  it('refuses more than 2 decimals, non-finite, non-numbers and huge values', () => {
    for (const v of [
      0.001,
      1.005,
      0.1 + 0.2,
      1e-7,
      NaN,
      Infinity,
      -Infinity,
      MAX_DOLLARS + 0.01,
      1e21,
      '5',
      null,
      undefined,
      true,
      [5],
      { a: 1 },
    ]) {
      expect(() => toCents(v as number), String(v)).toThrow(RangeError);
      expect(dollarsProblem(v)).not.toBeNull();
    }
    expect(dollarsProblem('5')).toBe('must be a number');
    expect(dollarsProblem(NaN)).toBe('must be a finite number');
    expect(dollarsProblem(1.234)).toBe('must have at most 2 decimals');
  });

  it('round-trips every cents value through dollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_DOLLARS * 100, max: MAX_DOLLARS * 100 }), (cents) => {
        expect(toCents(toDollars(cents))).toBe(cents === 0 ? 0 : cents);
        expect(parseDollarString(centsToFixed(cents))).toBe(cents === 0 ? 0 : cents);
      }),
    );
  });

  it('parses decimal strings exactly and formats en-US', () => {
    expect(parseDollarString('12')).toBe(1200);
    expect(parseDollarString('12.5')).toBe(1250);
    expect(parseDollarString(' 0.07 ')).toBe(7);
    for (const s of ['', '1.234', '1e3', 'abc', '1,000', '.5', '5.', 'NaN', '1'.repeat(12)])
      expect(parseDollarString(s), s).toBeNull();
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(-250)).toBe('-$2.50');
    expect(centsToFixed(2500)).toBe('25.00');
    expect(() => toDollars(1.5)).toThrow(RangeError);
  });

  it('the zod schema explains each problem', () => {
    const s = dollarsSchema(5, 100);
    expect(s.safeParse(25).success).toBe(true);
    const msg = (v: unknown) => s.safeParse(v).error?.issues[0]?.message;
    expect(msg(4.99)).toBe('The amount must be at least 5.');
    expect(msg(100.01)).toBe('The amount must be at most 100.');
    expect(msg(5.555)).toBe('The amount must have at most 2 decimals.');
    expect(msg('25')).toBe('The amount must be a number.');
    expect(msg(Infinity)).toBeTruthy();
  });
});
