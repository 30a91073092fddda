// The wheel page's socket wiring into the generic round machine: `wheel:game` goes in as GAME with
// nothing but the event (no receive time: the machine anchors on engine time), malformed events are
// dropped, the socket's connect/disconnect become CONNECTED/DISCONNECTED, this round's bets follow
// `wheel:bets`, each ended round joins the history, and unmounting removes every listener.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import { roundMachine } from '../../../src/client/engine/machines/round.machine.ts';
import { useWheelRound } from '../../../src/client/games/wheel/use-wheel-round.ts';

type Handler = (payload?: unknown) => void;
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload?: unknown) => void>>();
  return {
    handlers,
    connected: true,
    released: 0,
    on(name: string, fn: (payload?: unknown) => void) {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name)!.add(fn);
    },
    off(name: string, fn: (payload?: unknown) => void) {
      handlers.get(name)?.delete(fn);
    },
  };
});
const emit = (name: string, payload?: unknown) => socket.handlers.get(name)?.forEach((fn: Handler) => fn(payload));

vi.mock('../../../src/client/lib/socket.ts', () => ({
  acquireRoundSocket: async () => ({ socket, release: () => socket.released++ }),
}));
vi.mock('../../../src/client/lib/api.ts', () => ({
  api: async (_method: string, path: string) =>
    path.startsWith('/api/wheel/recent-games')
      ? { data: [{ id: 1, segment: 0, color: 'gold', multiplier: 52 }] }
      : { data: { id: 5, bets: [] } },
}));

const T0 = 1_700_000_000_000;
const user = { id: 9, name: 'ann', avatar_url: null };

describe('useWheelRound', () => {
  it('feeds the round machine and the bet list from the socket', async () => {
    const clock = new EngineClock();
    const round = createActor(roundMachine, { input: { clock }, clock }).start();
    const { result, unmount } = renderHook(() => useWheelRound(round));
    await waitFor(() => expect(round.getSnapshot().context.connected).toBe(true)); // the socket was up already
    await waitFor(() => expect(result.current.history.map((h) => h.id)).toEqual([1]));

    act(() => emit('wheel:game', { id: 5, status: 'starting', server_time: T0, betting_ends_at: T0 + 10_000 }));
    expect(round.getSnapshot().hasTag('betting')).toBe(true);
    expect(round.getSnapshot().context.data).toEqual({
      id: 5,
      status: 'starting',
      server_time: T0,
      betting_ends_at: T0 + 10_000,
    });
    act(() => emit('wheel:game', { id: 6, status: 'bogus', server_time: T0 })); // malformed: dropped
    expect(round.getSnapshot().context.roundId).toBe(5);

    const bet = { id: 70, user, amount: 1, color: 'red', payout: null };
    act(() => emit('wheel:bets', { type: 'placed', round_id: 5, bet }));
    expect(result.current.bets).toMatchObject({ roundId: 5, list: [{ id: 70, status: 'active' }] });

    act(() => emit('wheel:game', { id: 5, status: 'ended', server_time: T0 + 15_000, segment: 3, color: 'red' }));
    expect(round.getSnapshot().hasTag('over')).toBe(true);
    expect(result.current.history.map((h) => h.id)).toEqual([1]); // no multiplier: not a result to list
    act(() =>
      emit('wheel:game', {
        id: 6,
        status: 'ended',
        server_time: T0 + 30_000,
        segment: 0,
        color: 'gold',
        multiplier: 52,
      }),
    );
    expect(result.current.history.map((h) => h.id)).toEqual([6, 1]);
    expect(result.current.bets).toEqual({ roundId: 6, list: [] }); // a new round starts an empty list

    act(() => emit('disconnect'));
    expect(round.getSnapshot().context.connected).toBe(false);
    act(() => emit('connect'));
    expect(round.getSnapshot().context.connected).toBe(true);

    unmount();
    expect(socket.released).toBe(1);
    expect([...socket.handlers.values()].every((set) => set.size === 0)).toBe(true);
  });
});
