// Support replies for the signed-in player: how many tickets have unread replies (the profile nav's
// badge) and the last supportReply that arrived on the private channel (open pages reload on it).
import { create } from 'zustand';
import type { SupportReplyEvent } from '../../shared/api/support.ts';

/** Support state and its actions. */
export interface SupportState {
  unread: number; // tickets with support replies the player has not opened
  lastReply: SupportReplyEvent | null; // latest live reply
  replies: number; // live replies received (a change tells pages to reload)
  setUnread(unread: number): void;
  /** A supportReply from the private channel. */
  applyReply(event: SupportReplyEvent): void;
  clear(): void;
}

/** The support store. */
export const useSupport = create<SupportState>()((set) => ({
  unread: 0,
  lastReply: null,
  replies: 0,
  setUnread: (unread) => set({ unread: Math.max(0, unread) }),
  applyReply: (event) => set((s) => ({ lastReply: event, replies: s.replies + 1, unread: s.unread + 1 })),
  clear: () => set({ unread: 0, lastReply: null, replies: 0 }),
}));
