// Databases for server tests: SQLite always, PostgreSQL too when TEST_PG_URL is set. Each test
// database is fresh: a temporary SQLite file, or a PostgreSQL schema of its own dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { openDatabase, type Database, type Dialect } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';

/** The dialects this run covers. */
export function dialects(): Dialect[] {
  return process.env.TEST_PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** A migrated, empty database and the way to throw it away. */
export interface TestDatabase extends Database {
  drop(): Promise<void>;
}

/** Creates a fresh migrated database of `dialect`. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'la-test-'));
    const database = openDatabase({ kind: 'sqlite', file: join(dir, 'test.db') });
    await migrate(database);
    return {
      ...database,
      drop: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_PG_URL!;
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({ kind: 'postgres', url, schema });
  await migrate(database);
  return {
    ...database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

/** Runs a describe block once per dialect. */
export function describeEachDb(name: string, body: (dialect: Dialect) => void): void {
  for (const dialect of dialects()) describe(`${name} [${dialect}]`, () => body(dialect));
}
