// The ONE place that builds the hot paths' SQL for SQLite: prepared once per connection and reused
// by the synchronous bet jobs (transactSync) and the bearer-token lookups on the read connection.
// Each statement is the same SQL the Kysely path runs (bets/apply-kysely.ts, ledger.ts), so both
// paths write identical rows. The inserts take positional parameters (binding an object by name
// costs better-sqlite3 about 0.5 µs more per insert of 7 columns). No statement here has a RETURNING clause:
// inserts take the new row's id from insertedId, and a conditional UPDATE is checked by its
// `changes` and followed by a point SELECT of what it changed. RETURNING costs SQLite 3.53 about
// 7 µs per UPDATE (9 µs against 1.2 µs for UPDATE + SELECT of one row by key), a third of a dice
// bet's database time, and about 3 µs per insert.
import type SQLite from 'better-sqlite3';

/** The prepared statements of the bet path, bound to the writer connection. */
export interface WriterStatements {
  userRow: SQLite.Statement<[number]>;
}

/** The prepared statements of the read connection. */
export interface ReaderStatements {
  accessToken: SQLite.Statement<[string, number]>;
  userFace: SQLite.Statement<[number]>;
  boxBySlug: SQLite.Statement<[string]>;
}

/** The id of the row an insert statement just wrote. */
export function insertedId(info: SQLite.RunResult): number {
  return Number(info.lastInsertRowid);
}

const writers = new WeakMap<SQLite.Database, WriterStatements>();
const readers = new WeakMap<SQLite.Database, ReaderStatements>();

/** The writer's statements (prepared on first use, after the migrations made the tables). */
export function writerStatements(sqlite: SQLite.Database): WriterStatements {
  let s = writers.get(sqlite);
  if (s) return s;
  s = {
    // the user row a job checks before its first write (bets/apply-sqlite.ts) and goes on from
    userRow: sqlite.prepare(
      `select "balance_cents", "self_excluded_until", "edge_units", "level", "name" from "users" where "id" = ?`,
    ),
  };
  writers.set(sqlite, s);
  return s;
}

/** The read connection's statements. */
export function readerStatements(sqlite: SQLite.Database): ReaderStatements {
  let s = readers.get(sqlite);
  if (s) return s;
  s = {
    accessToken: sqlite.prepare(
      `select "id", "user_id" from "oauth_tokens"
       where "access_hash" = ? and "revoked_at" is null and "access_expires_at" > ?`,
    ),
    userFace: sqlite.prepare(`select "name", "avatar_url" from "users" where "id" = ?`),
    // boxes.repository findBoxBySlug without the openings count (an opening does not show it, and
    // summing the box's counter shards is most of this read)
    boxBySlug: sqlite.prepare(
      `select "boxes"."id", "boxes"."slug", "boxes"."name", "boxes"."box_type", "boxes"."img_url",
       "box_versions"."id" as "version_id", "box_versions"."version", "box_versions"."price_cents",
       "box_versions"."ev_cents", "box_versions"."sell_back_cents", "box_versions"."house_edge_bp",
       "boxes"."creator_id", "boxes"."creator_share_bp"
       from "boxes" inner join "box_versions" on "box_versions"."id" = "boxes"."current_version_id"
       where "boxes"."slug" = ?`,
    ),
  };
  readers.set(sqlite, s);
  return s;
}
