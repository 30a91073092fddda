// The box reel script: the winner sits at the landing slot, the eased timeline never runs
// backwards, starts where the pre-spin was, and its last sample lands on the server's item.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  fillerStrip,
  landedItem,
  landingSlot,
  prng,
  reelOffsetAt,
  reelScript,
  tileAt,
} from '../../../src/shared/games/boxes/reel.script.ts';
import { sampleReel, tickTimes } from '../../../src/shared/games/boxes/reel.sample.ts';

const items = [
  { id: 1, tickets: 90_000 },
  { id: 2, tickets: 9_000 },
  { id: 3, tickets: 900 },
  { id: 4, tickets: 100 },
];

it('is deterministic for the same inputs and puts the winner at the landing slot', () => {
  const a = reelScript({ items, winnerIndex: 3, seed: 42, tileWidth: 100, durationMs: 4000 });
  const b = reelScript({ items, winnerIndex: 3, seed: 42, tileWidth: 100, durationMs: 4000 });
  expect(a).toEqual(b);
  expect(a.landing).toBe(30);
  expect(a.strip[a.landing]).toBe(3);
  expect(a.strip.length).toBe(a.landing + 6);
  expect(landedItem(a)).toBe(3);
  expect(reelScript({ items, winnerIndex: 3, seed: 43, tileWidth: 100, durationMs: 4000 }).strip).not.toEqual(a.strip);
  // the pre-spin shows the same tiles the script continues with (all but the landing slot)
  const pre = fillerStrip(items, 42, a.strip.length);
  expect(pre.filter((x, i) => i !== a.landing && x !== a.strip[i])).toEqual([]);
  expect(() => reelScript({ items, winnerIndex: 4, seed: 1, tileWidth: 100, durationMs: 1 })).toThrow();
});

it('for any winner, seed, pre-spin and duration: monotone, continuous at the start, last sample on the winner', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 3 }),
      fc.integer(),
      fc.integer({ min: 40, max: 200 }),
      fc.integer({ min: 0, max: 20_000 }),
      fc.double({ min: 0, max: 5, noNaN: true }),
      fc.integer({ min: 1, max: 8000 }),
      (winnerIndex, seed, tileWidth, startOffset, startVelocity, durationMs) => {
        const s = reelScript({ items, winnerIndex, seed, tileWidth, durationMs, startOffset, startVelocity });
        const samples = sampleReel(s, 16);
        expect(samples[0]!.offset).toBe(startOffset);
        const last = samples.at(-1)!;
        expect(last.t).toBe(durationMs);
        expect(last.offset).toBe(s.targetOffset);
        expect(last.tile).toBe(s.landing);
        expect(last.item).toBe(winnerIndex);
        // never moves backwards (one expect over every sample)
        expect(samples.filter((x, i) => i > 0 && x.offset < samples[i - 1]!.offset - 1e-6)).toEqual([]);
        // rests inside the landing tile, away from its edges
        const inTile = s.targetOffset / tileWidth - s.landing;
        expect(inTile).toBeGreaterThanOrEqual(0.2);
        expect(inTile).toBeLessThanOrEqual(0.8);
      },
    ),
    { numRuns: 150 },
  );
});

it('eases out: fast early, still at the end; ticks follow tile edges', () => {
  const s = reelScript({
    items,
    winnerIndex: 1,
    seed: 7,
    tileWidth: 100,
    durationMs: 5000,
    startOffset: 500,
    startVelocity: 2,
  });
  const v = (t: number) => (reelOffsetAt(s, t + 1) - reelOffsetAt(s, t)) / 1;
  expect(v(0)).toBeCloseTo(2, 1);
  expect(v(4998)).toBeLessThan(0.01);
  expect(reelOffsetAt(s, -5)).toBe(500);
  expect(reelOffsetAt(s, 99_999)).toBe(s.targetOffset);
  const samples = sampleReel(s);
  const ticks = tickTimes(samples);
  expect(ticks.length).toBe(tileAt(s, s.targetOffset) - tileAt(s, 500));
  expect([...ticks].sort((a, b) => a - b)).toEqual(ticks);
  expect(landingSlot(100, 500, 2, 5000)).toBe(s.landing);
});

it('prng is in [0, 1) and repeatable', () => {
  const r = prng(9);
  const xs = Array.from({ length: 1000 }, r);
  expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  expect(Array.from({ length: 1000 }, prng(9))).toEqual(xs);
});
