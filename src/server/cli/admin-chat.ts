// Operator commands for the chat (`npm run admin -- chat:…`): mute, unmute, delete (an outbox row
// asks running servers to publish chatMessageDeleted on the public channel `chat`) and the history.
import type { DB } from '../db/database.ts';
import { enqueueChannelEvent } from '../modules/wallet/outbox.ts';
import { messagePage } from '../modules/chat/chat.repository.ts';
import { chatUser, deleteMessage, mutePlayer, unmutePlayer } from '../modules/chat/chat.service.ts';
import { CHAT_CHANNEL, CHAT_MESSAGE_DELETED_EVENT } from '../../shared/api/chat.ts';

/** The chat lines of the admin usage. */
export const CHAT_USAGE = `  chat:mute <user> <minutes> [--reason <text>]                        mute a player in the chat (user: id or email)
  chat:unmute <user>                                                  lift a mute
  chat:delete <message id>                                            remove a message for everyone, live
  chat:list [--page <n>]                                              chat history, newest first (50 a page, deleted ones too)`;

const PAGE = 50;

/** Runs a chat command; `int` parses a positive integer argument. Returns the printed lines. */
export async function runChatAdmin(
  db: DB,
  command: string,
  args: {
    p: string[];
    flags: Map<string, string>;
    int: (text: string | undefined, what: string) => number;
    usage: (m: string) => Error;
  },
  now: number,
): Promise<string[]> {
  const { p, flags, int } = args;
  switch (command) {
    case 'chat:mute': {
      if (!p[0]) throw args.usage('chat:mute <user> <minutes>: the user is required');
      const minutes = int(p[1], 'minutes');
      const user = await chatUser(db, p[0]);
      const until = await mutePlayer(db, user.id, minutes, now, 'cli', flags.get('reason')?.slice(0, 200) ?? null);
      return [`Muted ${user.email} (#${user.id}) in the chat until ${new Date(until).toISOString()}`];
    }
    case 'chat:unmute': {
      if (!p[0]) throw args.usage('chat:unmute <user>: the user is required');
      const user = await chatUser(db, p[0]);
      const was = await unmutePlayer(db, user.id, now);
      return [was ? `Unmuted ${user.email} (#${user.id})` : `${user.email} (#${user.id}) was not muted`];
    }
    case 'chat:delete': {
      const id = int(p[0], 'message id');
      const row = await deleteMessage(db, id, now);
      await enqueueChannelEvent(db, CHAT_CHANNEL, Number(row.user_id), CHAT_MESSAGE_DELETED_EVENT, { id }, now);
      return [`Deleted chat message #${id} by ${row.email} (#${row.user_id})`];
    }
    case 'chat:list': {
      const page = flags.has('page') ? int(flags.get('page'), '--page') : 1;
      const rows = await messagePage(db, page, PAGE);
      if (!rows.length) return [page === 1 ? 'No chat messages.' : `No chat messages on page ${page}.`];
      return rows.map(
        (m) =>
          `#${m.id} ${new Date(Number(m.created_at)).toISOString()} ${m.email} (#${m.user_id})${m.deleted_at !== null ? ' [deleted]' : ''}${m.bet_game ? ` [bet ${m.bet_game} #${m.bet_id}]` : ''}: ${JSON.stringify(m.message)}`,
      );
    }
    default:
      throw args.usage(`unknown command ${command}`);
  }
}
