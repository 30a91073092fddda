// Generic queries on a round game's rounds table (columns of migrations/round-columns.ts). Every
// status change is one conditional UPDATE (id and the status it leaves), so a process that lost
// the lead without knowing it changes nothing.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { RoundColumns } from '../db/tables/rounds.ts';
import type { DB } from '../db/database.ts';
import type { Tables } from '../db/tables.ts';
import type { RoundStatus } from '../../shared/api/rounds.ts';

/** A round row as read: the generic columns (a game's table has more). */
export type RoundRow = Selectable<RoundColumns>;

type Rounds = Kysely<Record<string, RoundColumns>>;
type Executor = DB | Transaction<Tables>;
const rounds = (db: Executor) => db as unknown as Rounds;

/** The newest round of `table`, if any. */
export async function latestRound<R extends RoundRow>(db: Executor, table: string): Promise<R | undefined> {
  const row = await rounds(db).selectFrom(table).selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row as R | undefined;
}

/** One round of `table` by id. */
export async function roundById<R extends RoundRow>(db: Executor, table: string, id: number): Promise<R | undefined> {
  const row = await rounds(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
  return row as R | undefined;
}

/** Inserts round `values` (status new) after `previousId`; null when another process opened it first. */
export async function insertRound(
  trx: Transaction<Tables>,
  table: string,
  values: Record<string, unknown>,
): Promise<number> {
  const row = await rounds(trx)
    .insertInto(table)
    .values(values as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Moves round `id` from `from` to `to` with the given time columns; false when it was not in `from`. */
export async function moveRound(
  db: Executor,
  table: string,
  id: number,
  from: RoundStatus,
  to: RoundStatus,
  times: Partial<Pick<RoundRow, 'starting_at' | 'betting_ends_at' | 'pending_at' | 'in_progress_at' | 'ended_at'>>,
): Promise<boolean> {
  const result = await rounds(db)
    .updateTable(table)
    .set({ status: to, ...times })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Writes the heartbeat of round `id` while it is in progress (games with an outage policy: the
 * column heartbeat_at, see RoundGame.voidAfterMs). */
export async function heartbeat(db: Executor, table: string, id: number, now: number): Promise<void> {
  await (db as unknown as Kysely<Record<string, RoundColumns & { heartbeat_at: number | null }>>)
    .updateTable(table)
    .set({ heartbeat_at: now })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .execute();
}

/**
 * True when round `id` still takes bets at `now` (starting, before betting_ends_at), and holds its
 * row until the bet's transaction ends, so closing the betting window waits for the bet (and a bet
 * after the close sees it). Call it after lockUserRows, before inserting the bet.
 */
export async function claimOpenRound(
  trx: Transaction<Tables>,
  table: string,
  id: number,
  now: number,
): Promise<boolean> {
  const result = await rounds(trx)
    .updateTable(table)
    .set({ status: 'starting' })
    .where('id', '=', id)
    .where('status', '=', 'starting')
    .where('betting_ends_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
