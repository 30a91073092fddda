// The generic round loop with a fake clock: statuses in order with their persisted times, each
// status committed before it is broadcast, only the leader moves rounds, a restart in every status
// continues the same round, and a round that ran out while no process was alive ends once.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import { describeEachDb, createTestDatabase, type TestDatabase } from '../../helpers/test-db.ts';
import { FakeClock } from '../../helpers/fake-clock.ts';
import { RoundLoop, type RoundGame } from '../../../src/server/rounds/round-loop.ts';
import { LocalLeadership, type Leadership } from '../../../src/server/rounds/leadership.ts';
import { latestRound, roundById } from '../../../src/server/rounds/round.repository.ts';
import type { Tables } from '../../../src/server/db/tables.ts';
import type { CrashRoundsTable } from '../../../src/server/db/tables/crash.ts';
import type { Selectable } from 'kysely';
import { ROUND_STATUSES, type RoundStatus } from '../../../src/shared/api/rounds.ts';

type Row = Selectable<CrashRoundsTable>;
const timings = { bettingMs: 5000, pendingMs: 500, endedMs: 3000, tickMs: 150 };
const PLAY_MS = 2000;

/** A game on the crash rounds table that plays PLAY_MS and records its settlements. */
function testGame(settled: number[], published: number[]): RoundGame<Row> {
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
    settle: async (_trx, round) => {
      settled.push(round.id);
      return () => void published.push(round.id);
    },
    snapshot: (round, now) => ({ id: round.id, status: round.status, server_time: now }),
  };
}

interface Event {
  id: number;
  status: RoundStatus;
  server_time: number;
}

describeEachDb('round loop', (dialect) => {
  let database: TestDatabase;
  let clock: FakeClock;
  let settled: number[];
  let published: number[];
  let events: Event[];
  const loops: RoundLoop<Row>[] = [];

  function newLoop(leadership: Leadership = new LocalLeadership()): RoundLoop<Row> {
    const loop = new RoundLoop({ database, game: testGame(settled, published), clock, leadership });
    loop.addChannel({ emit: (_e, payload) => events.push(payload as Event) });
    loops.push(loop);
    return loop;
  }
  const latest = () => latestRound<Row>(database.db, 'crash_rounds');
  const statusIs = (status: RoundStatus, id?: number) => async () => {
    const r = await latest();
    return r?.status === status && (id === undefined || r.id === id);
  };

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    clock = new FakeClock();
    settled = [];
    published = [];
    events = [];
  });
  afterEach(async () => {
    for (const loop of loops.splice(0)) await loop.halt();
    await database.drop();
  });

  it('walks new → starting → pending → in_progress → ended → next round, times persisted', async () => {
    const start = clock.now();
    newLoop().start();
    await clock.advanceUntil(statusIs('starting', 2), 50);
    const statuses = events.filter((e) => e.id === 1).map((e) => e.status);
    const changes = statuses.filter((s, i) => s !== statuses[i - 1]);
    expect(changes).toEqual(ROUND_STATUSES);
    expect(statuses.filter((s) => s === 'in_progress').length).toBeGreaterThan(PLAY_MS / timings.tickMs - 2);
    const r1 = (await roundById<Row>(database.db, 'crash_rounds', 1))!;
    expect(r1.created_at).toBe(start);
    expect(r1.betting_ends_at! - r1.starting_at!).toBe(timings.bettingMs);
    expect(r1.in_progress_at! - r1.pending_at!).toBe(timings.pendingMs);
    expect(r1.ended_at! - r1.in_progress_at!).toBeGreaterThanOrEqual(PLAY_MS);
    expect(r1.ended_at! - r1.in_progress_at!).toBeLessThan(PLAY_MS + 50);
    const r2 = (await latest())!;
    expect(r2.previous_id).toBe(1);
    expect(r2.created_at - r1.ended_at!).toBeGreaterThanOrEqual(timings.endedMs);
    expect(settled).toEqual([1]);
    expect(published).toEqual([1]);
  });

  it('broadcasts a status only once it is committed', async () => {
    const checks: Promise<void>[] = [];
    const loop = newLoop();
    loop.addChannel({
      emit: (_e, payload) => {
        const event = payload as Event;
        // read at once, through another statement: the row already has (at least) this status
        checks.push(
          roundById<Row>(database.db, 'crash_rounds', event.id).then((row) => {
            expect(ROUND_STATUSES.indexOf(row!.status)).toBeGreaterThanOrEqual(ROUND_STATUSES.indexOf(event.status));
          }),
        );
      },
    });
    loop.start();
    await clock.advanceUntil(statusIs('starting', 3), 100);
    await Promise.all(checks);
    expect(checks.length).toBeGreaterThan(20);
  });

  it('only the leader moves rounds', async () => {
    const never: Leadership = { hold: async () => false, release: async () => undefined };
    const follower = newLoop(never);
    follower.start();
    await clock.advance(10_000);
    expect(await latest()).toBeUndefined();
    expect(follower.isLeader).toBe(false);
    const leader = newLoop();
    leader.start();
    await clock.advanceUntil(statusIs('in_progress'), 100);
    expect(leader.isLeader).toBe(true);
    expect(await follower.snapshot()).toMatchObject({ id: 1, status: 'in_progress' });
  });

  it.each(['new', 'starting', 'pending', 'in_progress', 'ended'] as const)(
    'a restart in %s continues the same round',
    async (status) => {
      const first = newLoop();
      first.start();
      // new lasts no time: stop once the loop has run, then put the round back in new
      if (status === 'new') {
        await clock.advance(0);
        await first.halt();
        await database.db
          .updateTable('crash_rounds')
          .set({ status: 'new', starting_at: null, betting_ends_at: null })
          .execute();
      } else {
        await clock.advanceUntil(statusIs(status, 1), 50);
        await clock.advance(20);
        await first.halt();
      }
      const before = (await latest())!;
      expect(before.status).toBe(status);
      await clock.advance(100); // nobody leads for a moment
      newLoop().start();
      await clock.advanceUntil(statusIs('starting', 2), 50);
      const after = (await roundById<Row>(database.db, 'crash_rounds', 1))!;
      for (const key of ['created_at', 'starting_at', 'betting_ends_at', 'pending_at', 'in_progress_at'] as const) {
        if (before[key] !== null) expect(after[key]).toBe(before[key]);
      }
      if (status === 'starting') expect(after.pending_at).toBe(before.betting_ends_at);
      expect(settled).toEqual([1]);
      expect(published).toEqual([1]);
    },
  );

  it('a round whose time ran out while no process was alive is ended with its result', async () => {
    const first = newLoop();
    first.start();
    await clock.advanceUntil(statusIs('in_progress', 1), 50);
    await first.halt();
    await clock.advance(60_000);
    newLoop().start();
    await clock.advance(0);
    const r1 = (await roundById<Row>(database.db, 'crash_rounds', 1))!;
    expect(r1.status).toBe('ended');
    expect(r1.hash).toBe('h1');
    expect(settled).toEqual([1]);
  });

  it('two leaders at once (a lost lock not yet noticed) still play each round once', async () => {
    newLoop().start();
    newLoop().start();
    await clock.advanceUntil(statusIs('starting', 4), 50);
    expect(settled).toEqual([1, 2, 3]);
    const rows = await database.db.selectFrom('crash_rounds').select(['id', 'previous_id']).orderBy('id').execute();
    expect(rows.map((r) => r.previous_id)).toEqual([0, 1, 2, 3]);
  });
});
