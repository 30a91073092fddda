// The current player and the busy flag (spec §4): while a game plays, balance updates from the
// private channel are held and applied when the flag clears.
import { create } from 'zustand';
import type { PublicUser } from '../../shared/api/user.ts';

/** Session state and its actions. */
export interface SessionState {
  user: PublicUser | null; // null when signed out or not loaded yet
  userVersion: number; // counts setUser and clear: a profile load started before a change must not undo it
  busy: boolean; // a game animation is in progress
  heldBalance: number | null; // dollars; latest balance received while busy
  setUser(user: PublicUser | null): void;
  /** Applies a balanceUpdated notification now, or holds it while busy. */
  applyBalance(balance: number): void;
  /** Sets the busy flag; clearing it applies a held balance. */
  setBusy(busy: boolean): void;
  clear(): void;
}

/** The session store. */
export const useSession = create<SessionState>()((set, get) => ({
  user: null,
  userVersion: 0,
  busy: false,
  heldBalance: null,
  setUser: (user) => set({ user, userVersion: get().userVersion + 1 }),
  applyBalance: (balance) => {
    const { user, busy } = get();
    if (!user) return;
    if (busy) set({ heldBalance: balance });
    else set({ user: { ...user, balance } });
  },
  setBusy: (busy) => {
    const { heldBalance, user } = get();
    if (!busy && heldBalance !== null && user)
      set({ busy, heldBalance: null, user: { ...user, balance: heldBalance } });
    else set({ busy });
  },
  clear: () => set({ user: null, userVersion: get().userVersion + 1, busy: false, heldBalance: null }),
}));
