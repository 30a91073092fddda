// The Crazy Wheel's shared outcome: segment = floor(f0 × 54) of the day-seed byte stream (golden
// vectors of fairness.md), the published layout (counts and exact RTPs), payouts floored to the
// cent, and the verifier (CLI and page) agreeing with the outcome function.
import { describe, expect, it } from 'vitest';
import { floats } from '../../../src/shared/fair/index.ts';
import {
  WHEEL_COLORS,
  WHEEL_LAYOUT,
  WHEEL_PAYOUTS,
  wheelColorAt,
  wheelColorRtp,
  wheelPayoutCents,
} from '../../../src/shared/games/wheel/wheel.layout.ts';
import { wheelOutcome, wheelSeedFloat, wheelSeeds } from '../../../src/shared/games/wheel/wheel.outcome.ts';
import { verifyOutcome } from '../../../src/shared/games/verify.ts';
import { verifyResult } from '../../../src/server/cli/verify.service.ts';

const A = 'a'.repeat(64);

describe('wheel segment from the byte stream', () => {
  it.each([
    // round id (nonce), f0 (fairness.md vectors: server seed "a"×64, client seed "abc"), segment
    [1, 0.16440096078440547, 8],
    [2, 0.5459779207594693, 29],
    [3, 0.7527878468390554, 40],
  ])('round %s: f0 %s → segment %s', (round, f0, segment) => {
    const seeds = wheelSeeds(A, 'abc', round);
    expect(seeds).toEqual({ serverSeed: A, clientSeed: 'abc', nonce: round });
    expect(wheelSeedFloat(seeds)).toBe(f0);
    const outcome = wheelOutcome(seeds);
    expect(outcome.segment).toBe(segment);
    expect(outcome.color).toBe(WHEEL_LAYOUT[segment]);
    expect(outcome.multiplier).toBe(WHEEL_PAYOUTS[outcome.color]);
  });

  it('reads the message `${public_seed}:${round_id}:0`', () => {
    expect(wheelSeedFloat(wheelSeeds(A, 'pub', 7))).toBe(floats({ serverSeed: A, clientSeed: 'pub', nonce: 7 }, 1)[0]);
  });

  it('the verifier and the CLI print the outcome', () => {
    const expected = { game: 'wheel', ...wheelOutcome(wheelSeeds(A, 'abc', 2)) };
    expect(verifyOutcome({ game: 'wheel', serverSeed: A, publicSeed: 'abc', round: 2 })).toEqual(expected);
    expect(verifyResult('wheel', { 'server-seed': A, 'public-seed': 'abc', round: '2' })).toEqual(expected);
    expect(verifyResult('wheel', { 'server-seed': A, round: '2' })).toEqual({
      error: '--public-seed is required',
    });
  });
});

describe('wheel layout', () => {
  it('54 segments: grey 26, red 17, blue 10, gold 1, gold under the pointer', () => {
    expect(WHEEL_LAYOUT).toHaveLength(54);
    const counts = Object.fromEntries(WHEEL_COLORS.map((c) => [c, WHEEL_LAYOUT.filter((s) => s === c).length]));
    expect(counts).toEqual({ grey: 26, red: 17, blue: 10, gold: 1 });
    expect(wheelColorAt(0)).toBe('gold');
    expect(() => wheelColorAt(54)).toThrow(RangeError);
  });

  it('no two greys touch (the colours are spread around the wheel)', () => {
    for (let i = 0; i < 54; i++)
      expect(WHEEL_LAYOUT[i] === 'grey' && WHEEL_LAYOUT[(i + 1) % 54] === 'grey').toBe(false);
  });

  it('RTPs exactly: grey 104/108, red 5185/5400, blue 52/54, gold 52/54', () => {
    expect(wheelColorRtp('grey')).toBe(5200 / 5400);
    expect(wheelColorRtp('red')).toBe(5185 / 5400);
    expect(wheelColorRtp('blue')).toBe(5200 / 5400);
    expect(wheelColorRtp('gold')).toBe(5200 / 5400);
    expect(WHEEL_COLORS.map((c) => wheelColorRtp(c).toFixed(3))).toEqual(['0.963', '0.960', '0.963', '0.963']);
  });

  it('payouts are amount × multiplier floored to the cent', () => {
    expect(wheelPayoutCents(100, 'grey')).toBe(200);
    expect(wheelPayoutCents(33, 'red')).toBe(100); // 100.65 → 100
    expect(wheelPayoutCents(7, 'blue')).toBe(36); // 36.4 → 36
    expect(wheelPayoutCents(10, 'gold')).toBe(520);
  });
});
