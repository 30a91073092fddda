// The chat (spec §7 Chat), typed from src/shared/api/chat.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import type { ChatPostBody, chatListResponseSchema, chatPostResponseSchema } from '../../../shared/api/chat.ts';

/** GET /api/chat: the recent messages. */
export const getChatMessages = () => api<z.infer<typeof chatListResponseSchema>>('GET', '/api/chat');

/** POST /api/chat: a message, with one of the player's own settled bets as a card when shared. */
export const postChatMessage = (message: string, bet?: ChatPostBody['bet']) =>
  api<z.infer<typeof chatPostResponseSchema>>('POST', '/api/chat', bet ? { message, bet } : { message });
