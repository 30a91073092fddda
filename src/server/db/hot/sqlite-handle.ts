// The raw better-sqlite3 handles behind a SQLite Kysely instance, for the hot paths that skip the
// query builder: the writer (the one connection Kysely also uses; only ever touched while the
// group commit holds it, see transact.ts) and a lazily opened second, read-only connection that
// serves point lookups (bearer tokens) without waiting behind the writer's queue. WAL lets the
// reader see every committed write at once, so nothing it answers is stale.
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Tables } from '../tables.ts';

type DB = Kysely<Tables>; // (database.ts imports this file)

/** The handles of one SQLite database. */
export interface SqliteHandle {
  writer: SQLite.Database;
  /** The read connection, or null for an in-memory database (a second connection would be another database). */
  reader(): SQLite.Database | null;
  closeReader(): void;
}

const handles = new WeakMap<DB, SqliteHandle>();

/** Records the writer handle of `db` (called once by openDatabase). */
export function registerSqliteHandle(db: DB, writer: SQLite.Database, file: string): SqliteHandle {
  let reader: SQLite.Database | null = null;
  const handle: SqliteHandle = {
    writer,
    reader() {
      if (file === ':memory:' || !writer.open) return null;
      if (!reader) {
        reader = new SQLite(file, { fileMustExist: true });
        reader.pragma('busy_timeout = 5000');
        reader.pragma('query_only = ON');
      }
      return reader;
    },
    closeReader() {
      reader?.close();
      reader = null;
    },
  };
  handles.set(db, handle);
  return handle;
}

/** The raw handles of `db` when it is a SQLite database opened by openDatabase; undefined otherwise. */
export function sqliteHandle(db: DB): SqliteHandle | undefined {
  return handles.get(db);
}
