// The chat's client logic in plain Node: only the site's own links become links, and the store
// keeps each message once, counts unread messages from others, and remembers the column's state.
import { beforeEach, describe, expect, it } from 'vitest';
import { chatParts } from '../../src/client/features/chat/chat-text.tsx';
import { CHAT_OPEN_KEY, useChat } from '../../src/client/features/chat/chat-store.ts';
import type { ChatMessage } from '../../src/shared/api/chat.ts';

const origin = 'https://lootarcade.test';
const msg = (id: number, userId = 1, message = `m${id}`): ChatMessage => ({
  id,
  user: { id: userId, name: `u${userId}`, avatar_url: null, level: 1 },
  message,
  created_at: '2026-11-27T00:00:00.000Z',
});

describe('chatParts', () => {
  it('links the site’s own pages and leaves other addresses and markup as text', () => {
    expect(chatParts(`see ${origin}/bets/dice/7?x=1 and https://evil.test/a <b>hi</b>`, origin)).toEqual([
      { text: 'see ' },
      { text: `${origin}/bets/dice/7?x=1`, path: '/bets/dice/7?x=1' },
      { text: ' and https://evil.test/a <b>hi</b>' },
    ]);
    expect(chatParts('https://lootarcade.test.evil.io/x', origin)).toEqual([
      { text: 'https://lootarcade.test.evil.io/x' },
    ]);
    expect(chatParts('javascript:alert(1)', origin)).toEqual([{ text: 'javascript:alert(1)' }]);
    expect(chatParts('', origin)).toEqual([]);
  });
});

describe('chat store', () => {
  beforeEach(() => {
    localStorage.clear();
    useChat.setState({ messages: [], loaded: false, open: true, sheet: false, unread: 0 });
  });

  it('keeps each message once, newest last, at most 50; unread counts others’ messages out of view', () => {
    const s = useChat.getState();
    s.setHistory([msg(1), msg(2)]);
    s.receive(msg(3, 2), false, false);
    s.receive(msg(3, 2), false, false);
    s.receive(msg(4, 1), true, false);
    s.receive(msg(5, 2), false, true);
    expect(useChat.getState().messages.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(useChat.getState().unread).toBe(1);
    for (let i = 6; i < 80; i++) s.receive(msg(i), false, true);
    expect(useChat.getState().messages).toHaveLength(50);
    expect(useChat.getState().messages[0]!.id).toBe(30);
    s.remove(40);
    expect(useChat.getState().messages.some((m) => m.id === 40)).toBe(false);
    s.setSheet(true);
    expect(useChat.getState().unread).toBe(0);
  });

  it('a live message that came before the history is kept after it', () => {
    useChat.getState().receive(msg(9), false, true);
    useChat.getState().setHistory([msg(7), msg(8)]);
    expect(useChat.getState().messages.map((m) => m.id)).toEqual([7, 8, 9]);
  });

  it('remembers whether the desktop column is open', () => {
    useChat.getState().setOpen(false);
    expect(localStorage.getItem(CHAT_OPEN_KEY)).toBe('0');
    useChat.getState().setOpen(true);
    expect(localStorage.getItem(CHAT_OPEN_KEY)).toBe('1');
  });
});
