// Feeds the chat store: the history from GET /api/chat once, then `chatMessage` and
// `chatMessageDeleted` from the public channel `chat` for as long as the page is open.
import { useEffect } from 'react';
import { getChatMessages } from '../../lib/api/chat.ts';
import { onPublicEvent } from '../../lib/public-channel.ts';
import { useSession } from '../../stores/session.ts';
import {
  CHAT_CHANNEL,
  CHAT_MESSAGE_DELETED_EVENT,
  CHAT_MESSAGE_EVENT,
  type ChatMessage,
  type ChatMessageDeleted,
} from '../../../shared/api/chat.ts';
import { useChat } from './chat-store.ts';

/** Whether the chat is on screen: the desktop column open, or the phone sheet shown. */
export function chatInView(): boolean {
  const { open, sheet } = useChat.getState();
  const desktop = globalThis.matchMedia?.('(min-width: 1024px)').matches ?? true;
  return desktop ? open : sheet;
}

/** Adds a message to the store (own ones are never unread). */
export function receiveMessage(message: ChatMessage): void {
  const me = useSession.getState().user?.id;
  useChat.getState().receive(message, message.user.id === me, chatInView());
}

/** Subscribes the store to the room while mounted (once, in the layout). */
export function useChatFeed(): void {
  useEffect(() => {
    const offMessage = onPublicEvent(CHAT_MESSAGE_EVENT, (data) => receiveMessage(data as ChatMessage), CHAT_CHANNEL);
    const offDeleted = onPublicEvent(
      CHAT_MESSAGE_DELETED_EVENT,
      (data) => useChat.getState().remove((data as ChatMessageDeleted).id),
      CHAT_CHANNEL,
    );
    let live = true;
    getChatMessages().then(
      (r) => live && useChat.getState().setHistory(r.data),
      (e: unknown) => console.warn('chat history failed', e),
    );
    return () => {
      live = false;
      offMessage();
      offDeleted();
    };
  }, []);
}
