// /battles: filters from the URL, the live list event, who may join, and the create page's picks.
import { describe, expect, it } from 'vitest';
import {
  applyListEvent,
  canJoin,
  ENDED_KEPT,
  filterBattles,
  filtersFromQuery,
} from '../../../src/client/games/battles/battle-list.ts';
import { battleCost, boxCounts, pickBox, unpickBox } from '../../../src/client/games/battles/battle-picks.ts';
import { summary } from './battle-fixtures.ts';

describe('list filters', () => {
  const list = [
    summary(1, { mode: '1v1', cost: 2 }),
    summary(2, { mode: '2v2', cost: 10 }),
    summary(3, { mode: '2v2', cost: 50 }),
  ];

  it('reads mode and price from the URL; unknown values mean any', () => {
    expect(filtersFromQuery(new URLSearchParams('mode=2v2&min_cost=5&max_cost=20'))).toEqual({
      mode: '2v2',
      minCost: 5,
      maxCost: 20,
    });
    expect(filtersFromQuery(new URLSearchParams('mode=9v9&min_cost=abc&max_cost=-1'))).toEqual({
      mode: null,
      minCost: null,
      maxCost: null,
    });
  });

  it('keeps the battles of the mode within the seat price range (inclusive)', () => {
    expect(filterBattles(list, { mode: '2v2', minCost: null, maxCost: null }).map((b) => b.id)).toEqual([2, 3]);
    expect(filterBattles(list, { mode: null, minCost: 2, maxCost: 10 }).map((b) => b.id)).toEqual([1, 2]);
    expect(filterBattles(list, { mode: '1v1', minCost: 3, maxCost: null })).toEqual([]);
  });
});

describe('live list', () => {
  it('adds a new battle on top, replaces a changed one, drops canceled and private ones', () => {
    let list = [summary(2), summary(1, { status: 'ended' })];
    list = applyListEvent(list, summary(3));
    expect(list.map((b) => b.id)).toEqual([3, 2, 1]);
    list = applyListEvent(list, summary(2, { status: 'running', seats_filled: 2 }));
    expect(list.find((b) => b.id === 2)?.status).toBe('running');
    list = applyListEvent(list, summary(3, { status: 'canceled' }));
    list = applyListEvent(list, summary(4, { private: true }));
    expect(list.map((b) => b.id)).toEqual([2, 1]);
  });

  it('moves an ended battle below the live ones and keeps only the last 20 ended', () => {
    let list = Array.from({ length: ENDED_KEPT }, (_, i) => summary(i + 1, { status: 'ended' }));
    list = applyListEvent([summary(100), ...list], summary(50, { status: 'waiting' }));
    list = applyListEvent(list, summary(100, { status: 'ended' }));
    expect(list[0]!.id).toBe(50);
    expect(list[1]!.id).toBe(100);
    expect(list.filter((b) => b.status === 'ended')).toHaveLength(ENDED_KEPT);
  });

  it('offers Join on waiting battles with a free seat the player does not hold', () => {
    expect(canJoin(summary(1), 5)).toBe(true);
    expect(canJoin(summary(1), null)).toBe(true);
    expect(canJoin(summary(1), 1)).toBe(false); // seated (user 1 holds seat 0)
    expect(canJoin(summary(1, { seats_filled: 2 }), 5)).toBe(false);
    expect(canJoin(summary(1, { status: 'running' }), 5)).toBe(false);
  });
});

describe('create page picks', () => {
  const a = { slug: 'a', price: 0.1 };
  const b = { slug: 'b', price: 0.2 };

  it('keeps round order, counts repeats, removes the last of a box and sums the cost to the cent', () => {
    let picks = [a, b, a].reduce((p, x) => pickBox(p, x), [] as (typeof a)[]);
    expect(boxCounts(picks)).toEqual(
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    );
    expect(battleCost(picks)).toBe(0.4);
    picks = unpickBox(picks, 'a');
    expect(picks.map((p) => p.slug)).toEqual(['a', 'b']);
    expect(unpickBox(picks, 'zzz')).toEqual(picks);
  });

  it('stops at 50 boxes', () => {
    const many = Array.from({ length: 60 }, () => a).reduce((p, x) => pickBox(p, x), [] as (typeof a)[]);
    expect(many).toHaveLength(50);
  });
});
