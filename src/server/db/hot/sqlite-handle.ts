// The raw better-sqlite3 handles behind a SQLite Kysely instance, for the hot paths that skip the
// query builder: the writer (the one connection Kysely also uses; its writes only ever run while
// the group commit holds it, see transact.ts) and a lazily opened second, read-only connection that
// serves point lookups (bearer tokens) without waiting behind the writer's queue. WAL lets the
// reader see every committed write at once, so nothing it answers is stale.
// A point lookup prefers the writer while it has no transaction open (pointReader): a read there
// is its own read transaction, sees every commit (also another process's) like the reader, and
// finds its pages in the writer's cache. The reader's cache is dropped after every commit it did
// not make, i.e. after every batch, so each of its lookups reads its pages again: a bearer-token
// lookup costs about 12 µs there and 2 µs on the idle writer.
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Tables } from '../tables.ts';

type DB = Kysely<Tables>; // (database.ts imports this file)

/** The handles of one SQLite database. */
export interface SqliteHandle {
  writer: SQLite.Database;
  /** The read connection, or null for an in-memory database (a second connection would be another database). */
  reader(): SQLite.Database | null;
  /** The writer when no transaction is open on it (no uncommitted write to see), else reader(). */
  pointReader(): SQLite.Database | null;
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
    pointReader() {
      return writer.open && !writer.inTransaction ? writer : handle.reader();
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
