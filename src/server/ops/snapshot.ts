// The money self-check reads many tables while bets go on: read apart, a bet committing between two
// reads would look like a drift (a balance ahead of its ledger). So the check reads one snapshot: on
// PostgreSQL a REPEATABLE READ, READ ONLY transaction; on SQLite a read transaction on a read-only
// connection of its own (WAL keeps its snapshot while the writer goes on; it never takes the writer's
// lock, nor the shared reader's, whose point lookups must see every commit).
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Database, DB } from '../db/database.ts';
import type { Tables } from '../db/tables.ts';
import { sqliteHandle } from '../db/hot/sqlite-handle.ts';

/** Runs `read` on one consistent snapshot of `database`. */
export async function inSnapshot<T>(database: Database, read: (db: DB) => Promise<T>): Promise<T> {
  if (database.dialect === 'postgres') {
    return database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        return read(trx);
      });
  }
  const file = sqliteHandle(database.db)?.writer.name;
  if (!file || file === ':memory:') return read(database.db); // a second connection would be another database
  const own = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }),
  });
  try {
    return await own.transaction().execute((trx) => read(trx));
  } finally {
    await own.destroy();
  }
}
