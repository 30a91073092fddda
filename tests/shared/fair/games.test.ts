// Golden vectors of every game event (fairness.md) and the payout tables' return to player.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ByteStream,
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  diceRollFromFloat,
  PLINKO_ROWS,
  RISKS,
  WHEEL_SEGMENTS,
  boxTicket,
  crashPoint,
  chainLinks,
  diceChance,
  diceMultiplier,
  diceRoll,
  diceTargetError,
  diceWins,
  hashChain,
  plinkoResult,
  plinkoRtp,
  plinkoTable,
  rangeIndexForTicket,
  rangesFromTickets,
  ticketFromFloat,
  ticketRangesError,
  upgradeRoll,
  wheelResult,
  wheelRtp,
  wheelTable,
  floats,
} from '../../../src/shared/fair/index.ts';

const seeds = (nonce: number) => ({ serverSeed: 'a'.repeat(64), clientSeed: 'abc', nonce });
const golden = [
  { nonce: 1, dice: 16.44, p8: 'LLLLLLRL', b8: 1, p16: 'LLLLLLRLRRLLRRLL', b16: 5, w10: 1, w50: 8 },
  { nonce: 2, dice: 54.6, p8: 'RRLLLRLL', b8: 3, p16: 'RRLLLRLLRLRRRRLL', b16: 8, w10: 5, w50: 27 },
  { nonce: 3, dice: 75.28, p8: 'RRLRRRRR', b8: 7, p16: 'RRLRRRRRRRLRRRRL', b16: 13, w10: 7, w50: 37 },
];

describe('game events on the golden vectors', () => {
  for (const g of golden) {
    it(`nonce ${g.nonce}`, () => {
      expect(diceRoll(seeds(g.nonce))).toBe(g.dice);
      const p8 = plinkoResult(seeds(g.nonce), 8, 'low');
      expect([p8.path, p8.bucket]).toEqual([g.p8, g.b8]);
      expect(p8.multiplier).toBe(plinkoTable(8, 'low')[g.b8]);
      const p16 = plinkoResult(seeds(g.nonce), 16, 'high');
      expect([p16.path, p16.bucket]).toEqual([g.p16, g.b16]);
      expect(wheelResult(seeds(g.nonce), 10, 'low').index).toBe(g.w10);
      expect(wheelResult(seeds(g.nonce), 50, 'medium').index).toBe(g.w50);
    });
  }
  it('box ticket and upgrade roll come from f0', () => {
    const f0 = floats(seeds(1), 1)[0]!;
    expect(boxTicket(seeds(1))).toBe(Math.floor(f0 * 100000) + 1);
    expect(boxTicket(seeds(1))).toBe(16441);
    expect(upgradeRoll(seeds(1))).toBeCloseTo(16.440096078440547, 12);
    expect(ticketFromFloat(0)).toBe(1);
    expect(ticketFromFloat(0.9999999999)).toBe(100000);
  });
});

