// The live-drops feed rules (spec §4): others after 3000 ms, newest first, cap 20; own drops held
// while busy and added when the flag clears.
import { expect, it } from 'vitest';
import type { Drop } from '../../../src/shared/api/boxes.ts';
import { DROP_CAP, DROP_DELAY_MS, DropsFeed } from '../../../src/client/features/drops/drops-feed.ts';

function drop(id: number, userId: number): Drop & { user_id: number } {
  return {
    id,
    source: 'box',
    created_at: '2026-01-01T00:00:00.000Z',
    user_id: userId,
    box: { slug: 'penny-box', name: 'Penny Box', img_url: '/img/boxes/penny-box.svg' },
    item: { id: 1, name: 'Thing', img_url: '/img/products/x.svg', rarity: 'common', price: 10, sale_price: 9 },
    user: { id: userId, name: 'P', avatar_url: null },
    opening_id: id,
  };
}

function harness(self: number | null) {
  let now = 0;
  let busy = false;
  const timers: { at: number; fn: () => void; live: boolean }[] = [];
  let shown: Drop[] = [];
  const feed = new DropsFeed({
    selfId: () => self,
    busy: () => busy,
    schedule: (fn, ms) => {
      const t = { at: now + ms, fn, live: true };
      timers.push(t);
      return () => (t.live = false);
    },
    onChange: (d) => (shown = d),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.filter((x) => x.live && x.at <= now)) {
      t.live = false;
      t.fn();
    }
  };
  return {
    feed,
    advance,
    ids: () => shown.map((d) => d.id),
    setBusy: (b: boolean) => ((busy = b), feed.busyChanged(b)),
  };
}

it("adds other players' drops only after 3000 ms, newest first", () => {
  const h = harness(7);
  h.feed.seed([drop(1, 2)]);
  h.feed.receive(drop(2, 3));
  h.advance(DROP_DELAY_MS - 1);
  expect(h.ids()).toEqual([1]);
  h.feed.receive(drop(3, 4));
  h.advance(1);
  expect(h.ids()).toEqual([2, 1]);
  h.advance(DROP_DELAY_MS);
  expect(h.ids()).toEqual([3, 2, 1]);
});

it('caps the list at 20 and ignores a drop it already shows', () => {
  const h = harness(null);
  h.feed.seed(Array.from({ length: 25 }, (_, i) => drop(100 - i, 2)));
  expect(h.ids()).toHaveLength(DROP_CAP);
  h.feed.receive(drop(101, 2));
  h.feed.receive(drop(101, 2));
  h.advance(DROP_DELAY_MS);
  expect(h.ids()).toHaveLength(20);
  expect(h.ids()[0]).toBe(101);
  expect(h.ids()[1]).toBe(100);
});

it('holds own drops while busy and adds them when busy clears; at once when idle', () => {
  const h = harness(7);
  h.setBusy(true);
  h.feed.receive(drop(10, 7));
  h.feed.receive(drop(11, 7));
  h.advance(10_000);
  expect(h.ids()).toEqual([]);
  h.setBusy(false);
  expect(h.ids()).toEqual([11, 10]);
  h.feed.receive(drop(12, 7));
  expect(h.ids()).toEqual([12, 11, 10]);
});

it('dispose cancels pending drops', () => {
  const h = harness(7);
  h.feed.receive(drop(5, 2));
  h.feed.dispose();
  h.advance(DROP_DELAY_MS);
  expect(h.ids()).toEqual([]);
});
