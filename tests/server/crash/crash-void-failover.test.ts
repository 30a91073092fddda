// Issue 24 item 10 on a cluster (TEST_PG_URL and TEST_REDIS_URL, the real clock): when the leader dies
// mid-flight, the other instance takes the Redis lock within the lock's TTL and the round plays on (a
// failover of a few seconds voids nothing, a cash-out through it is paid); when every instance is gone
// for more than 5 s, the instance that leads next voids the round and refunds the open bet once.
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/database.ts';
import { LocalPublisher } from '../../../src/server/realtime/publisher.ts';
import { systemClock } from '../../../src/server/rounds/clock.ts';
import { RedisLeadership } from '../../../src/server/rounds/leadership.ts';
import { generateChain } from '../../../src/server/modules/crash/crash-chain.ts';
import { createCrashLoop, type CrashLoop } from '../../../src/server/modules/crash/crash.game.ts';
import { closeCrashBet, placeCrashBet } from '../../../src/server/modules/crash/crash.service.ts';
import { CRASH_VOID_AFTER_MS, crashRoundAbandoned } from '../../../src/server/modules/crash/crash.void.ts';
import { lastSeenAt } from '../../../src/server/rounds/round-loop.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';
import { createPlayer } from '../../helpers/users.ts';

const pgUrl = process.env.TEST_PG_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const timings = { bettingMs: 600, pendingMs: 100, endedMs: 300, tickMs: 100 };

interface Instance {
  database: Database;
  loop: CrashLoop;
  leadership: RedisLeadership;
}

describe.runIf(Boolean(pgUrl && redisUrl))('crash outage policy on two instances (PostgreSQL + Redis)', () => {
  it(
    'a failover within the lock TTL plays on; every instance gone > 5 s voids the round',
    { timeout: 90_000 },
    async () => {
      const shared = await createTestDatabase('postgres');
      const key = `rounds:test-void:${shared.schema}:crash`;
      await generateChain(shared, 2000, Date.now());
      const [p1, p2] = [
        await createPlayer(shared.db, 'x'.repeat(32), { balanceCents: 10_000 }),
        await createPlayer(shared.db, 'x'.repeat(32), { balanceCents: 10_000 }),
      ];
      const instances: Instance[] = [];
      const start = (): Instance => {
        const database = openDatabase({ kind: 'postgres', url: pgUrl!, schema: shared.schema });
        const leadership = new RedisLeadership(redisUrl!, key);
        const loop = createCrashLoop({
          database,
          clock: systemClock,
          leadership,
          publisher: new LocalPublisher(),
          chainGames: 2000,
          maxRoundPayoutCents: 1_000_000,
          timings,
        });
        loop.start();
        const i = { database, loop, leadership };
        instances.push(i);
        return i;
      };
      const kill = async (i: Instance) => {
        await i.loop.halt();
        await i.leadership.abandon(); // no release: its lock expires after the TTL
      };
      const waitFor = async (cond: () => boolean | Promise<boolean>, ms: number) => {
        const end = Date.now() + ms;
        while (!(await cond())) {
          if (Date.now() > end) throw new Error('timed out');
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      const latest = () =>
        shared.db.selectFrom('crash_rounds').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      const bet = (userId: number) =>
        shared.db.selectFrom('crash_bets').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
      try {
        const a = start();
        const b = start();
        await waitFor(() => a.loop.isLeader || b.loop.isLeader, 5000);
        const [leader, follower] = a.loop.isLeader ? [a, b] : [b, a];
        // a round that flies long enough (5× ≈ 27 s) with two bets without auto cash-out
        await waitFor(async () => (await latest().catch(() => null))?.status === 'starting', 20_000);
        const round = await latest();
        await shared.db
          .updateTable('crash_rounds')
          .set({ crash_point_cents: 500 })
          .where('id', '=', round.id)
          .execute();
        await placeCrashBet(follower.database, p1.id, { amount: 1 }, Date.now(), 1_000_000);
        await placeCrashBet(follower.database, p2.id, { amount: 1 }, Date.now(), 1_000_000);
        await waitFor(async () => (await latest()).status === 'in_progress', 5000);
        await new Promise((r) => setTimeout(r, 500));
        const killedAt = Date.now();
        await kill(leader);
        await waitFor(() => follower.loop.isLeader, 10_000);
        const takeover = Date.now() - killedAt;
        expect(takeover).toBeLessThan(CRASH_VOID_AFTER_MS);
        await new Promise((r) => setTimeout(r, 500)); // the new leader has stepped the round
        expect(await latest()).toMatchObject({ id: round.id, status: 'in_progress', voided_at: null });
        const paid = await closeCrashBet(follower.database, p1.id, Date.now(), 1_000_000);
        expect(paid.bet.status).toBe('cashed_out');
        // now every instance dies, for more than 5 s: until the round's last heartbeat is that old
        await kill(follower);
        await waitFor(async () => crashRoundAbandoned(await latest(), Date.now()), CRASH_VOID_AFTER_MS + 5000);
        expect(Date.now() - lastSeenAt(await latest())).toBeGreaterThan(CRASH_VOID_AFTER_MS);
        expect((await latest()).status).toBe('in_progress'); // nobody drove it
        const c = start();
        await waitFor(() => c.loop.isLeader, 10_000);
        await waitFor(async () => (await latest()).id !== round.id || (await latest()).status === 'ended', 5000);
        const voided = await shared.db
          .selectFrom('crash_rounds')
          .selectAll()
          .where('id', '=', round.id)
          .executeTakeFirstOrThrow();
        expect(voided.status).toBe('ended');
        expect(voided.voided_at).not.toBeNull();
        expect((await bet(p1.id)).status).toBe('cashed_out');
        expect((await bet(p2.id)).status).toBe('refunded');
        const kinds = await shared.db
          .selectFrom('ledger')
          .select('kind')
          .where('user_id', '=', p2.id)
          .where('kind', 'like', 'crash%')
          .orderBy('id')
          .execute();
        expect(kinds.map((k) => k.kind)).toEqual(['crash_bet', 'crash_refund']);
        process.stdout.write(`crash void failover: the other instance led ${takeover} ms after the leader died\n`);
      } finally {
        for (const i of instances) {
          await i.loop.stop().catch(() => undefined);
          await i.database.close().catch(() => undefined);
        }
        await shared.drop();
      }
    },
  );
});
