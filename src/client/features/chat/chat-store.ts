// The chat room as the browser holds it: the messages (history, then live ones), whether the
// desktop column is open (remembered in localStorage) or the phone sheet is shown, and the unread
// count (messages from others that arrived while the chat was not in view).
import { create } from 'zustand';
import { CHAT_HISTORY, type ChatMessage } from '../../../shared/api/chat.ts';

/** localStorage key of the desktop column's state ("1" open, else collapsed: the default, so a
 * first visit keeps the page's full width). */
export const CHAT_OPEN_KEY = 'chatOpen';

function storedOpen(): boolean {
  try {
    return globalThis.localStorage?.getItem(CHAT_OPEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** Chat state and its actions. */
export interface ChatState {
  messages: ChatMessage[]; // oldest first, at most CHAT_HISTORY kept
  loaded: boolean; // the history arrived
  open: boolean; // desktop column expanded
  sheet: boolean; // phone full-screen sheet shown
  unread: number; // messages from others received while the chat was not in view
  setHistory(messages: ChatMessage[]): void;
  /** A message from POST /api/chat or the channel (each id kept once). `mine`: never unread. */
  receive(message: ChatMessage, mine: boolean, inView: boolean): void;
  remove(id: number): void;
  setOpen(open: boolean): void;
  setSheet(sheet: boolean): void;
  markRead(): void;
}

/** The chat store. */
export const useChat = create<ChatState>()((set) => ({
  messages: [],
  loaded: false,
  open: storedOpen(),
  sheet: false,
  unread: 0,
  setHistory: (history) =>
    set((s) => {
      const known = new Set(history.map((m) => m.id));
      const merged = [...history, ...s.messages.filter((m) => !known.has(m.id) && m.id > (history.at(-1)?.id ?? 0))];
      return { messages: merged.slice(-CHAT_HISTORY), loaded: true };
    }),
  receive: (message, mine, inView) =>
    set((s) => {
      if (s.messages.some((m) => m.id === message.id)) return s;
      return {
        messages: [...s.messages, message].slice(-CHAT_HISTORY),
        unread: mine || inView ? s.unread : s.unread + 1,
      };
    }),
  remove: (id) => set((s) => ({ messages: s.messages.filter((m) => m.id !== id) })),
  setOpen: (open) => {
    try {
      globalThis.localStorage?.setItem(CHAT_OPEN_KEY, open ? '1' : '0');
    } catch {
      // storage refused (private mode): the state still holds for this page
    }
    set(open ? { open, unread: 0 } : { open });
  },
  setSheet: (sheet) => set(sheet ? { sheet, unread: 0 } : { sheet }),
  markRead: () => set({ unread: 0 }),
}));