describe('dice rules', () => {
  it('chance, multiplier and win', () => {
    expect(diceChance(49.5, 'under')).toBe(49.5);
    expect(diceChance(50.5, 'over')).toBe(49.5);
    expect(diceMultiplier(49.5)).toBe(2);
    expect(diceMultiplier(98)).toBe(1.0102);
    expect(diceMultiplier(0.01)).toBe(9900);
    expect(diceWins(50.51, 50.5, 'over')).toBe(true);
    expect(diceWins(50.5, 50.5, 'over')).toBe(false);
    expect(diceWins(50.49, 50.5, 'under')).toBe(true);
    expect(diceTargetError(50, 'over')).toBeNull();
    expect(diceTargetError(1, 'over')).toMatch(/between/);
    expect(diceTargetError(0, 'under')).toMatch(/between/);
    expect(diceTargetError(50.123, 'under')).toMatch(/decimals/);
  });

  it('RTP computed exactly for every playable target and direction is 99 % less its roundings', () => {
    // A roll comes from one fair float u / 2^32 (u a uniform 32-bit integer), so the chance of a win
    // is (winning u) / 2^32: found by bisection, as a win is a prefix (under) or suffix (over) of u.
    let checked = 0;
    let lowest = Infinity;
    let highest = -Infinity;
    for (let k = 1; k < 10_000; k++) {
      const target = k / 100;
      for (const dir of ['under', 'over'] as const) {
        const chance = diceChance(target, dir);
        if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) continue;
        const rtp = (winningFloats(target, dir) / 2 ** 32) * diceMultiplier(chance) * 100;
        lowest = Math.min(lowest, rtp);
        highest = Math.max(highest, rtp);
        checked++;
      }
    }
    expect(checked).toBe(2 * 9800); // chances 0.01 … 98.00 on either side
    // The roll 100.00 (1 in 10001) never wins under, and the multiplier is floored to 4 decimals.
    expect(highest).toBeLessThan(99);
    expect(highest).toBeGreaterThan(98.98);
    expect(lowest).toBeGreaterThan(98.98);
  });

  it('10^5 fair rolls are uniform over 0.00 … 100.00 and return the exact RTP (the one simulation)', () => {
    // The one bounded simulation of the stream: 10^5 floats (8 per nonce) as dice rolls and box tickets.
    const n = 100_000;
    const rollBins = new Array<number>(100).fill(0); // by whole percent; 100.00 joins 99.xx
    const ticketBins = new Array<number>(100).fill(0); // by 1,000 tickets
    let wagered = 0;
    let returned = 0;
    let exact = 0;
    const bets = (
      [
        { target: 50.5, dir: 'under' },
        { target: 2, dir: 'over' },
        { target: 75, dir: 'under' },
        { target: 90.1, dir: 'over' },
      ] as const
    ).map((b) => {
      const multiplier = diceMultiplier(diceChance(b.target, b.dir));
      return { ...b, multiplier, exact: (winningFloats(b.target, b.dir) / 2 ** 32) * multiplier };
    });
    for (let nonce = 0, i = 0; i < n; nonce++) {
      const stream = new ByteStream({ serverSeed: 'b'.repeat(64), clientSeed: 'rtp', nonce });
      for (let j = 0; j < 8 && i < n; j++, i++) {
        const f = stream.nextFloat();
        const roll = diceRollFromFloat(f);
        rollBins[Math.min(99, Math.floor(roll))]!++;
        ticketBins[Math.floor((ticketFromFloat(f) - 1) / 1000)]!++;
        const bet = bets[i % bets.length]!;
        wagered += 1;
        if (diceWins(roll, bet.target, bet.dir)) returned += bet.multiplier;
        exact += bet.exact;
      }
    }
    // Pearson's χ² with 99 degrees of freedom stays below 148.2 with probability 99.9 %.
    const chi2 = (bins: number[], expected: (i: number) => number) =>
      bins.reduce((a, c, i) => a + (c - expected(i)) ** 2 / expected(i), 0);
    expect(chi2(rollBins, (i) => (n * (i === 99 ? 101 : 100)) / 10_001)).toBeLessThan(148.2);
    expect(chi2(ticketBins, () => n / 100)).toBeLessThan(148.2);
    // Simulated return against the exact one: within 4 standard errors (multipliers up to 50×).
    const se = Math.sqrt(bets.reduce((a, b) => a + b.multiplier, 0) / bets.length / n);
    expect(Math.abs(returned / wagered - exact / wagered)).toBeLessThan(4 * se);
  });
});

/** How many of the 2^32 fair floats u / 2^32 give a winning roll (a win is a prefix or suffix of u). */
function winningFloats(target: number, dir: 'under' | 'over'): number {
  const wins = (u: number) => diceWins(diceRollFromFloat(u / 2 ** 32), target, dir);
  // first u where the answer flips from wins(0)
  const first = wins(0);
  let lo = 0;
  let hi = 2 ** 32;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (wins(mid) === first) lo = mid + 1;
    else hi = mid;
  }
  return first ? lo : 2 ** 32 - lo;
}

