// Battle shapes for the client's battle tests (the API contract's types, filled with plain values).
import type { Battle, BattleDrop, BattleSummary } from '../../../src/shared/api/battles.ts';

/** A drop of `round` worth `price` dollars (item id = `itemId`). */
export function drop(round: number, itemId: number, price: number): BattleDrop {
  return {
    round,
    ticket: 1000 + itemId,
    item: { id: itemId, name: `Item ${itemId}`, img_url: '/x.png', price, rarity: 'common' },
  };
}

/** A battle of `mode` with `boxes` rounds; seats filled with users 1, 2, … unless `open` lists empty seats. */
export function battle(over: Partial<Battle> = {}, open: number[] = []): Battle {
  const mode = over.mode ?? '1v1';
  const seats = { '1v1': 2, '1v1v1': 3, '1v1v1v1': 4, '2v2': 4, '3v3': 6 }[mode];
  const teamSize = mode === '2v2' ? 2 : mode === '3v3' ? 3 : 1;
  return {
    id: 7,
    status: 'waiting',
    mode,
    crazy: false,
    terminal: false,
    private: false,
    boxes: [1, 2, 3].map((v) => ({ slug: `box-${v}`, name: `Box ${v}`, img_url: '/b.png', price: 1.5, version: 1 })),
    cost: 4.5,
    seats: Array.from({ length: seats }, (_, seat) => ({
      seat,
      team: Math.floor(seat / teamSize),
      client_seed: open.includes(seat) ? null : `seed-${seat}`,
      user: open.includes(seat) ? null : { id: seat + 1, name: `P${seat + 1}`, avatar_url: null, level: 1 },
      bot: null,
      drops: [],
      total: 0,
    })),
    round: -1,
    server_seed_hash: 'h',
    boxes_hash: 'bh',
    public_seed: null,
    server_seed: null,
    winners: null,
    tie_break: null,
    invite_code: null,
    expires_at: null,
    created_at: '2026-11-26T10:00:00.000Z',
    started_at: null,
    ended_at: null,
    ...over,
  };
}

/** A list row. */
export function summary(id: number, over: Partial<BattleSummary> = {}): BattleSummary {
  const b = battle({ id });
  return {
    id,
    status: 'waiting',
    mode: '1v1',
    crazy: false,
    terminal: false,
    private: false,
    boxes: b.boxes,
    cost: 4.5,
    seats: b.seats.map(({ drops: _d, total: _t, ...s }) => s),
    seats_filled: 1,
    seats_total: 2,
    round: -1,
    winners: null,
    created_at: b.created_at,
    ...over,
  };
}
