// A fresh database with no migration applied, for tests of one migration on existing data: a
// SQLite file in a temporary folder, or a PostgreSQL schema of its own (TEST_PG_URL) dropped by done().
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import type { Tables } from '../../src/server/db/tables.ts';
import { steps } from '../../src/server/db/migrations/index.ts';

/** An empty database of `dialect`; done() closes it (and drops the PostgreSQL schema). */
export async function unmigratedDatabase(
  dialect: 'sqlite' | 'postgres',
): Promise<Database & { done(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const d = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'la-mig-')), 't.db') });
    return { ...d, done: () => d.close() };
  }
  const url = process.env.TEST_PG_URL!;
  const schema = `mig_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const d = openDatabase({ kind: 'postgres', url, schema });
  return {
    ...d,
    done: async () => {
      await d.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

/** A database of `dialect` migrated up to migration `name` (its number, e.g. '0025': every one before
 * it), for a test of that migration on existing data: `db` typed as the tables are today, `up()` runs it. */
export async function databaseBefore(
  dialect: 'sqlite' | 'postgres',
  name: string,
): Promise<{ db: Kysely<Tables>; up(): Promise<void>; done(): Promise<void> }> {
  const d = await unmigratedDatabase(dialect);
  const raw = d.db as unknown as Kysely<unknown>;
  for (const [step, m] of Object.entries(steps)) if (step < name) await m.up(raw, dialect);
  const [, migration] = Object.entries(steps).find(([step]) => step.startsWith(`${name}-`))!;
  return { db: d.db, up: () => migration.up(raw, dialect), done: d.done };
}
