// Databases for server tests: SQLite always, PostgreSQL too when TEST_PG_URL is set. Each test
// database is fresh and private to its test file (so files can run in parallel): a temporary SQLite
// file, or a PostgreSQL schema of its own. Both start as a copy of the template the server project's
// globalSetup migrated once (db-template.ts); a PostgreSQL schema is emptied and reused once dropped
// (pg-schemas.ts). Outside Vitest (benchmarks) or with `template: false` they are migrated directly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, inject } from 'vitest';
import { openDatabase, ping, type Database, type Dialect } from '../../src/server/db/database.ts';
import { copySqliteTemplate } from './db-template.ts';
import { clonePgTemplate, dropPgSchema, migrateLocked, pgQuery, releasePgSchema, takePgSchema } from './pg-schemas.ts';

/** The dialects this run covers. */
export function dialects(): Dialect[] {
  return process.env.TEST_PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** A migrated, empty database and the way to throw it away. */
export interface TestDatabase extends Database {
  drop(): Promise<void>;
}

/** What the globalSetup provided, or undefined outside a Vitest run that has it. */
function provided<K extends 'sqliteTemplate' | 'pgSchemaPrefix' | 'pgTemplate'>(key: K) {
  try {
    return inject(key) ?? undefined;
  } catch {
    return undefined; // not inside a Vitest worker (tests/bench)
  }
}

/** Creates a fresh migrated database of `dialect`; `template: false` migrates it from scratch. The
 * first query (ping) starts Kysely's driver: Kysely's destroy() is a no-op on a driver that never ran
 * a query, so close() would otherwise leave the database usable — and a test of a closed database
 * would pass queries through. */
export async function createTestDatabase(
  dialect: Dialect,
  { template = true }: { template?: boolean } = {},
): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'la-test-'));
    const file = join(dir, 'test.db');
    const source = template ? provided('sqliteTemplate') : undefined;
    if (source) copySqliteTemplate(source, file);
    const database = openDatabase({ kind: 'sqlite', file });
    if (source) await ping(database.db);
    else await migrateLocked(database);
    return {
      ...database,
      drop: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_PG_URL!;
  const prefix = provided('pgSchemaPrefix');
  const source = template && prefix ? provided('pgTemplate') : undefined;
  let schema = source ? await takePgSchema(url, prefix!) : null;
  if (!schema) {
    // Unique per database: the run's prefix (swept at teardown), this worker's pid, random bytes.
    schema = `${prefix ?? 't_'}${process.pid}_${randomBytes(4).toString('hex')}`;
    if (source) await clonePgTemplate(url, source, schema);
    else await pgQuery(url, `create schema ${schema}`);
  }
  const database = openDatabase({ kind: 'postgres', url, schema });
  if (source) await ping(database.db);
  else await migrateLocked(database);
  return {
    ...database,
    drop: async () => {
      await database.close();
      if (source) await releasePgSchema(url, source, prefix!, schema);
      else await dropPgSchema(url, schema);
    },
  };
}

/** Runs a describe block once per dialect. */
export function describeEachDb(name: string, body: (dialect: Dialect) => void): void {
  for (const dialect of dialects()) describe(`${name} [${dialect}]`, () => body(dialect));
}
