// PostgreSQL schemas for the server tests, one per test database: cloned from the migrated template
// (db-template.ts), and on drop emptied and put back in a pool of free schemas of this run for the
// next test file to take — emptying costs a few DELETEs, where a clone or a DROP SCHEMA costs about a
// second of catalog work each on this machine. The globalSetup drops the whole run's schemas at the end.
import pg from 'pg';
import type { Database } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import type { PgTemplate } from './db-template.ts';
import { LOCK_CLASS } from '../../src/server/rounds/leadership.ts';

// Kysely's migrator introspects every schema of the database (has_schema_privilege, pg_get_serial_sequence
// per table), and fails with "schema … does not exist" when another test file — or another test run on
// the same database — drops its schema at that moment. Migrations take this advisory lock exclusively,
// drops take it shared: drops still run side by side, and never during a migration.
const SCHEMA_LOCK = 7_202_611;

/** Runs `text` (one or more statements) on `url` with a short-lived connection; one result each. */
export async function pgQuery(url: string, text: string): Promise<pg.QueryResult[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
    return Array.isArray(result) ? result : [result];
  } finally {
    await client.end();
  }
}

/** Migrates a PostgreSQL test database while no test schema is being dropped. */
export async function migrateLocked(database: Database, url = process.env.TEST_PG_URL): Promise<string[]> {
  if (database.dialect !== 'postgres') return migrate(database);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${SCHEMA_LOCK})`);
    return await migrate(database);
  } finally {
    await client.end(); // ends the session, which releases the lock
  }
}

/** Drops PostgreSQL test schemas, comma-separated (never while a migration introspects the database). */
export async function dropPgSchema(url: string, schema: string): Promise<void> {
  await pgQuery(
    url,
    `begin; select pg_advisory_xact_lock_shared(${SCHEMA_LOCK}); drop schema if exists ${schema} cascade; commit`,
  );
}

/** The pool of free schemas of a run: a table in its own schema. */
export async function createPgPool(url: string, prefix: string): Promise<void> {
  await pgQuery(url, `create schema ${prefix}pool; create table ${prefix}pool.free (name text primary key)`);
}

/** Takes a free schema of this run, already empty, or null when none is free. */
export async function takePgSchema(url: string, prefix: string): Promise<string | null> {
  const [taken] = await pgQuery(
    url,
    `delete from ${prefix}pool.free where name = (select name from ${prefix}pool.free limit 1 for update skip locked)
     returning name`,
  );
  return (taken!.rows[0] as { name: string } | undefined)?.name ?? null;
}

/** Creates schema `schema` as a copy of the template: one round trip, one transaction. */
export async function clonePgTemplate(url: string, template: PgTemplate, schema: string): Promise<void> {
  await pgQuery(url, `create schema ${schema};\n${template.dump.replaceAll(template.placeholder, schema)}`);
}

/** Empties `schema` (a copy of the template): as the clone left it, in one transaction. */
export async function resetPgSchema(url: string, template: PgTemplate, schema: string): Promise<void> {
  await pgQuery(url, `begin;\n${template.reset.replaceAll(template.placeholder, schema)}\ncommit;`);
}

/** The leads (advisory locks) a finished test may still hold in `schema`, by lock name. */
const SCHEMA_LOCKS = ['crash', 'wheel', 'ops:money-check'];

/** Empties `schema` (a copy of the template) and returns it to the pool, in one transaction. A round
 * lead still held in it (a session of a test that is over, or one still exiting) is ended first, so
 * the next test given this schema can lead its loops. */
export async function releasePgSchema(url: string, template: PgTemplate, prefix: string, schema: string) {
  const keys = SCHEMA_LOCKS.map((name) => `hashtext('${schema}:round:${name}')::oid`).join(', ');
  await pgQuery(
    url,
    `select pg_terminate_backend(pid) from pg_locks
      where locktype = 'advisory' and classid = ${LOCK_CLASS} and objid in (${keys}) and pid <> pg_backend_pid()`,
  );
  await pgQuery(
    url,
    `begin;\n${template.reset.replaceAll(template.placeholder, schema)}
     insert into ${prefix}pool.free (name) values ('${schema}');\ncommit;`,
  );
}
