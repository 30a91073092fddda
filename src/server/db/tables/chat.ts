// Live chat (migration 0031): messages of the public room and moderators' mutes.
import type { Generated } from 'kysely';

/** One message of the public chat room. */
export interface ChatMessagesTable {
  id: Generated<number>;
  user_id: number;
  message: string; // plain text as sent (trimmed, profanity masked), never markup
  bet_game: string | null; // a shared bet: its game (dice, plinko, …)
  bet_id: number | null; // a shared bet: its id in that game
  created_at: number; // epoch ms
  deleted_at: number | null; // epoch ms: removed by a moderator (hidden from everyone)
}

/** A player a moderator muted until `until`. */
export interface ChatMutesTable {
  user_id: number;
  until: number; // epoch ms
  by: string; // who muted: "cli" for the operator CLI
  reason: string | null;
}

/** Chat tables. */
export interface ChatTables {
  chat_messages: ChatMessagesTable;
  chat_mutes: ChatMutesTable;
}

/** outbox column of migration 0031. */
export interface OutboxChannelColumns {
  channel: string | null; // publish on this channel; null = the user's private channel
}
