// Migrated template databases for the server tests: migrations run once per test run (in the Vitest
// globalSetup, server-global-setup.ts) and every test database starts as a copy. SQLite: the template
// file is copied. PostgreSQL: the template schema is dumped once (pg_dump: schema + the migrator's
// rows) and the dump is replayed into each new schema in one round trip (pg-schemas.ts).
import { execFile } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { dropPgSchema, migrateLocked, pgQuery } from './pg-schemas.ts';

/** A PostgreSQL template, written with `placeholder` for the schema name: the dump that creates it
 * and the statements that empty it again (rows child tables first, sequences back to 1). */
export interface PgTemplate {
  placeholder: string;
  dump: string;
  reset: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated SQLite template file. */
    sqliteTemplate: string;
    /** Prefix of this run's PostgreSQL schemas (t_<run>_): test schemas and the pool of free ones. */
    pgSchemaPrefix: string;
    /** The migrated PostgreSQL template, or null to migrate each schema. */
    pgTemplate: PgTemplate | null;
  }
}

const placeholder = '__la_schema__';

/** Migrates a new SQLite file at `file` and checkpoints it so that a plain file copy is complete. */
export async function makeSqliteTemplate(file: string): Promise<void> {
  const database = openDatabase({ kind: 'sqlite', file });
  await migrate(database);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
  await database.close();
}

/** Starts the SQLite test database `file` as a copy of the template. */
export function copySqliteTemplate(template: string, file: string): void {
  copyFileSync(template, file);
}

/** Migrates schema `schema` (which must not exist), dumps it and drops it again; null when pg_dump is
 * missing or fails (then each test schema is migrated instead). */
export async function makePgTemplate(url: string, schema: string): Promise<PgTemplate | null> {
  await pgQuery(url, `create schema ${schema}`);
  try {
    const database = openDatabase({ kind: 'postgres', url, schema });
    try {
      await migrateLocked(database, url);
    } finally {
      await database.close();
    }
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      ['--no-owner', '--no-privileges', '--inserts', '--schema', schema, url],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const dump = stdout
      .replace(/^\\.*$/gm, '') // psql meta-commands (\restrict …) of newer pg_dump builds
      .replace(new RegExp(`^CREATE SCHEMA ${schema};$`, 'm'), '')
      .replaceAll(schema, placeholder);
    return { placeholder, dump, reset: await resetStatements(url, schema) };
  } catch (error) {
    console.warn(`PostgreSQL test template unavailable, migrating each test schema instead: ${String(error)}`);
    return null;
  } finally {
    await dropPgSchema(url, schema);
  }
}

/** The statements that empty a copy of `schema`: DELETE child tables before their parents (the
 * migrator's tables keep their rows), then every sequence back to its start. */
async function resetStatements(url: string, schema: string): Promise<string> {
  const [tables, links, sequences] = await pgQuery(
    url,
    `select tablename from pg_tables where schemaname = '${schema}' and tablename not like 'kysely\\_%';
     select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       where k.contype = 'f' and k.connamespace = '${schema}'::regnamespace and c.oid <> p.oid;
     select sequencename from pg_sequences where schemaname = '${schema}';`,
  );
  const left = new Set(tables!.rows.map((r: { tablename: string }) => r.tablename));
  const fks = links!.rows as { child: string; parent: string }[];
  const order: string[] = [];
  while (left.size > 0) {
    const free = [...left].filter((t) => !fks.some((f) => f.parent === t && left.has(f.child)));
    if (free.length === 0) throw new Error(`foreign keys form a cycle among ${[...left].join(', ')}`);
    for (const t of free.sort()) {
      order.push(`delete from ${placeholder}.${t};`);
      left.delete(t);
    }
  }
  const restart = sequences!.rows.map(
    (r: { sequencename: string }) => `select setval('${placeholder}.${r.sequencename}', 1, false);`,
  );
  return [...order, ...restart].join('\n');
}
