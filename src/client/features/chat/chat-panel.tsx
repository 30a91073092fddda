// The chat room (issue 29): on desktop a collapsible right column on every page (its state
// remembered), on phones a full-screen sheet opened from the bottom bar. Own messages are marked;
// a shared bet shows as a card linking to its replay; guests read and are asked to log in to write.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorText } from '../../lib/api.ts';
import { postChatMessage } from '../../lib/api/chat.ts';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { LevelBadge } from '../../components/ui/level-badge.tsx';
import { CHAT_MAX_LENGTH, type ChatMessage } from '../../../shared/api/chat.ts';
import { useChat } from './chat-store.ts';
import { receiveMessage, useChatFeed } from './chat-feed.ts';
import { ChatText } from './chat-text.tsx';
import { ChatBetCard } from './chat-bet-card.tsx';
import './chat.css';

function ChatLine({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <li className={mine ? 'chat-line chat-mine' : 'chat-line'} data-testid="chat-message" data-mine={mine || undefined}>
      <div className="chat-author">
        {message.user.avatar_url ? <img className="chat-avatar" src={message.user.avatar_url} alt="" /> : null}
        <span className="chat-name">{message.user.name}</span>
        <LevelBadge level={message.user.level} />
        {mine && <span className="chat-you">you</span>}
      </div>
      <ChatText text={message.message} />
      {message.bet && <ChatBetCard bet={message.bet} />}
    </li>
  );
}

function Composer() {
  const user = useSession((s) => s.user);
  const show = useModals((s) => s.show);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!user)
    return (
      <div className="chat-composer chat-guest">
        <button type="button" className="btn" onClick={() => show('login', false)}>
          Log in to chat
        </button>
      </div>
    );
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    setError(null);
    try {
      const r = await postChatMessage(text);
      receiveMessage(r.data);
      setText('');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="chat-composer" onSubmit={send}>
      {error && (
        <p className="chat-error" role="alert">
          {error}
        </p>
      )}
      <div className="chat-compose-row">
        <input
          className="chat-input"
          aria-label="Chat message"
          placeholder="Say something…"
          maxLength={CHAT_MAX_LENGTH * 2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="chat-input"
        />
        <button type="submit" className="btn chat-send" disabled={sending || !text.trim()} data-testid="chat-send">
          Send
        </button>
      </div>
    </form>
  );
}

function ChatRoom({ onClose }: { onClose(): void }) {
  const messages = useChat((s) => s.messages);
  const me = useSession((s) => s.user?.id);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages]);
  return (
    <>
      <div className="chat-head">
        <h2>Chat</h2>
        <button type="button" className="icon-btn" onClick={onClose} aria-label="Close chat" data-testid="chat-close">
          ×
        </button>
      </div>
      <ol className="chat-list" ref={list} aria-live="polite" data-testid="chat-list">
        {messages.map((m) => (
          <ChatLine key={m.id} message={m} mine={m.user.id === me} />
        ))}
      </ol>
      <Composer />
    </>
  );
}

/** The chat column (desktop) and sheet (phone), mounted once by the layout. */
export function ChatDock() {
  useChatFeed();
  const open = useChat((s) => s.open);
  const sheet = useChat((s) => s.sheet);
  const unread = useChat((s) => s.unread);
  const { setOpen, setSheet } = useChat.getState();
  return (
    <aside
      className={`chat-dock${open ? ' chat-open' : ''}${sheet ? ' chat-sheet' : ''}`}
      aria-label="Chat"
      data-testid="chat-dock"
    >
      {open || sheet ? (
        <ChatRoom
          onClose={() => {
            if (sheet) setSheet(false);
            else setOpen(false);
          }}
        />
      ) : (
        <button type="button" className="chat-toggle" onClick={() => setOpen(true)} data-testid="chat-toggle">
          <span aria-hidden="true">💬</span>
          <span className="sr-only">Open chat</span>
          {unread > 0 && (
            <span className="chat-unread" data-testid="chat-unread">
              {unread}
            </span>
          )}
        </button>
      )}
    </aside>
  );
}

/** The bottom bar's Chat button with the unread count (phones). */
export function ChatBarButton() {
  const unread = useChat((s) => s.unread);
  return (
    <button
      type="button"
      className="bottom-item chat-bar-button"
      onClick={() => useChat.getState().setSheet(true)}
      data-testid="bottom-chat"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      Chat
      {unread > 0 && (
        <span className="chat-unread" data-testid="bottom-chat-unread">
          {unread}
        </span>
      )}
    </button>
  );
}
