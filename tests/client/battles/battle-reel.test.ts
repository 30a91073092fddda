// The battle reels: every seat's reel rests on its drop at the same moment, the strips are the same
// for every viewer.
import { describe, expect, it } from 'vitest';
import {
  itemAt,
  reelItemsFor,
  reelSeed,
  roundReels,
  ROUND_SPIN_MS,
} from '../../../src/client/games/battles/battle-reel.ts';
import { landedItem, reelOffsetAt } from '../../../src/shared/games/boxes/reel.script.ts';

const items = Array.from({ length: 8 }, (_, i) => ({
  id: 100 + i,
  tickets: 40_000 >> i || 1,
  img_url: `/${i}.png`,
  rarity: 'common',
}));

describe('roundReels', () => {
  it('lands every seat on its drop, all at the same time, in every motion mode', () => {
    for (const ms of Object.values(ROUND_SPIN_MS)) {
      const reels = roundReels(9, 2, items, [107, 100, 103, 107], ms);
      expect(reels.map((r) => items[landedItem(r)]!.id)).toEqual([107, 100, 103, 107]);
      expect(new Set(reels.map((r) => r.durationMs))).toEqual(new Set([ms]));
      expect(reels.map((r) => items[itemAt(r, ms)]!.id)).toEqual([107, 100, 103, 107]);
    }
  });

  it('moves forward only and starts from the top of the strip', () => {
    const [reel] = roundReels(9, 0, items, [104], 3600);
    let last = -1;
    for (let t = 0; t <= 3600; t += 16) {
      const offset = reelOffsetAt(reel!, t);
      expect(offset).toBeGreaterThanOrEqual(last);
      last = offset;
    }
    expect(reelOffsetAt(reel!, 0)).toBe(0);
  });

  it('gives every viewer the same strips, and different seats and rounds different ones', () => {
    const a = roundReels(9, 1, items, [101, 101], 3600);
    const b = roundReels(9, 1, items, [101, 101], 3600);
    expect(a).toEqual(b);
    expect(a[0]!.strip).not.toEqual(a[1]!.strip);
    expect(reelSeed(9, 1, 0)).not.toBe(reelSeed(9, 2, 0));
    expect(reelSeed(9, 1, 0)).not.toBe(reelSeed(10, 1, 0));
  });

  it('refuses a drop that is not on the reel, and reelItemsFor adds the missing drops', () => {
    expect(() => roundReels(9, 0, items, [999], 3600)).toThrow(/not on the reel/);
    const withDrop = reelItemsFor(items, [{ id: 999, tickets: 1, img_url: '/z.png', rarity: 'legendary' }, items[0]!]);
    expect(withDrop).toHaveLength(9);
    expect(withDrop[landedItem(roundReels(9, 0, withDrop, [999], 1400)[0]!)]!.id).toBe(999);
  });
});
