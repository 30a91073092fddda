// The custom-box quote both the create form and the server use: chances → tickets, price, share.
import { describe, expect, it } from 'vitest';
import { boxPriceCents, expectedValueCents } from '../../../src/shared/games/boxes/boxes.odds.ts';
import {
  chanceSumMessage,
  creatorShareCents,
  quoteCustomBox,
  ticketsFromChance,
} from '../../../src/shared/games/boxes/custom-box.quote.ts';

describe('ticketsFromChance', () => {
  it.each([
    [12.345, 12_345],
    [0.001, 1],
    [100, 100_000],
    [33.333, 33_333],
    [0.1 + 0.2, 300],
    [99.999, 99_999],
  ])('%s %% → %s tickets', (chance, tickets) => expect(ticketsFromChance(chance)).toBe(tickets));
  it.each([0, -1, 0.0005, 12.3456, 100.001, Number.NaN, Infinity])('refuses %s', (chance) =>
    expect(ticketsFromChance(chance)).toBeNull(),
  );
});

describe('quoteCustomBox', () => {
  const item = (chance: number, priceCents: number) => ({
    chance,
    priceCents,
    salePriceCents: Math.floor(priceCents * 0.9),
  });

  it('prices a valid box exactly like a catalog box: EV × 1.08 rounded up', () => {
    const q = quoteCustomBox([item(60, 100), item(30, 1_000), item(9.5, 5_000), item(0.5, 100_000)]);
    const odds = [
      { tickets: 60_000, priceCents: 100 },
      { tickets: 30_000, priceCents: 1_000 },
      { tickets: 9_500, priceCents: 5_000 },
      { tickets: 500, priceCents: 100_000 },
    ];
    expect(q.problems).toEqual([]);
    expect(q.tickets).toEqual([60_000, 30_000, 9_500, 500]);
    expect(q.evCents).toBe(expectedValueCents(odds)); // 60 + 300 + 475 + 500 = 1,335
    expect(q.evCents).toBe(1_335);
    expect(q.priceCents).toBe(boxPriceCents(odds));
    expect(q.priceCents).toBe(1_442); // 1,335 × 1.08 = 1,441.8 → up
    expect(q.creatorShareCents).toBe(14); // 1 % of 1,442, down
  });

  it('refuses sums other than exactly 100 % and says the sum', () => {
    expect(quoteCustomBox([item(50, 100), item(49.999, 100)]).problems).toEqual([chanceSumMessage(99_999)]);
    expect(chanceSumMessage(99_999)).toBe('The chances must add up to exactly 100% (now 99.999%).');
    expect(quoteCustomBox([item(50, 100), item(50.001, 100)]).problems[0]).toBe(
      'The chances must add up to exactly 100% (now 100.001%).',
    );
    // thirds cannot be exact with 0.001 % steps: 33.333 + 33.333 + 33.334 can
    expect(quoteCustomBox([item(33.333, 1), item(33.333, 1), item(33.334, 1)]).problems).toEqual([]);
  });

  it('counts 2 to 20 items and flags bad chances per item', () => {
    expect(quoteCustomBox([item(100, 100)]).problems[0]).toBe('Pick from 2 to 20 items.');
    expect(quoteCustomBox(Array.from({ length: 20 }, () => item(5, 100))).problems).toEqual([]);
    expect(quoteCustomBox(Array.from({ length: 21 }, (_, i) => item(i === 0 ? 0 : 5, 100))).problems[0]).toBe(
      'Pick from 2 to 20 items.',
    );
    const q = quoteCustomBox([item(99.9999, 100), item(0.0001, 100)]);
    expect(Object.keys(q.itemProblems)).toEqual(['0', '1']);
  });

  it('creator share is floor(price × bp / 10,000)', () => {
    expect(creatorShareCents(99)).toBe(0);
    expect(creatorShareCents(100)).toBe(1);
    expect(creatorShareCents(1_999)).toBe(19);
    expect(creatorShareCents(1_000, 250)).toBe(25);
  });
});