describe('payout tables', () => {
  it('plinko mirrors the half tables', () => {
    expect(plinkoTable(8, 'low')).toEqual([5.6, 2.1, 1.1, 1, 0.5, 1, 1.1, 2.1, 5.6]);
    expect(plinkoTable(9, 'low')).toEqual([5.6, 2, 1.6, 1, 0.7, 0.7, 1, 1.6, 2, 5.6]);
    expect(plinkoTable(16, 'high')[0]).toBe(1000);
    for (const rows of PLINKO_ROWS)
      for (const risk of RISKS) {
        const t = plinkoTable(rows, risk);
        expect(t).toHaveLength(rows + 1);
        expect(t).toEqual([...t].reverse());
        const rtp = plinkoRtp(rows, risk);
        expect(rtp, `${rows}/${risk}`).toBeGreaterThan(0.985);
        expect(rtp, `${rows}/${risk}`).toBeLessThan(0.995);
      }
  });
  it('wheel tables have the segment count and ≈ 99% RTP', () => {
    expect(wheelTable(20, 'high')[19]).toBe(19.8);
    expect(wheelTable(10, 'medium')).toEqual([0, 1.9, 0, 1.5, 0, 2, 0, 1.5, 0, 3]);
    for (const segments of WHEEL_SEGMENTS)
      for (const risk of RISKS) {
        expect(wheelTable(segments, risk)).toHaveLength(segments);
        expect(wheelRtp(segments, risk), `${segments}/${risk}`).toBeCloseTo(0.99, 2);
      }
  });
});

describe('crash', () => {
  it('crash point from game hash and salt, as Stake computes it', () => {
    const hash = hashChain('c'.repeat(64), 3)[2]!;
    const salt = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
    const hex = createHmac('sha256', hash).update(salt).digest('hex');
    const int = parseInt(hex.slice(0, 8), 16);
    expect(crashPoint(hash, salt)).toBe(Math.floor(Math.max(1, (2 ** 32 / (int + 1)) * 0.99) * 100) / 100);
    expect(crashPoint(hash, salt)).toBeGreaterThanOrEqual(1);
  });
  it('chains link backwards and the points average ≈ 99% return', () => {
    const chain = hashChain('d'.repeat(64), 2000);
    expect(chainLinks(chain[10]!, chain[11]!)).toBe(true);
    expect(chainLinks(chain[10]!, chain[15]!, 5)).toBe(true);
    expect(chainLinks(chain[10]!, chain[12]!)).toBe(false);
    // Cash out at 2×: wins iff point ≥ 2; expected return 0.99.
    const wins = chain.filter((h) => crashPoint(h, 'salt') >= 2).length / chain.length;
    expect(wins * 2).toBeGreaterThan(0.9);
    expect(wins * 2).toBeLessThan(1.08);
  });
});

describe('box ranges', () => {
  it('finds the range of a ticket and validates tiling', () => {
    const ranges = rangesFromTickets([1, 99, 99900]);
    expect(ranges).toEqual([
      { from: 1, to: 1 },
      { from: 2, to: 100 },
      { from: 101, to: 100000 },
    ]);
    expect(ticketRangesError(ranges)).toBeNull();
    expect(rangeIndexForTicket(ranges, 1)).toBe(0);
    expect(rangeIndexForTicket(ranges, 100)).toBe(1);
    expect(rangeIndexForTicket(ranges, 100000)).toBe(2);
    expect(rangeIndexForTicket(ranges, 100001)).toBe(-1);
    expect(ticketRangesError(rangesFromTickets([1, 99]))).toMatch(/end at 100/);
    expect(ticketRangesError([{ from: 2, to: 100000 }])).toMatch(/start at 1/);
  });
});
