// Box odds: ticket ranges are contiguous and cover 1..100,000; EV and price are exact in cents.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TOTAL_TICKETS,
  HOUSE_EDGE_BP,
  boxPriceCents,
  chancePercent,
  evNumerator,
  expectedValueCents,
  rangeIndexForTicket,
  rangeProblems,
  sellBackValueCents,
  ticketRanges,
  ticketsFromWeights,
} from '../../../src/shared/games/boxes/boxes.odds.ts';
import { SHOE_SIZES, CLOTHING_SIZES, rarityForPrice, sizesFor } from '../../../src/shared/games/boxes/boxes.types.ts';

describe('ticket ranges', () => {
  it('are contiguous from 1 and end at 100,000', () => {
    const r = ticketRanges([50_000, 30_000, 19_999, 1]);
    expect(r).toEqual([
      { from: 1, to: 50_000 },
      { from: 50_001, to: 80_000 },
      { from: 80_001, to: 99_999 },
      { from: 100_000, to: 100_000 },
    ]);
    expect(rangeProblems(r)).toEqual([]);
  });

  it('reports gaps, overlaps, short and long coverage and empty boxes', () => {
    expect(rangeProblems([])).toEqual(['A box needs at least one item.']);
    expect(
      rangeProblems([
        { from: 1, to: 10 },
        { from: 12, to: 100_000 },
      ])[0],
    ).toMatch(/starts at 12, expected 11/);
    expect(
      rangeProblems([
        { from: 1, to: 10 },
        { from: 10, to: 100_000 },
      ])[0],
    ).toMatch(/starts at 10/);
    expect(rangeProblems([{ from: 1, to: 99_999 }])).toEqual(['Ranges end at 99999, expected 100000.']);
    expect(rangeProblems([{ from: 1, to: 100_001 }])).toEqual(['Ranges end at 100001, expected 100000.']);
    expect(rangeProblems([{ from: 2, to: 100_000 }])[0]).toMatch(/starts at 2/);
    expect(
      rangeProblems([
        { from: 1, to: 0 },
        { from: 1, to: 100_000 },
      ])[0],
    ).toMatch(/empty range/);
    expect(rangeProblems([{ from: 1, to: 1.5 }])[0]).toMatch(/integers/);
  });

  it('from weights always sum to exactly 100,000 with at least one ticket each (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1e-6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (weights) => {
          const t = ticketsFromWeights(weights);
          expect(t.reduce((a, b) => a + b, 0)).toBe(TOTAL_TICKETS);
          expect(t.every((x) => Number.isInteger(x) && x >= 1)).toBe(true);
          expect(rangeProblems(ticketRanges(t))).toEqual([]);
        },
      ),
    );
  });

  it('from weights follows the proportions', () => {
    expect(ticketsFromWeights([1, 1])).toEqual([50_000, 50_000]);
    expect(ticketsFromWeights([3, 1])).toEqual([75_000, 25_000]);
    expect(ticketsFromWeights([1, 1, 1])).toEqual([33_334, 33_333, 33_333]);
    expect(() => ticketsFromWeights([])).toThrow();
    expect(() => ticketsFromWeights([1, 0])).toThrow();
  });

  it('finds the range of every boundary ticket', () => {
    const r = ticketRanges([10, 99_980, 10]);
    expect(rangeIndexForTicket(r, 1)).toBe(0);
    expect(rangeIndexForTicket(r, 10)).toBe(0);
    expect(rangeIndexForTicket(r, 11)).toBe(1);
    expect(rangeIndexForTicket(r, 99_990)).toBe(1);
    expect(rangeIndexForTicket(r, 99_991)).toBe(2);
    expect(rangeIndexForTicket(r, 100_000)).toBe(2);
    expect(rangeIndexForTicket(r, 0)).toBe(-1);
    expect(rangeIndexForTicket(r, 100_001)).toBe(-1);
  });
});

describe('expected value and price', () => {
  const items = [
    { tickets: 1, priceCents: 199_999, salePriceCents: 180_000 },
    { tickets: 99_999, priceCents: 333, salePriceCents: 300 },
  ];

  it('EV is exact: Σ tickets × price over 100,000', () => {
    expect(evNumerator(items)).toBe(199_999n + 99_999n * 333n);
    // (199999 + 33299667) / 100000 = 334.99666 cents → 335
    expect(expectedValueCents(items)).toBe(335);
    expect(expectedValueCents([{ tickets: 100_000, priceCents: 1234 }])).toBe(1234);
    expect(
      expectedValueCents([
        { tickets: 50_000, priceCents: 1 },
        { tickets: 50_000, priceCents: 0 },
      ]),
    ).toBe(1); // 0.5 → half up
  });

  it('sell-back value is the chance-weighted sale price', () => {
    expect(sellBackValueCents(items)).toBe(Math.round((180_000 + 99_999 * 300) / 100_000));
  });

  it('price = EV × (1 + 8%) rounded up to the cent, never below the edge', () => {
    expect(HOUSE_EDGE_BP).toBe(800);
    expect(boxPriceCents([{ tickets: 100_000, priceCents: 1000 }])).toBe(1080);
    expect(boxPriceCents([{ tickets: 100_000, priceCents: 1001 }])).toBe(1082); // 1081.08 → 1082
    expect(boxPriceCents(items, 0)).toBe(335); // 334.99666 rounded up
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ tickets: fc.integer({ min: 1, max: 5000 }), priceCents: fc.integer({ min: 0, max: 1_000_000 }) }),
          { minLength: 1, maxLength: 20 },
        ),
        (raw) => {
          const num = evNumerator(raw);
          const price = BigInt(boxPriceCents(raw));
          const total = 100_000n;
          // price × 1e5 × 1e4 ≥ num × 10800 and one cent less would fall short
          expect(price * total * 10_000n >= num * 10_800n).toBe(true);
          expect((price - 1n) * total * 10_000n < num * 10_800n || price === 0n).toBe(true);
        },
      ),
    );
  });

  it('chance of 1 ticket is 0.001% and all tickets make 100%', () => {
    expect(chancePercent(1)).toBe(0.001);
    expect(chancePercent(TOTAL_TICKETS)).toBe(100);
  });
});

describe('catalog vocabulary', () => {
  it('shoe sizes run 5 to 15.5 in half steps; clothing XS–XXL', () => {
    expect(SHOE_SIZES[0]).toBe('5');
    expect(SHOE_SIZES.at(-1)).toBe('15.5');
    expect(SHOE_SIZES).toContain('9.5');
    expect(SHOE_SIZES).toHaveLength(22);
    expect(CLOTHING_SIZES).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    expect(sizesFor(null)).toEqual([]);
    expect(sizesFor('shoe')).toBe(SHOE_SIZES);
  });

  it('rarity follows price tiers', () => {
    expect([1999, 2000, 9999, 10_000, 39_999, 40_000, 119_999, 120_000].map(rarityForPrice)).toEqual([
      'common',
      'uncommon',
      'uncommon',
      'rare',
      'rare',
      'epic',
      'epic',
      'legendary',
    ]);
  });
});
