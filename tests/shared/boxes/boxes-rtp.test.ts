// Box RTP, computed exactly: a ticket is floor(u / 2^32 × 100,000) + 1 for a uniform 32-bit u of the
// fair stream, so each item's chance is the share of the 2^32 values of u whose ticket falls in its
// range. Every seeded box returns EV / price = 1 / (1 + 8 % edge) ≈ 92.59 % of the stake. (That the
// stream's tickets are uniform is checked by the one simulation, in tests/shared/fair/games.test.ts.)
import { describe, expect, it } from 'vitest';
import { ticketFromFloat } from '../../../src/shared/fair/index.ts';
import {
  HOUSE_EDGE_BP,
  TOTAL_TICKETS,
  boxPriceCents,
  rangeProblems,
  ticketRanges,
  ticketsFromWeights,
} from '../../../src/shared/games/boxes/boxes.odds.ts';
import { seedBoxes, seedProducts } from '../../../src/server/modules/boxes/catalog.data.ts';

const documented = 100 / (1 + HOUSE_EDGE_BP / 10_000); // percent returned to the player
const prices = new Map(seedProducts.map((p) => [p.slug, p.priceCents]));

/** Each seeded box with its items' prices, ticket ranges and price. */
const boxes = seedBoxes.map((box) => {
  const itemPrices = box.items.map((s) => prices.get(s)!);
  const counts = ticketsFromWeights(box.weights ?? itemPrices.map((p) => 1 / p));
  const price = boxPriceCents(
    counts.map((t, i) => ({ tickets: t, priceCents: itemPrices[i]! })),
    HOUSE_EDGE_BP,
  );
  return { slug: box.slug, itemPrices, ranges: ticketRanges(counts), price };
});

/** How many of the 2^32 fair floats u / 2^32 give a ticket ≤ `ticket` (tickets grow with u). */
function floatsUpTo(ticket: number): number {
  let lo = 0;
  let hi = 2 ** 32;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (ticketFromFloat(mid / 2 ** 32) <= ticket) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

describe('box RTP', () => {
  it('every seeded box has ticket ranges tiling 1 … 100,000', () => {
    expect(boxes.length).toBeGreaterThanOrEqual(12);
    for (const box of boxes) {
      expect(rangeProblems(box.ranges), box.slug).toEqual([]);
      expect(box.ranges.at(-1)!.to).toBe(TOTAL_TICKETS);
    }
    expect(floatsUpTo(0)).toBe(0);
    expect(floatsUpTo(TOTAL_TICKETS)).toBe(2 ** 32);
  });

  it(`every seeded box returns ${documented.toFixed(2)} % ± 0.1 pt, computed exactly from its ticket ranges`, () => {
    for (const box of boxes) {
      let returned = 0; // cents per opening, exact over the fair ticket distribution
      let nominal = 0; // the same with every ticket at exactly 1 / 100,000
      box.ranges.forEach((r, i) => {
        returned += ((floatsUpTo(r.to) - floatsUpTo(r.from - 1)) / 2 ** 32) * box.itemPrices[i]!;
        nominal += ((r.to - r.from + 1) / TOTAL_TICKETS) * box.itemPrices[i]!;
      });
      const rtp = (returned / box.price) * 100;
      expect(Math.abs(rtp - documented), `${box.slug}: ${rtp.toFixed(4)} %`).toBeLessThan(0.1);
      expect(rtp, `${box.slug}: never above the documented return`).toBeLessThanOrEqual(documented + 1e-4);
      // 2^32 is not a multiple of 100,000: tickets differ by at most 1 in 42,950 from uniform.
      expect(Math.abs(returned - nominal) / nominal, box.slug).toBeLessThan(3e-5);
    }
  });
});
