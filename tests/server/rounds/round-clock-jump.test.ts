// Issue 24 item 11: the round loop stalled after a clock jump. A leader whose clock was ahead wrote
// a betting window days ahead and the next leader waited for it (one timer of days, never looked at
// again: correcting the row by hand did not help). Now every lease tick re-reads the round's due
// times, no timer of the loop is longer than its phase, and a time written by a clock that was ahead
// is rebased on the leader's clock. The clock here jumps like a wall clock does: `now()` moves by
// the jump, timers keep their real (monotonic) delays, as Node's setTimeout does.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Selectable, Transaction } from 'kysely';
import { describeEachDb, createTestDatabase, type TestDatabase } from '../../helpers/test-db.ts';
import { FakeClock } from '../../helpers/fake-clock.ts';
import type { Clock, TimerHandle } from '../../../src/server/rounds/clock.ts';
import { RoundLoop, type RoundGame } from '../../../src/server/rounds/round-loop.ts';
import { LocalLeadership } from '../../../src/server/rounds/leadership.ts';
import { latestRound } from '../../../src/server/rounds/round.repository.ts';
import type { Tables } from '../../../src/server/db/tables.ts';
import type { CrashRoundsTable } from '../../../src/server/db/tables/crash.ts';
import type { RoundStatus } from '../../../src/shared/api/rounds.ts';

type Row = Selectable<CrashRoundsTable>;
const timings = { bettingMs: 5000, pendingMs: 500, endedMs: 3000, tickMs: 150 };
const PLAY_MS = 2000;
const DAYS = 6.6 * 86_400_000; // the incident: a round left starting for 6.6 days

/** A wall clock over a fake monotonic one: jump() moves now(), not the timers' delays. */
class JumpingClock implements Clock {
  offset = 0;
  readonly waits: number[] = []; // every timer's delay (ms), in order
  constructor(readonly mono: FakeClock) {}
  now(): number {
    return this.mono.now() + this.offset;
  }
  setTimeout(fn: () => unknown, ms: number): TimerHandle {
    this.waits.push(ms);
    return this.mono.setTimeout(fn, ms);
  }
  clearTimeout(handle: TimerHandle): void {
    this.mono.clearTimeout(handle);
  }
  jump(ms: number): void {
    this.offset += ms;
  }
}

function testGame(settled: number[]): RoundGame<Row> {
  return {
    name: 'test',
    table: 'crash_rounds',
    gameEvent: 'game',
    timings,
    create: async (_trx: Transaction<Tables>, previous) => {
      const n = (previous?.game_number ?? 0) + 1;
      return { game_number: n, hash: `h${n}`, crash_point_cents: 200 };
    },
    playMs: () => PLAY_MS,
    settle: async (_trx, round) => void settled.push(round.id),
    snapshot: (round, now) => ({ id: round.id, status: round.status, server_time: now }),
  };
}

describeEachDb('round loop after a clock jump', (dialect) => {
  let database: TestDatabase;
  let mono: FakeClock;
  let settled: number[];
  const loops: RoundLoop<Row>[] = [];

  const newLoop = (clock: Clock) => {
    const loop = new RoundLoop({ database, game: testGame(settled), clock, leadership: new LocalLeadership() });
    loops.push(loop);
    loop.start();
    return loop;
  };
  const latest = () => latestRound<Row>(database.db, 'crash_rounds');
  const until = (status: RoundStatus, id: number) =>
    mono.advanceUntil(async () => {
      const r = await latest();
      return r?.status === status && r.id === id;
    }, 50);
  /** The longest a phase lasts: no timer of the loop may be longer (the lease is 1 s). */
  const longest = Math.max(timings.bettingMs, timings.pendingMs, timings.endedMs, PLAY_MS, 1000);

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    mono = new FakeClock();
    settled = [];
  });
  afterEach(async () => {
    for (const loop of loops.splice(0)) await loop.stop();
    await database.drop();
  });

  it('a leader whose clock was days ahead left a round starting: the next leader closes it within one window', async () => {
    const ahead = new JumpingClock(mono);
    ahead.jump(DAYS);
    const first = newLoop(ahead);
    await until('starting', 1);
    await first.halt();
    const correct = new JumpingClock(mono);
    newLoop(correct);
    await mono.advance(timings.bettingMs + timings.pendingMs + PLAY_MS + 1000);
    const r1 = (await database.db
      .selectFrom('crash_rounds')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow())!;
    expect(r1.status).toBe('ended');
    expect(r1.betting_ends_at! - correct.now()).toBeLessThanOrEqual(0);
    expect(settled).toEqual([1]);
    expect(Math.max(...correct.waits)).toBeLessThanOrEqual(longest);
  });

  it("the leader's own clock jumps forward by days and back, in every phase: the loop never stalls", async () => {
    const clock = new JumpingClock(mono);
    newLoop(clock);
    await until('starting', 1);
    clock.jump(-DAYS); // back while starting: betting_ends_at is now days ahead
    await mono.advance(1000 + timings.bettingMs + 100); // noticed at the next lease tick, one window from then
    expect((await latest())!.status).not.toBe('starting');
    await until('in_progress', 1);
    clock.jump(DAYS); // forward while playing: the round is over by this clock
    await mono.advance(200);
    expect((await latest())!.status).toBe('ended');
    clock.jump(-DAYS); // back while ended: ended_at is days ahead
    await until('starting', 2); // the next round opens (before the fix: after days)
    await until('in_progress', 2);
    clock.jump(-DAYS); // back while playing: it began "days ahead"; counted again from now
    await until('ended', 2);
    clock.jump(2 * DAYS); // forward while ended
    await until('starting', 3);
    await until('pending', 3);
    clock.jump(-DAYS); // back while pending
    await until('in_progress', 3);
    await until('starting', 4);
    expect(settled).toEqual([1, 2, 3]);
    expect(Math.max(...clock.waits)).toBeLessThanOrEqual(longest);
    // each round ended after it began playing, on the clock that ended it (rebased times included)
    const rows = await database.db.selectFrom('crash_rounds').selectAll().orderBy('id').execute();
    for (const r of rows.filter((x) => x.status === 'ended'))
      expect(r.ended_at!).toBeGreaterThanOrEqual(r.in_progress_at!);
  });

  it('a row corrected by hand is acted on at the next lease tick, not when the old timer fires', async () => {
    const clock = new JumpingClock(mono);
    newLoop(clock);
    await until('starting', 1);
    await mono.advance(100);
    // the operator closes the betting window now (the leader's timer says 4.9 s more)
    await database.db.updateTable('crash_rounds').set({ betting_ends_at: clock.now() }).where('id', '=', 1).execute();
    await mono.advance(1000 + 50); // one lease tick
    expect((await latest())!.status).not.toBe('starting');
  });
});
