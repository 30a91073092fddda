// Dollars ↔ cents at the edge: exact, and refusing what cannot be represented.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  centsToDollars,
  centsToFixed,
  dollarsProblem,
  dollarsSchema,
  dollarsToCents,
  formatUsd,
  parseDollarString,
  MAX_DOLLARS,
} from '../../src/shared/money.ts';

describe('money', () => {
  it('converts dollars with up to 2 decimals exactly', () => {
    expect(dollarsToCents(0)).toBe(0);
    expect(dollarsToCents(-0)).toBe(0);
    expect(dollarsToCents(5)).toBe(500);
    expect(dollarsToCents(0.1)).toBe(10);
    expect(dollarsToCents(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(dollarsToCents(1.15)).toBe(115);
    expect(dollarsToCents(4.35)).toBe(435);
    expect(dollarsToCents(-12.34)).toBe(-1234);
    expect(dollarsToCents(MAX_DOLLARS)).toBe(MAX_DOLLARS * 100);
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
      expect(() => dollarsToCents(v), String(v)).toThrow(RangeError);
      expect(dollarsProblem(v)).not.toBeNull();
    }
    expect(dollarsProblem('5')).toBe('must be a number');
    expect(dollarsProblem(NaN)).toBe('must be a finite number');
    expect(dollarsProblem(1.234)).toBe('must have at most 2 decimals');
  });

  it('round-trips every cents value through dollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_DOLLARS * 100, max: MAX_DOLLARS * 100 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents === 0 ? 0 : cents);
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
    expect(() => centsToDollars(1.5)).toThrow(RangeError);
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
