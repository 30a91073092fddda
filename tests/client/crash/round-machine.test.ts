// The round machine replaying recorded /crash event logs: a full round, a join mid-round and a
// reconnect after a missed `ended`. Time is the server's, interpolated on the engine clock.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import {
  bettingLeft,
  isCurrent,
  roundElapsed,
  roundMachine,
  serverNow,
} from '../../../src/client/engine/machines/round.machine.ts';
import { LOGS, replay } from './replay.ts';

function start() {
  const clock = new EngineClock();
  const round = createActor(roundMachine, { input: { clock }, clock }).start();
  const visited: string[] = [];
  round.subscribe((s) => {
    const key = `${s.context.roundId}:${String(s.value)}`;
    if (visited.at(-1) !== key) visited.push(key);
  });
  return { clock, round, visited };
}

describe('round machine: full round log', () => {
  it('walks ended (snapshot) → starting → pending → in_progress → ended → next starting', () => {
    const { clock, round, visited } = start();
    replay(LOGS.full, clock, round);
    expect(visited).toEqual([
      'null:new',
      '41:ended',
      '42:starting',
      '42:pending',
      '42:in_progress',
      '42:ended',
      '43:starting',
    ]);
    expect(round.getSnapshot().context.missed).toEqual([]);
    expect(round.getSnapshot().context.connected).toBe(true);
  });

  it('counts the betting window down from the server time, not its own', () => {
    const { clock, round } = start();
    replay(LOGS.full, clock, round, { until: 2000 });
    const ctx = () => round.getSnapshot().context;
    expect(round.getSnapshot().hasTag('betting')).toBe(true);
    expect(bettingLeft(ctx(), clock.now)).toBe(5000);
    clock.advance(1200);
    expect(bettingLeft(ctx(), clock.now)).toBe(3800);
    clock.advance(10_000); // no events arrive: it stops at 0, it never opens a round on its own
    expect(bettingLeft(ctx(), clock.now)).toBe(0);
    expect(round.getSnapshot().value).toBe('starting');
  });

  it('interpolates elapsed between ticks and re-anchors on each tick', () => {
    const { clock, round } = start();
    const seen: number[] = [];
    replay(LOGS.full, clock, round, {
      onEach: (e) => {
        const d = e.data as { status?: string; elapsed?: number } | undefined;
        if (d?.status === 'in_progress') {
          expect(roundElapsed(round.getSnapshot().context, clock.now)).toBe(d.elapsed);
          seen.push(roundElapsed(round.getSnapshot().context, clock.now + 75));
        }
      },
    });
    expect(seen.length).toBeGreaterThan(40);
    expect(seen.slice(0, 3)).toEqual([75, 225, 375]);
    const ctx = round.getSnapshot().context;
    expect(ctx.data).toMatchObject({ id: 43, status: 'starting' });
    expect(ctx.startedAt).toBeNull(); // a new round forgets the old start
  });

  it('records the crash point and hash only with ended', () => {
    const { clock, round } = start();
    replay(LOGS.full, clock, round, {
      onEach: () => {
        const { data } = round.getSnapshot().context;
        if (data?.id === 42 && data.status !== 'ended') expect(data.crash_point ?? data.hash).toBeUndefined();
      },
    });
  });
});

describe('round machine: mid-round join', () => {
  it('the snapshot on connect shows the round in progress at once, at the server elapsed', () => {
    const { clock, round, visited } = start();
    replay(LOGS.join, clock, round, { until: 3 });
    const s = round.getSnapshot();
    expect(s.value).toBe('in_progress');
    expect(s.hasTag('live')).toBe(true);
    expect(roundElapsed(s.context, clock.now)).toBe(7300);
    expect(s.context.startedAt).toBe(s.context.serverAt - 7300);
    clock.advance(100);
    expect(roundElapsed(s.context, clock.now)).toBe(7400);
    replay(LOGS.join, clock, round, { from: 3 });
    expect(visited).toEqual(['null:new', '42:in_progress', '42:ended']);
    expect(round.getSnapshot().context.data).toMatchObject({ crash_point: 2.5 });
  });
});

describe('round machine: reconnect after a missed ended', () => {
  it('takes the new round from the snapshot, records the missed one, ignores a late old tick', () => {
    const { clock, round, visited } = start();
    replay(LOGS.reconnect, clock, round, { until: 1300 });
    expect(round.getSnapshot().context.connected).toBe(false);
    expect(round.getSnapshot().value).toBe('in_progress'); // stays as it was: no local guessing
    replay(LOGS.reconnect, clock, round, { from: 1300 });
    const s = round.getSnapshot();
    expect(s.value).toBe('starting');
    expect(s.context).toMatchObject({ roundId: 43, missed: [42], connected: true, startedAt: null });
    // anchored at 9004 (server T0+8964); the ignored late tick moved the clock to 9010 → 12000 − 8970
    expect(bettingLeft(s.context, clock.now)).toBe(3030);
    expect(visited).toEqual(['null:new', '42:in_progress', '43:starting']);
  });
});

describe('round machine: ordering rule', () => {
  const ctx = (roundId: number | null, status?: 'starting' | 'in_progress' | 'ended') => ({
    roundId,
    data: status ? { id: roundId ?? 0, status, server_time: 0 } : null,
  });
  it('accepts newer rounds and same-round progress, refuses older rounds and going back', () => {
    const game = (id: number, status: 'starting' | 'pending' | 'in_progress' | 'ended') => ({
      id,
      status,
      server_time: 0,
    });
    expect(isCurrent(ctx(null), game(5, 'ended'))).toBe(true);
    expect(isCurrent(ctx(5, 'in_progress'), game(5, 'in_progress'))).toBe(true);
    expect(isCurrent(ctx(5, 'in_progress'), game(5, 'starting'))).toBe(false);
    expect(isCurrent(ctx(5, 'ended'), game(5, 'in_progress'))).toBe(false);
    expect(isCurrent(ctx(5, 'ended'), game(4, 'ended'))).toBe(false);
    expect(isCurrent(ctx(5, 'ended'), game(6, 'pending'))).toBe(true);
    expect(serverNow({ serverAt: 1000, engineAt: 10 }, 60)).toBe(1050);
  });
});
