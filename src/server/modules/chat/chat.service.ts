// Chat logic: who may post (signed in, not muted, not self-excluded, not too fast), the stored text
// (trimmed, profanity masked, otherwise exactly as sent: plain text, never parsed), a shared bet
// (the player's own settled bet, else 422) with its summary attached (the card's fields), and moderation.
// Posting is one transaction holding the player's row, so the pace checks see every earlier message.
import type { Database, DB } from '../../db/database.ts';
import { transact } from '../../db/transact.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import { lockUserRows } from '../wallet/ledger.ts';
import { excludedUntil, utcLabel } from '../responsible-play/exclusion.ts';
import { ownsSettledBet } from '../profile/profile-bets.repository.ts';
import {
  CHAT_HISTORY,
  CHAT_MIN_GAP_MS,
  CHAT_PER_MINUTE,
  chatTooFastMessage,
  type ChatMessage,
  type ChatPostBody,
} from '../../../shared/api/chat.ts';
import type { ArchiveGame } from '../../../shared/api/profile-bets.ts';
import { betKey, betSummaries } from '../replays/replays.summary.ts';
import type { ProfanityFilter } from './chat.profanity.ts';
import {
  deleteMute,
  findMessage,
  insertMessage,
  mutedUntil,
  recentMessages,
  sentSince,
  softDelete,
  toChatMessage,
  upsertMute,
  type ChatRow,
} from './chat.repository.ts';

/** What the chat needs. */
export interface ChatContext {
  database: Database;
  profanity: ProfanityFilter;
}

/** The messages of `rows` with their shared bets' summaries attached (a bet gone: game and id only). */
async function withBets(db: DB, rows: ChatRow[]): Promise<ChatMessage[]> {
  const refs = rows.flatMap((r) =>
    r.bet_game !== null && r.bet_id !== null
      ? [{ game: r.bet_game as ArchiveGame, id: Number(r.bet_id), owner: Number(r.user_id) }]
      : [],
  );
  const summaries = await betSummaries(db, refs);
  return rows.map((row) => {
    const m = toChatMessage(row);
    const summary = m.bet && summaries.get(betKey(m.bet.game, m.bet.id));
    return m.bet && summary ? { ...m, bet: { ...m.bet, ...summary } } : m;
  });
}

/** GET /api/chat: the last 50 messages, oldest first, shared bets summed up. */
export async function chatHistory(ctx: ChatContext): Promise<ChatMessage[]> {
  return withBets(ctx.database.db, await recentMessages(ctx.database.db, CHAT_HISTORY));
}

/** POST /api/chat: stores the player's message; the caller publishes it after commit. */
export async function postMessage(
  ctx: ChatContext,
  userId: number,
  body: ChatPostBody,
  now: number,
): Promise<ChatMessage> {
  const message = ctx.profanity.mask(body.message);
  if (body.bet && !(await ownsSettledBet(ctx.database.db, userId, body.bet.game, body.bet.id)))
    throw fieldError('bet', 'You can share only your own settled bets.');
  const id = await transact(ctx.database, async (trx) => {
    await lockUserRows(trx, [userId]);
    const muted = await mutedUntil(trx, userId, now);
    if (muted !== null) throw new HttpError(403, `You are muted in the chat until ${utcLabel(muted)}.`);
    const excluded = await excludedUntil(trx, userId, now);
    if (excluded !== null)
      throw new HttpError(403, `You are self-excluded until ${utcLabel(excluded)}: the chat is closed until then.`);
    const sent = await sentSince(trx, userId, now - 60_000);
    if ((sent[0] !== undefined && now - sent[0] < CHAT_MIN_GAP_MS) || sent.length >= CHAT_PER_MINUTE)
      throw new HttpError(429, chatTooFastMessage);
    return insertMessage(trx, { userId, message, bet: body.bet ?? null, now });
  });
  const row = await findMessage(ctx.database.db, id);
  if (!row) throw new Error(`chat message ${id} vanished after commit`);
  const [posted] = await withBets(ctx.database.db, [row]);
  return posted!;
}

/** The user a CLI argument names (id or email), or 404. */
export async function chatUser(db: DB, who: string): Promise<{ id: number; email: string }> {
  const q = db.selectFrom('users').select(['id', 'email']);
  const user = /^\d+$/.test(who)
    ? await q.where('id', '=', Number(who)).executeTakeFirst()
    : await q.where('email', '=', who.trim().toLowerCase()).executeTakeFirst();
  if (!user) throw new HttpError(404, `No user ${who}.`);
  return { id: Number(user.id), email: user.email };
}

/** Mutes a player for `minutes` from `now`; returns the end. */
export async function mutePlayer(
  db: DB,
  userId: number,
  minutes: number,
  now: number,
  by = 'cli',
  reason: string | null = null,
): Promise<number> {
  const until = now + minutes * 60_000;
  await upsertMute(db, { userId, until, by, reason });
  return until;
}

/** Lifts a player's mute; false when none ran. */
export async function unmutePlayer(db: DB, userId: number, now: number): Promise<boolean> {
  const running = (await mutedUntil(db, userId, now)) !== null;
  await deleteMute(db, userId);
  return running;
}

/** Deletes a message for everyone; returns its row (404 when unknown or already deleted). */
export async function deleteMessage(db: DB, id: number, now: number): Promise<ChatRow> {
  const row = await findMessage(db, id);
  if (!row) throw new HttpError(404, `No chat message #${id}.`);
  if (!(await softDelete(db, id, now))) throw new HttpError(409, `Chat message #${id} is already deleted.`);
  return row;
}
