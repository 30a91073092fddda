// Chat queries (taking db | trx first) and the row → API mapping of a message.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { ChatMessage } from '../../../shared/api/chat.ts';
import type { ArchiveGame } from '../../../shared/api/profile-bets.ts';

type Q = Kysely<Tables>;

/** A message row joined with its author. */
export interface ChatRow {
  id: number;
  user_id: number;
  message: string;
  bet_game: string | null;
  bet_id: number | null;
  created_at: number;
  deleted_at: number | null;
  name: string;
  email: string;
  avatar_url: string | null;
  level: number;
}

/** The message as the API and the channel show it. */
export function toChatMessage(row: ChatRow): ChatMessage {
  return {
    id: Number(row.id),
    user: { id: Number(row.user_id), name: row.name, avatar_url: row.avatar_url, level: Number(row.level) },
    message: row.message,
    created_at: new Date(Number(row.created_at)).toISOString(),
    ...(row.bet_game !== null && row.bet_id !== null
      ? { bet: { game: row.bet_game as ArchiveGame, id: Number(row.bet_id) } }
      : {}),
  };
}

function withAuthor(q: Q) {
  return q
    .selectFrom('chat_messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.user_id',
      'm.message',
      'm.bet_game',
      'm.bet_id',
      'm.created_at',
      'm.deleted_at',
      'u.name',
      'u.email',
      'u.avatar_url',
      'u.level',
    ]);
}

/** The last `limit` messages nobody deleted, oldest first. */
export async function recentMessages(q: Q, limit: number): Promise<ChatRow[]> {
  const rows = await withAuthor(q).where('m.deleted_at', 'is', null).orderBy('m.id', 'desc').limit(limit).execute();
  return rows.reverse();
}

/** One message (deleted or not). */
export function findMessage(q: Q, id: number): Promise<ChatRow | undefined> {
  return withAuthor(q).where('m.id', '=', id).executeTakeFirst();
}

/** Every message, newest first, a page at a time (operators' history, deleted ones included). */
export function messagePage(q: Q, page: number, perPage: number): Promise<ChatRow[]> {
  return withAuthor(q)
    .orderBy('m.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
}

/** Inserts a message; returns its id. */
export async function insertMessage(
  q: Q,
  row: { userId: number; message: string; bet: { game: string; id: number } | null; now: number },
): Promise<number> {
  const { id } = await q
    .insertInto('chat_messages')
    .values({
      user_id: row.userId,
      message: row.message,
      bet_game: row.bet?.game ?? null,
      bet_id: row.bet?.id ?? null,
      created_at: row.now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** Send times (epoch ms) of the player's messages since `since`, newest first. */
export async function sentSince(q: Q, userId: number, since: number): Promise<number[]> {
  const rows = await q
    .selectFrom('chat_messages')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => Number(r.created_at));
}

/** Marks a message deleted; false when it was already deleted or does not exist. */
export async function softDelete(q: Q, id: number, now: number): Promise<boolean> {
  const r = await q
    .updateTable('chat_messages')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The end of the player's mute when it still runs at `now`, else null. */
export async function mutedUntil(q: Q, userId: number, now: number): Promise<number | null> {
  const row = await q.selectFrom('chat_mutes').select('until').where('user_id', '=', userId).executeTakeFirst();
  const until = row ? Number(row.until) : null;
  return until !== null && until > now ? until : null;
}

/** Mutes (or re-mutes) a player until `until`. */
export async function upsertMute(
  q: Q,
  mute: { userId: number; until: number; by: string; reason: string | null },
): Promise<void> {
  await q
    .insertInto('chat_mutes')
    .values({ user_id: mute.userId, until: mute.until, by: mute.by, reason: mute.reason })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ until: mute.until, by: mute.by, reason: mute.reason }))
    .execute();
}

/** Lifts a player's mute; false when there was none. */
export async function deleteMute(q: Q, userId: number): Promise<boolean> {
  const r = await q.deleteFrom('chat_mutes').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
