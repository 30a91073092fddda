// Point reads of the hot paths that skip the writer's queue: on SQLite they run on the read
// connection (sqlite-handle.ts), elsewhere through Kysely.
import type { DB } from '../database.ts';
import { sqliteHandle } from './sqlite-handle.ts';
import { readerStatements } from './statements.ts';

/** A user's display name (undefined when there is no such user). */
export async function userName(db: DB, userId: number): Promise<string | undefined> {
  const reader = sqliteHandle(db)?.reader();
  if (reader) return (readerStatements(reader).userName.get(userId) as { name: string } | undefined)?.name;
  return (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst())?.name;
}
