// Rocket's one input (crash-frame.ts) over the round machine on a simulated engine clock: the
// countdown from the server's betting end, the elapsed time that never rewinds within a round,
// the crash point only once ended, and a new round starting afresh; the cash-out markers of the graph.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import { roundMachine, type RoundStatus } from '../../../src/client/engine/machines/round.machine.ts';
import {
  DEFAULT_BETTING_MS,
  MAX_MARKERS,
  cashOutMarkers,
  frameSource,
  reachedMarkers,
} from '../../../src/client/games/crash/crash-frame.ts';
import type { PlayerRow, Players } from '../../../src/client/games/crash/crash-players.ts';
import { crashFlooredAt, crashMsFor } from '../../../src/shared/games/crash/crash.curve.ts';

const T0 = 1_700_000_000_000;

function start() {
  const clock = new EngineClock();
  const round = createActor(roundMachine, { input: { clock }, clock }).start();
  const frame = frameSource(() => round.getSnapshot());
  const game = (id: number, status: RoundStatus, extra: Record<string, unknown> = {}, skewMs = 0) =>
    round.send({ type: 'GAME', game: { id, status, server_time: T0 + clock.now + skewMs, ...extra } });
  return { clock, frame, game };
}

describe('crash frame source', () => {
  it('counts the betting window down on engine time; the bar spans the longest window seen', () => {
    const { clock, frame, game } = start();
    expect(frame(0)).toMatchObject({ status: 'new', roundId: null, bettingLeftMs: 0 });
    game(5, 'starting', { betting_ends_at: T0 + 8_000 });
    expect(frame(clock.now)).toMatchObject({ status: 'starting', bettingLeftMs: 8_000, bettingTotalMs: 8_000 });
    clock.advance(3_000);
    expect(frame(clock.now)).toMatchObject({ bettingLeftMs: 5_000, bettingTotalMs: 8_000 });
    game(5, 'pending');
    expect(frame(clock.now)).toMatchObject({ status: 'pending', bettingLeftMs: 0 });
  });

  it('never rewinds the flight when a tick re-anchors behind the interpolation', () => {
    const { clock, frame, game } = start();
    game(5, 'in_progress', { elapsed: 1_000 });
    clock.advance(500);
    expect(frame(clock.now).elapsedMs).toBe(1_500);
    game(5, 'in_progress', { elapsed: 1_420 }); // the server is 80 ms behind our guess
    expect(frame(clock.now).elapsedMs).toBe(1_500);
    clock.advance(200);
    expect(frame(clock.now).elapsedMs).toBe(1_620);
    expect(frame(clock.now).crashPoint).toBeNull();
  });

  it('shows the crash point once ended, and starts the next round afresh', () => {
    const { clock, frame, game } = start();
    game(5, 'in_progress', { elapsed: 4_000 });
    frame(clock.now);
    clock.advance(700);
    game(5, 'ended', { crash_point: 2.37 });
    clock.advance(300);
    expect(frame(clock.now)).toMatchObject({ status: 'ended', crashPoint: 2.37, elapsedMs: 4_000, sinceStatusMs: 300 });
    game(6, 'starting', { betting_ends_at: T0 + clock.now + 3_000 });
    expect(frame(clock.now)).toMatchObject({
      roundId: 6,
      elapsedMs: 0,
      crashPoint: null,
      bettingLeftMs: 3_000,
      bettingTotalMs: DEFAULT_BETTING_MS,
    });
  });
});

describe('cash-out markers', () => {
  const row = (id: number, state: PlayerRow['state'], multiplier: number | null, name = `p${id}`): PlayerRow => ({
    id,
    user: { id, name, avatar_url: null },
    amount: 1,
    auto_cashout: null,
    multiplier,
    payout: multiplier,
    state,
  });
  const players = (roundId: number, rows: PlayerRow[]): Players => ({
    roundId,
    rows: new Map(rows.map((r) => [r.id, r])),
  });

  it('one marker per cash-out of the round, where the curve was when it was taken, in curve order', () => {
    const list = players(8, [row(1, 'cashed_out', 2), row(2, 'playing', null), row(3, 'cashed_out', 1.5, 'ann')]);
    expect(cashOutMarkers(list, 8)).toEqual([
      { betId: 3, name: 'ann', multiplier: 1.5, atMs: crashMsFor(1.5) },
      { betId: 1, name: 'p1', multiplier: 2, atMs: crashMsFor(2) },
    ]);
    expect(cashOutMarkers(list, 9)).toEqual([]); // the list of another round draws nothing
    expect(crashFlooredAt(crashMsFor(1.5))).toBe(1.5); // on the curve at exactly its multiplier
  });

  it('a frame shows the markers the curve has reached; at most MAX_MARKERS', () => {
    const markers = cashOutMarkers(players(8, [row(1, 'cashed_out', 2), row(3, 'cashed_out', 1.5)]), 8);
    expect(reachedMarkers(markers, crashMsFor(1.5) - 1)).toEqual([]);
    expect(reachedMarkers(markers, crashMsFor(1.9)).map((m) => m.betId)).toEqual([3]);
    expect(reachedMarkers(markers, crashMsFor(2)).map((m) => m.betId)).toEqual([3, 1]);
    const many = Array.from({ length: MAX_MARKERS + 5 }, (_, i) => row(100 + i, 'cashed_out', 1 + (i + 1) / 100));
    expect(cashOutMarkers(players(8, many), 8)).toHaveLength(MAX_MARKERS);
  });
});
