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

describeEachDb('round leadership by database', (dialect) => {
  it(dialect === 'sqlite' ? 'the serving process leads' : 'an advisory lock on its own connection', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const a = leadershipFor(database, undefined, 'crash');
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
      expect(await a.hold()).toBe(true);
      expect(await b.hold()).toBe(false); // and b notices that it lost it
      await a.release();
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
  });
