// Which bots the add-bots picker shows: the bots list's first ones not already seated in the battle,
// the order in which the server seats them.
import { describe, expect, it } from 'vitest';
import { nextBots } from '../../../src/client/games/battles/battle-bots.tsx';
import { battle } from './battle-fixtures.ts';

const BOTS = [1, 2, 3, 4].map((id) => ({ id, name: `Bot ${id}`, avatar_url: `/img/avatars/${id}.svg` }));

describe('nextBots', () => {
  it('skips the bots already in the battle and takes as many as asked', () => {
    const b = battle({ mode: '2v2' }, [1, 2, 3]);
    expect(nextBots(BOTS, b, 2).map((x) => x.id)).toEqual([1, 2]);
    const seated = { ...b, seats: b.seats.map((s) => (s.seat === 1 ? { ...s, bot: BOTS[0]! } : s)) };
    expect(nextBots(BOTS, seated, 3).map((x) => x.id)).toEqual([2, 3, 4]);
    expect(nextBots([], seated, 2)).toEqual([]); // the list not loaded yet
  });
});
