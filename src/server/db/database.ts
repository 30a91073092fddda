// Opens the Kysely instance for the configured dialect: embedded SQLite by default, PostgreSQL by URL.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import type { Tables } from './tables.ts';
import { registerSqliteHandle } from './hot/sqlite-handle.ts';
import { startCheckpointer, WRITER_AUTOCHECKPOINT, type CheckpointOptions } from './checkpointer.ts';

/** Which SQL engine a database speaks; migrations and a few queries branch on it. */
export type Dialect = 'sqlite' | 'postgres';

/** The typed query builder every repository takes first. */
export type DB = Kysely<Tables>;

/** An open database with its dialect and a way to close it. */
export interface Database {
  db: DB;
  dialect: Dialect;
  schema: string | undefined; // PostgreSQL schema the connection works in, when not the default
  /** PostgreSQL: a new connection outside the pool (same target), for session state such as the
   * round loops' advisory locks; the caller connects and ends it. */
  sessionClient?: () => pg.Client;
  /** PostgreSQL: the pool the Kysely instance runs on, for a named (prepared once per connection)
   * statement on the hot path (bets/apply-pg.ts). */
  pgPool?: pg.Pool;
  close(): Promise<void>;
}

/** Where to connect: a SQLite file, or a PostgreSQL URL with an optional schema to work in and the
 * most connections its pool opens (10 unless given; the server's PG_POOL_SIZE). */
export type DatabaseTarget =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

// int8 (BIGINT, COUNT) as a JS number: cents and ms stay far below 2^53.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** Kysely prepares every query anew; reuse compiled statements by SQL text (bounded cache).
 * Safe because the SQLite dialect runs one query at a time on its single connection. */
function withStatementCache(sqlite: SQLite.Database, limit = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => void sqlite.close(),
    prepare(text: string) {
      // Kysely opens transactions with a deferred BEGIN; a deferred transaction that read first and
      // then writes fails at once with SQLITE_BUSY (no busy wait) when another process (the admin
      // CLI, a test) committed in between. IMMEDIATE takes the write lock up front, so it waits
      // out busy_timeout instead.
      const query = text === 'begin' ? 'begin immediate' : text;
      let stmt = cache.get(query);
      if (!stmt) {
        if (cache.size >= limit) cache.clear();
        stmt = sqlite.prepare(query);
        cache.set(query, stmt);
      }
      return stmt as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}

/** How a SQLite database is opened: `backgroundCheckpoints` moves the WAL checkpoints off the
 * event loop (checkpointer.ts; the server does so, short-lived tools and tests need not). */
export interface OpenOptions {
  backgroundCheckpoints?: CheckpointOptions;
}

/** Opens a database; SQLite gets WAL, foreign keys and a busy timeout. */
export function openDatabase(target: DatabaseTarget, open: OpenOptions = {}): Database {
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    // Checkpoint every ~40 MB of WAL instead of SQLite's 4 MB (checkpointer.ts WRITER_AUTOCHECKPOINT:
    // dice bets from 50 players here, about 3,400 → 4,100 per second), or in the background. The
    // file is cut back to 64 MB after a checkpoint.
    sqlite.pragma(`wal_autocheckpoint = ${WRITER_AUTOCHECKPOINT}`);
    sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
    const background = open.backgroundCheckpoints;
    const checkpointer = background && target.file !== ':memory:' ? startCheckpointer(sqlite, background) : null;
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    const handle = registerSqliteHandle(db, sqlite, target.file);
    const close = async () => {
      await checkpointer?.stop();
      await db.destroy().finally(() => {
        handle.closeReader();
        if (sqlite.open) sqlite.close(); // Kysely closes it only if it ever ran a query
      });
    };
    return { db, dialect: 'sqlite', schema: undefined, close };
  }
  const options = {
    connectionString: target.url,
    types: pgTypes,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  };
  const pool = new pg.Pool({ ...options, max: target.poolSize ?? 10 });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  const sessionClient = () => new pg.Client(options);
  return { db, dialect: 'postgres', schema: target.schema, sessionClient, pgPool: pool, close: () => db.destroy() };
}

/** One round trip to the database (health checks). */
export async function ping(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
