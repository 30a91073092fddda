// Two server instances on one PostgreSQL database and one Redis (TEST_PG_URL and TEST_REDIS_URL):
// one leads the crash loop, the clients of both see the same rounds (Redis adapter), and when the
// leader dies the other leads within 5 s; no round is lost or played twice, every bet settled once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { openDatabase, type Database } from '../../../src/server/db/database.ts';
import { attachRealtime, type Realtime } from '../../../src/server/realtime/attach.ts';
import { LocalPublisher } from '../../../src/server/realtime/publisher.ts';
import { systemClock } from '../../../src/server/rounds/clock.ts';
import { RedisLeadership } from '../../../src/server/rounds/leadership.ts';
import { RoundGames } from '../../../src/server/rounds/round-games.ts';
import { chainInfo, gameHash, generateChain } from '../../../src/server/modules/crash/crash-chain.ts';
import { createCrashLoop, type CrashLoop } from '../../../src/server/modules/crash/crash.game.ts';
import { placeCrashBet } from '../../../src/server/modules/crash/crash.service.ts';
import { crashPoint } from '../../../src/shared/fair/crash.ts';
import { toHundredths } from '../../../src/shared/units.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';
import { createPlayer } from '../../helpers/users.ts';
import { testConfig } from '../../helpers/test-app.ts';

const pgUrl = process.env.TEST_PG_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const timings = { bettingMs: 400, pendingMs: 100, endedMs: 300, tickMs: 100 };

interface Instance {
  database: Database;
  http: Server;
  realtime: Realtime;
  loop: CrashLoop;
  leadership: RedisLeadership;
  url: string;
}

// Short rounds for a real-time test: both loops play only the games of the chain that crash by 1.05×
// (at most 0.8 s of flight instead of up to 11.5 s by 2.00×; by 1.20× the five rounds' flights were
// 2.5 s of the file's 13 s); the others are skipped, as the browser tests' CRASH_TEST_POINTS does.
const testPoints = { minCents: 100, maxCents: 105 };

/** The numbers of the first `n` games the loops play: those whose crash point is within testPoints. */
async function playedGames(database: Database, n: number): Promise<number[]> {
  const chain = (await chainInfo(database.db))!;
  const played: number[] = [];
  for (let game = 1; played.length < n; game++) {
    const cents = toHundredths(crashPoint(await gameHash(database.db, chain, game), chain.salt));
    if (cents >= testPoints.minCents && cents <= testPoints.maxCents) played.push(game);
  }
  return played;
}

