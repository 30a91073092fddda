// Live chat contract (issue 29): GET /api/chat (the last 50 messages, oldest first), POST /api/chat
// {message, bet?}, and the public channel `chat` with `chatMessage` and `chatMessageDeleted`.
// Messages are plain text end to end: stored as sent (trimmed), shown as text, never parsed.
import { z } from 'zod';
import { ARCHIVE_GAMES } from './profile-bets.ts';
import { publicPlayerSchema } from './replay-basics.ts';

/** The public channel of the chat room and its events. */
export const CHAT_CHANNEL = 'chat';
export const CHAT_MESSAGE_EVENT = 'chatMessage';
export const CHAT_MESSAGE_DELETED_EVENT = 'chatMessageDeleted';

/** Longest message, in characters (code points). */
export const CHAT_MAX_LENGTH = 200;
/** Messages GET /api/chat returns. */
export const CHAT_HISTORY = 50;
/** A player's messages must be this far apart (ms). */
export const CHAT_MIN_GAP_MS = 2000;
/** Most messages of a player in a minute. */
export const CHAT_PER_MINUTE = 10;
/** The 429 text of a message sent too soon. */
export const chatTooFastMessage = 'You are sending messages too fast.';

const idMessage = 'The bet id must be a positive whole number.';

/** A bet shared into the chat: its game and id (GET /api/bets/{game}/{id} replays it). */
export const chatBetSchema = z.object({
  game: z.enum(ARCHIVE_GAMES, { error: 'Unknown game.' }),
  id: z
    .number({ error: idMessage })
    .int(idMessage)
    .positive(idMessage)
    .max(2 ** 53 - 1, idMessage),
});

/** POST /api/chat body. */
export const chatPostBodySchema = z.object({
  message: z
    .string({ error: 'Message is required.' })
    .trim()
    .min(1, 'Message is required.')
    .refine(
      (s) => [...s].length <= CHAT_MAX_LENGTH,
      `The message may not be longer than ${CHAT_MAX_LENGTH} characters.`,
    ),
  bet: chatBetSchema.optional(),
});
/** Parsed POST /api/chat body. */
export type ChatPostBody = z.infer<typeof chatPostBodySchema>;

/** The author of a message as everyone sees them. */
export const chatUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  level: z.number().int(),
});

/**
 * A shared bet as a message carries it: its game and id, and the bet's summary the server attaches
 * (as its public replay shows it: title, dollars, multiplier, result, player or null when hidden).
 * The summary is absent when the bet can no longer be read: the card then names the game and links.
 */
export const chatSharedBetSchema = chatBetSchema.extend({
  title: z.string().optional(),
  stake: z.number().optional(), // dollars
  payout: z.number().optional(), // dollars
  multiplier: z.number().nullable().optional(), // payout / stake, 2 decimals; null when nothing was staked
  result: z.enum(['win', 'loss']).optional(),
  player: publicPlayerSchema.optional(),
});
/** A shared bet in a message. */
export type ChatSharedBet = z.infer<typeof chatSharedBetSchema>;

/** One chat message (also the `chatMessage` event's data). */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  user: chatUserSchema,
  message: z.string(),
  created_at: z.string(), // ISO 8601
  bet: chatSharedBetSchema.optional(),
});
/** A chat message. */
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The `chatMessageDeleted` event's data. */
export const chatMessageDeletedSchema = z.object({ id: z.number().int() });
/** A deleted message's notice. */
export type ChatMessageDeleted = z.infer<typeof chatMessageDeletedSchema>;

/** GET /api/chat → body. */
export const chatListResponseSchema = z.object({ data: z.array(chatMessageSchema) });
/** POST /api/chat → 201 body. */
export const chatPostResponseSchema = z.object({ msg: z.string(), data: chatMessageSchema });
