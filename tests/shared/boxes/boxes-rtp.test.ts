// Box RTP: 10^6 openings of every seeded box, rolled with the fair generator and mapped through
// the box's ticket ranges, return EV / price = 1 / (1 + 8 % edge) ≈ 92.59 % of the stake.
import { describe, expect, it } from 'vitest';
import { ByteStream, ticketFromFloat } from '../../../src/shared/fair/index.ts';
import {
  HOUSE_EDGE_BP,
  TOTAL_TICKETS,
  boxPriceCents,
  ticketRanges,
  ticketsFromWeights,
} from '../../../src/shared/games/boxes/boxes.odds.ts';
import { seedBoxes, seedProducts } from '../../../src/server/modules/boxes/catalog.data.ts';

const OPENINGS = 1_000_000;
const documented = 100 / (1 + HOUSE_EDGE_BP / 10_000); // percent returned to the player

/** 10^6 fair tickets: every float of each nonce's first HMAC round (8 per nonce), as the dice RTP test does. */
function fairTickets(): Int32Array {
  const out = new Int32Array(OPENINGS);
  let n = 0;
  for (let nonce = 0; n < OPENINGS; nonce++) {
    const stream = new ByteStream({ serverSeed: 'c'.repeat(64), clientSeed: 'box-rtp', nonce });
    for (let i = 0; i < 8 && n < OPENINGS; i++) out[n++] = ticketFromFloat(stream.nextFloat());
  }
  return out;
}

describe('box RTP', () => {
  it(`10^6 openings of each seeded box return ${documented.toFixed(2)} % ± 0.1 pt`, () => {
    const tickets = fairTickets();
    const prices = new Map(seedProducts.map((p) => [p.slug, p.priceCents]));
    expect(seedBoxes.length).toBeGreaterThanOrEqual(12);
    for (const box of seedBoxes) {
      const itemPrices = box.items.map((s) => prices.get(s)!);
      const counts = ticketsFromWeights(box.weights ?? itemPrices.map((p) => 1 / p));
      const items = counts.map((t, i) => ({ tickets: t, priceCents: itemPrices[i]! }));
      const price = boxPriceCents(items, HOUSE_EDGE_BP);
      const valueOf = new Float64Array(TOTAL_TICKETS + 1); // ticket → prize value in cents
      ticketRanges(counts).forEach((r, i) => valueOf.fill(itemPrices[i]!, r.from, r.to + 1));
      let returned = 0;
      for (const t of tickets) returned += valueOf[t]!;
      const rtp = (returned / (OPENINGS * price)) * 100;
      const exact = (items.reduce((a, it) => a + it.tickets * it.priceCents, 0) / TOTAL_TICKETS / price) * 100;
      expect(Math.abs(exact - documented), `${box.slug} exact`).toBeLessThan(0.1);
      // one standard error of the simulated RTP, in points
      const mean = items.reduce((a, it) => a + it.tickets * it.priceCents, 0) / TOTAL_TICKETS;
      const variance = items.reduce((a, it) => a + (it.tickets / TOTAL_TICKETS) * (it.priceCents - mean) ** 2, 0);
      const se = (Math.sqrt(variance / OPENINGS) / price) * 100;
      expect(Math.abs(rtp - documented), `${box.slug}: simulated ${rtp.toFixed(3)} %`).toBeLessThan(
        Math.max(0.1, 4 * se),
      );
    }
  });
});
