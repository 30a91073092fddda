// The generic round machine (Rocket and the Crazy Wheel) on a simulated engine clock: the snapshot
// sent on connect puts a late joiner straight into its round's status; stale and duplicate events
// change nothing; the betting countdown follows engine time (and stands still while the clock is
// paused); rounds whose end never arrived are recorded; every status has its tag. The recorded
// /crash logs are replayed in tests/client/crash/round-machine.test.ts.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import {
  ROUND_STATUSES,
  ROUND_TAGS,
  bettingLeft,
  roundElapsed,
  roundMachine,
  type RoundStatus,
} from '../../../src/client/engine/machines/round.machine.ts';

const T0 = 1_700_000_000_000; // the server's clock when the engine clock was at 0

function start() {
  const clock = new EngineClock();
  const round = createActor(roundMachine, { input: { clock }, clock }).start();
  const game = (id: number, status: RoundStatus, extra: Record<string, unknown> = {}, skewMs = 0) =>
    round.send({ type: 'GAME', game: { id, status, server_time: T0 + clock.now + skewMs, ...extra } });
  return { clock, round, game, snap: () => round.getSnapshot() };
}

describe('round machine: a late joiner', () => {
  it.each([
    ['starting', 'betting'],
    ['pending', 'closed'],
    ['in_progress', 'live'],
    ['ended', 'over'],
  ] as const)('joins at %s from the snapshot on connect, tagged %s', (status, tag) => {
    const { game, snap } = start();
    expect(snap().hasTag('waiting')).toBe(true);
    game(12, status);
    expect(snap().value).toBe(status);
    expect(snap().hasTag(tag)).toBe(true);
    expect(snap().context.missed).toEqual([]); // joining is not missing a round
  });

  it('joins in progress at the server elapsed time and interpolates on engine time', () => {
    const { clock, game, snap } = start();
    clock.advance(5_000);
    game(12, 'in_progress', { elapsed: 7_300 }, 42_000); // the server's clock is far from ours: no matter
    expect(roundElapsed(snap().context, clock.now)).toBe(7_300);
    clock.advance(250);
    expect(roundElapsed(snap().context, clock.now)).toBe(7_550);
  });

  it('tags each status with its own tag and nothing else', () => {
    const { game, snap } = start();
    for (const status of ROUND_STATUSES.slice(1)) {
      game(12, status);
      const tags = [...snap().tags];
      expect(tags).toEqual([ROUND_TAGS[status]]);
    }
  });
});

describe('round machine: stale and duplicate events', () => {
  it('ignores an older round, a status going back, and keeps the status start on a duplicate', () => {
    const { clock, game, snap } = start();
    game(12, 'in_progress', { elapsed: 0 });
    const since = snap().context.since;
    clock.advance(100);
    game(12, 'in_progress', { elapsed: 100 }); // a tick: re-anchors, same status
    expect(snap().context.since).toBe(since);
    expect(snap().context.engineAt).toBe(100);
    const before = snap();
    game(12, 'starting'); // a late delivery of an earlier status
    game(11, 'ended', { crash_point: 3 }); // an older round's end
    expect(snap()).toBe(before); // not even re-anchored
    expect(snap().value).toBe('in_progress');
    expect(snap().context.data).toMatchObject({ id: 12, status: 'in_progress' });
    game(12, 'ended', { crash_point: 2 });
    game(12, 'in_progress', { elapsed: 900 }); // a tick delivered after the end
    expect(snap().value).toBe('ended');
    expect(snap().context.data).toMatchObject({ crash_point: 2 });
  });
});

describe('round machine: the betting countdown', () => {
  it('counts down with engine time from the server time and stops while the clock is paused', () => {
    const { clock, game, snap } = start();
    game(3, 'starting', { betting_ends_at: T0 + 10_000 });
    expect(bettingLeft(snap().context, clock.now)).toBe(10_000);
    clock.tick(100); // real frames, as the ticker feeds them
    clock.tick(100);
    expect(bettingLeft(snap().context, clock.now)).toBe(9_800);
    clock.pause();
    for (let i = 0; i < 30; i++) clock.tick(100);
    expect(bettingLeft(snap().context, clock.now)).toBe(9_800);
    clock.step(50);
    expect(bettingLeft(snap().context, clock.now)).toBe(9_750);
    clock.resume();
    clock.setSpeed(2);
    clock.tick(100);
    expect(bettingLeft(snap().context, clock.now)).toBe(9_550);
    clock.advance(20_000);
    expect(bettingLeft(snap().context, clock.now)).toBe(0); // it never goes below, nor opens a round itself
    expect(snap().value).toBe('starting');
  });

  it('re-anchors on every event of the window (the server clock wins over the interpolation)', () => {
    const { clock, game, snap } = start();
    game(3, 'starting', { betting_ends_at: T0 + 10_000 });
    clock.advance(1_000);
    game(3, 'starting', { betting_ends_at: T0 + 10_000 }, 300); // the server says 300 ms later than we thought
    expect(bettingLeft(snap().context, clock.now)).toBe(8_700);
  });
});

describe('round machine: missed rounds and the connection', () => {
  it('records a round whose end never arrived, newest last, at most 20', () => {
    const { game, snap } = start();
    game(1, 'in_progress');
    game(2, 'starting'); // a reconnect: round 1's end was lost
    expect(snap().context.missed).toEqual([1]);
    game(2, 'ended');
    game(3, 'starting');
    expect(snap().context.missed).toEqual([1]); // round 2 ended as it should
    for (let id = 4; id < 30; id++) game(id, 'pending');
    expect(snap().context.missed).toHaveLength(20);
    expect(snap().context.missed.at(-1)).toBe(28);
  });

  it('follows the socket: CONNECTED, DISCONNECTED, without changing the status', () => {
    const { round, game, snap } = start();
    round.send({ type: 'CONNECTED' });
    game(4, 'pending');
    round.send({ type: 'DISCONNECTED' });
    expect(snap().context.connected).toBe(false);
    expect(snap().value).toBe('pending');
    round.send({ type: 'CONNECTED' });
    expect(snap().context.connected).toBe(true);
  });
});
