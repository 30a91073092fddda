// The one bet amount rule: ½ floors to the cent, 2× doubles, both clamped to the game's limits;
// the same amount gives the same result in every game whose limits allow it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  amountCents,
  betAmountError,
  betLimits,
  scaleAmount,
  scaleAmountText,
} from '../../../src/shared/games/bet-amount.ts';
import { DICE_LIMITS } from '../../../src/shared/api/dice.ts';
import { CRASH_LIMITS } from '../../../src/shared/api/crash.ts';
import { PLINKO_LIMITS } from '../../../src/shared/api/plinko.ts';
import { WHEEL_LIMITS } from '../../../src/shared/api/wheel.ts';

const dice = betLimits(DICE_LIMITS);
const games = [DICE_LIMITS, CRASH_LIMITS, PLINKO_LIMITS, WHEEL_LIMITS].map(betLimits);

describe('amountCents', () => {
  it('reads text and dollars exactly, flooring past the cent', () => {
    expect(amountCents('1.00')).toBe(100);
    expect(amountCents(' 12.5 ')).toBe(1250);
    expect(amountCents('0.29')).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(amountCents('.5')).toBe(50);
    expect(amountCents('3.')).toBe(300);
    expect(amountCents('1.239')).toBe(123);
    expect(amountCents(0.29)).toBe(29);
    expect(amountCents(4.35)).toBe(435);
  });

  it('is null for what is not an amount', () => {
    for (const v of ['', ' ', '.', 'abc', '-1', '1e3', '0x10', '1,5', NaN, Infinity, -0.5])
      expect(amountCents(v)).toBe(null);
  });
});

describe('scaleAmount', () => {
  it('½ floors to the cent, 2× doubles', () => {
    expect(scaleAmount('1.00', 0.5, dice)).toBe(50);
    expect(scaleAmount('0.05', 0.5, dice)).toBe(2); // not 3: one rule, floor
    expect(scaleAmount('2.55', 0.5, dice)).toBe(127);
    expect(scaleAmount('1.25', 2, dice)).toBe(250);
    expect(scaleAmount(0.29, 2, dice)).toBe(58);
    expect(scaleAmountText('0.29', 2, dice)).toBe('0.58');
  });

  it("clamps to the game's min and max", () => {
    const wheel = betLimits(WHEEL_LIMITS);
    expect(scaleAmount('0.01', 0.5, dice)).toBe(1);
    expect(scaleAmount('0.15', 0.5, wheel)).toBe(10);
    expect(scaleAmount('600', 2, dice)).toBe(100_000);
    expect(scaleAmount('5000', 0.5, dice)).toBe(100_000); // above the max halves to the max
    expect(scaleAmountText('', 2, wheel)).toBe('0.10'); // no amount: the minimum
    expect(scaleAmountText('abc', 0.5, dice)).toBe('0.01');
  });

  it('gives the same result from the same amount in dice, bounce, rocket and wheel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 50_000 }), fc.constantFrom<0.5 | 2>(0.5, 2), (cents, factor) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        const results = games.map((limits) => scaleAmount(text, factor, limits));
        expect(new Set(results).size).toBe(1);
        expect(results[0]).toBe(factor === 2 ? cents * 2 : Math.floor(cents / 2));
      }),
    );
  });
});

describe('betAmountError', () => {
  it('is null for a stake within the limits', () => {
    expect(betAmountError('0.01', dice)).toBe(null);
    expect(betAmountError('1000', dice)).toBe(null);
  });

  it('names the limits, or says the amount is not valid', () => {
    expect(betAmountError('0.05', betLimits(CRASH_LIMITS))).toBe('Bet between $0.10 and $1,000.00');
    expect(betAmountError('1000.01', dice)).toBe('Bet between $0.01 and $1,000.00');
    expect(betAmountError('0', dice)).toBe('Bet between $0.01 and $1,000.00');
    for (const t of ['', 'abc', '1.234', '-1']) expect(betAmountError(t, dice)).toBe('Bet amount is not valid.');
  });
});
