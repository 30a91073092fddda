// The chat (spec §7 Chat), typed from src/shared/api/chat.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import type { chatListResponseSchema, chatPostResponseSchema } from '../../../shared/api/chat.ts';

/** GET /api/chat: the recent messages. */
export const getChatMessages = () => api<z.infer<typeof chatListResponseSchema>>('GET', '/api/chat');

/** POST /api/chat. */
export const postChatMessage = (message: string) =>
  api<z.infer<typeof chatPostResponseSchema>>('POST', '/api/chat', { message });
