// Leader election of the round loops: one holder at a time; a released lead is taken at once; a
// holder that dies (stops renewing, or its connection goes) loses it. SQLite: the process leads.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createTestDatabase, describeEachDb } from '../../helpers/test-db.ts';
import { openDatabase } from '../../../src/server/db/database.ts';
import {
  LocalLeadership,
  PgLeadership,
  RedisLeadership,
  leadershipFor,
} from '../../../src/server/rounds/leadership.ts';
import { redisNamespace } from '../../../src/server/realtime/redis-namespace.ts';

describeEachDb('round leadership by database', (dialect) => {
  it(dialect === 'sqlite' ? 'the serving process leads' : 'an advisory lock on its own connection', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const a = leadershipFor(database, { redisUrl: undefined, database: { kind: 'sqlite', file: 'x' } }, 'crash');
      if (dialect === 'sqlite') {
        expect(a).toBeInstanceOf(LocalLeadership);
        expect(await a.hold()).toBe(true);
        return;
      }
      expect(a).toBeInstanceOf(PgLeadership);
      // a second process: its own pool on the same schema
      const other = openDatabase({ kind: 'postgres', url: process.env.TEST_PG_URL!, schema: database.schema });
      const b = new PgLeadership(other, 'crash');
      expect(await a.hold()).toBe(true);
      expect(await a.hold()).toBe(true); // renewing keeps it
      expect(await b.hold()).toBe(false);
      expect(await new PgLeadership(other, 'wheel').hold()).toBe(true); // another game, another lock
      await a.release();
      expect(await b.hold()).toBe(true);
      // the holder's connection dies (its process is killed): the database frees the lock
      const { rows } = await sql<{ pid: number }>`
        select pid from pg_locks where locktype = 'advisory' and granted and objid = hashtext(${`${database.schema}:round:crash`})::oid`.execute(
        database.db,
      );
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(database.db);
      // pg_terminate_backend only signals: the lock is freed once that backend has exited
      await expect.poll(() => a.hold(), { timeout: 10_000, interval: 50 }).toBe(true);
      expect(await b.hold()).toBe(false); // and b notices that it lost it
      await a.release();
      // a release while a hold() is still connecting waits for it and ends that session too: the lock
      // is never left on a connection nobody holds (a stopped loop; a test schema reused afterwards)
      const racing = a.hold();
      await a.release();
      await racing;
      expect(await b.hold()).toBe(true);
      await b.release();
      await other.close();
    } finally {
      await database.drop();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
// Runs where a Redis server is given (TEST_REDIS_URL), like the PostgreSQL suite.
if (redisUrl)
  describe('round leadership by Redis', () => {
    it('one holder; released → taken at once; a holder that stops renewing loses it after the TTL', async () => {
      const key = `rounds:test:${randomBytes(6).toString('hex')}`;
      const a = new RedisLeadership(redisUrl, key, 400);
      const b = new RedisLeadership(redisUrl, key, 400);
      expect(await a.hold()).toBe(true);
      expect(await b.hold()).toBe(false);
      await a.release();
      expect(await b.hold()).toBe(true);
      await b.abandon();
      expect(await a.hold()).toBe(false);
      await new Promise((r) => setTimeout(r, 500)); // the TTL, in Redis's own time
      expect(await a.hold()).toBe(true);
      await a.release();
    });

    it("two sites on one Redis lead their own loops; a site's instances share one lead", async () => {
      const database = await createTestDatabase('sqlite'); // only the schema name is read from it here
      const site = (file: string) => ({ redisUrl, database: { kind: 'sqlite' as const, file } });
      const tag = randomBytes(6).toString('hex');
      const siteA = leadershipFor(database, site(`/tmp/${tag}-a.sqlite`), 'crash');
      const siteB = leadershipFor(database, site(`/tmp/${tag}-b.sqlite`), 'crash');
      const siteA2 = leadershipFor(database, site(`/tmp/${tag}-a.sqlite`), 'crash'); // A's second instance
      try {
        expect(await siteA.hold()).toBe(true);
        expect(await siteB.hold()).toBe(true); // the same key for every site took B's lead before
        expect(await siteA2.hold()).toBe(false);
      } finally {
        await Promise.all([siteA.release(), siteB.release(), siteA2.release()]);
        await database.drop();
      }
    });
  });

it('redisNamespace: one per database, the same for every instance of it, credentials ignored', () => {
  const pg = (url: string) => redisNamespace({ kind: 'postgres', url });
  expect(pg('postgres://a:secret@db.example:5432/site')).toBe(pg('postgres://b:other@db.example/site?ssl=1'));
  expect(pg('postgres://db.example/site')).not.toBe(pg('postgres://db.example/other'));
  expect(redisNamespace({ kind: 'sqlite', file: 'data/app.sqlite' })).toMatch(/^la:[0-9a-f]{12}$/);
  expect(redisNamespace({ kind: 'sqlite', file: '/a.sqlite' })).not.toBe(
    redisNamespace({ kind: 'sqlite', file: '/b.sqlite' }),
  );
});
