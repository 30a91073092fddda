// Point reads of the hot paths that skip the writer's queue: on SQLite they run on the read
// connection (sqlite-handle.ts), elsewhere through Kysely.
import type { DB } from '../database.ts';
import { sqliteHandle } from './sqlite-handle.ts';
import { readerStatements } from './statements.ts';

/** A user's name and avatar as the public feeds show them (undefined when there is no such user). */
export async function userFace(
  db: DB,
  userId: number,
): Promise<{ name: string; avatar_url: string | null } | undefined> {
  const reader = sqliteHandle(db)?.pointReader();
  if (reader)
    return readerStatements(reader).userFace.get(userId) as { name: string; avatar_url: string | null } | undefined;
  return db.selectFrom('users').select(['name', 'avatar_url']).where('id', '=', userId).executeTakeFirst();
}

/** A user's display name (undefined when there is no such user). */
export async function userName(db: DB, userId: number): Promise<string | undefined> {
  return (await userFace(db, userId))?.name;
}