// Runs where PostgreSQL and Redis are given, like the other multi-instance suites (without them the
// file reports its suite as skipped instead of failing with "no test suite found").
describe.runIf(Boolean(pgUrl && redisUrl))('crash on two instances (PostgreSQL + Redis)', () => {
  it(
    'one leader; both see the same rounds; the other leads within 5 s of its death',
    { timeout: 120_000 },
    async () => {
      const shared = await createTestDatabase('postgres');
      const key = `rounds:test:${shared.schema}:crash`;
      await generateChain(shared, 2000, Date.now());
      const players = [
        await createPlayer(shared.db, 'x'.repeat(32), { balanceCents: 10_000 }),
        await createPlayer(shared.db, 'x'.repeat(32), { balanceCents: 10_000 }),
      ];
      const config = testConfig({ REDIS_URL: redisUrl! });
      const instance = async (): Promise<Instance> => {
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
          testPoints,
        });
        const http = createServer();
        const realtime = await attachRealtime(http, config);
        const games = new RoundGames();
        games.add('/crash', loop);
        games.attach(realtime.io);
        await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
        const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
        loop.start();
        return { database, http, realtime, loop, leadership, url };
      };
      const record = (url: string, log: string[]): Socket => {
        const s = connect(`${url}/crash`, { transports: ['websocket'], reconnection: false });
        s.on('game', (e: { id: number; status: string }) => {
          const entry = `${e.id}:${e.status}`;
          if (log[log.length - 1] !== entry) log.push(entry); // status changes, not ticks
        });
        return s;
      };
      const a = await instance();
      const b = await instance();
      const logA: string[] = [];
      const logB: string[] = [];
      const sockets = [record(a.url, logA), record(b.url, logB)];
      const dead = new Set<Instance>();
      const waitFor = async (cond: () => boolean | Promise<boolean>, ms: number) => {
        const end = Date.now() + ms;
        while (!(await cond())) {
          if (Date.now() > end) throw new Error('timed out');
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      try {
        await waitFor(() => a.loop.isLeader || b.loop.isLeader, 5000);
        await waitFor(() => logB.filter((e) => e.endsWith(':ended')).length >= 3, 60_000);
        expect([a, b].filter((i) => i.loop.isLeader)).toHaveLength(1);
        const [leader, follower] = a.loop.isLeader ? [a, b] : [b, a];
        const followerLog = follower === a ? logA : logB;
        // the same status changes reached the clients of both instances
        const common = Math.min(logA.length, logB.length) - 1;
        expect(logA.slice(1, common)).toEqual(logB.slice(1, common));
        // a bet on the round that is starting now, then the leader dies (no release: its lock expires)
        await waitFor(async () => (await latest(shared))?.status === 'starting', 20_000);
        await placeCrashBet(follower.database, players[0]!.id, { amount: 1 }, Date.now(), 1_000_000).catch(
          () => undefined,
        );
        await placeCrashBet(
          leader.database,
          players[1]!.id,
          { amount: 1, auto_cashout: 1.01 },
          Date.now(),
          1_000_000,
        ).catch(() => undefined);
        const killedAt = Date.now();
        dead.add(leader);
        await leader.loop.halt();
        await leader.leadership.abandon();
        await leader.realtime.close();
        await new Promise((r) => leader.http.close(r));
        await leader.database.close();
        await waitFor(() => follower.loop.isLeader, 10_000);
        const takeover = Date.now() - killedAt;
        expect(takeover).toBeLessThan(5000);
        const endedBefore = followerLog.filter((e) => e.endsWith(':ended')).length;
        await waitFor(() => followerLog.filter((e) => e.endsWith(':ended')).length >= endedBefore + 2, 60_000);
        // no round lost or played twice: one chain of rounds, each game once, each ended once
        const rounds = await shared.db.selectFrom('crash_rounds').selectAll().orderBy('id').execute();
        expect(rounds.map((r) => r.previous_id)).toEqual(rounds.map((r, i) => (i === 0 ? 0 : rounds[i - 1]!.id)));
        expect(rounds.map((r) => r.game_number)).toEqual(await playedGames(shared, rounds.length));
        const endedIds = followerLog.filter((e) => e.endsWith(':ended')).map((e) => e.split(':')[0]);
        expect(new Set(endedIds).size).toBe(endedIds.length);
        expect(rounds.filter((r) => r.status !== 'ended').length).toBeLessThanOrEqual(1);
        const bets = await shared.db.selectFrom('crash_bets').selectAll().execute();
        for (const bet of bets) {
          expect(bet.status).not.toBe('active');
          const ledger = await shared.db
            .selectFrom('ledger')
            .select('kind')
            .where('reference', '=', `crash_bet:${bet.id}`)
            .execute();
          expect(ledger.map((l) => l.kind).sort()).toEqual(
            bet.status === 'cashed_out' ? ['crash_bet', 'crash_win'] : ['crash_bet'],
          );
        }
        process.stdout.write(`crash failover: the other instance led ${takeover} ms after the leader died\n`);
      } finally {
        for (const s of sockets) s.disconnect();
        for (const i of [a, b]) {
          if (dead.has(i)) continue; // already closed when it was killed
          await i.loop.stop().catch(() => undefined);
          await i.realtime.close().catch(() => undefined);
          await new Promise((r) => i.http.close(() => r(undefined)));
          await i.database.close().catch(() => undefined);
        }
        await shared.drop();
      }
    },
  );
});

async function latest(database: Database) {
  return database.db.selectFrom('crash_rounds').select('status').orderBy('id', 'desc').limit(1).executeTakeFirst();
}
