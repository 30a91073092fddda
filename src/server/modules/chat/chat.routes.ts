// HTTP for the chat: GET /api/chat (public) and POST /api/chat (signed in); a posted message is
// published on the public channel `chat` after its transaction commits.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { afterCommit } from '../../realtime/publisher.ts';
import {
  CHAT_CHANNEL,
  CHAT_HISTORY,
  CHAT_MAX_LENGTH,
  CHAT_MESSAGE_DELETED_EVENT,
  CHAT_MESSAGE_EVENT,
  CHAT_MIN_GAP_MS,
  CHAT_PER_MINUTE,
  chatListResponseSchema,
  chatPostBodySchema,
  chatPostResponseSchema,
} from '../../../shared/api/chat.ts';
import { chatHistory, postMessage, type ChatContext } from './chat.service.ts';
import { profanityFilter } from './chat.profanity.ts';
import type { ModuleContext } from '../../module-context.ts';

const tags = ['Chat'];

/** Registers /api/chat. */
export function chatRoutes(app: FastifyInstance, { database, config, now }: ModuleContext): void {
  const ctx: ChatContext = { database, profanity: profanityFilter(config.chat.profanity) };
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/chat',
      summary: `The last ${CHAT_HISTORY} chat messages, oldest first. Live: public channel \`${CHAT_CHANNEL}\`, events ${CHAT_MESSAGE_EVENT} (a message) and ${CHAT_MESSAGE_DELETED_EVENT} {id}`,
      tags,
      response: chatListResponseSchema,
    },
    async () => ({ data: await chatHistory(ctx) }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/chat',
      // CHAT_MIN_GAP_MS in seconds for the summary (ms ÷ 1000), not money
      summary: `Send a chat message {message, bet?: {game, id}}: plain text, 1–${CHAT_MAX_LENGTH} characters after trimming, profanity masked; the bet must be one of your own settled bets (else 422); at most one every ${CHAT_MIN_GAP_MS / 1000} s and ${CHAT_PER_MINUTE} a minute (429); 403 while muted or self-excluded`,
      tags,
      auth: true,
      body: chatPostBodySchema,
      bodyLimit: 8 * 1024,
      response: chatPostResponseSchema,
    },
    async ({ user, body, reply, request }) => {
      const data = await postMessage(ctx, user.id, body, now());
      await afterCommit(request.log, 'chatMessage', () =>
        app.publisher.publish(CHAT_CHANNEL, CHAT_MESSAGE_EVENT, data),
      );
      void reply.status(201);
      return { msg: 'Message sent.', data };
    },
  );
}
