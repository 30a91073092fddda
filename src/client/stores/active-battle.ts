// The player's active battle (spec §2 "Back to Battle", §3 client state, §4 Battles): the battles
// feature sets it when the player creates or joins a battle; it is cleared when that battle ends or
// is canceled (lib/active-battle-watch.ts listens for it). Persisted, so a reload keeps the button.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Battle statuses after which a battle is no longer active. */
const FINISHED = new Set(['ended', 'canceled']);

/** Active battle state and its actions. */
export interface ActiveBattleState {
  battleId: number | null; // id of the battle the player is in, if any
  setBattle(id: number | null): void;
  clear(): void;
  /** A battle's status is known: clears the store when it is the active battle and has finished. */
  settle(id: number, status: string): void;
}

/** The active battle store. */
export const useActiveBattle = create<ActiveBattleState>()(
  persist(
    (set, get) => ({
      battleId: null,
      setBattle: (battleId) => set({ battleId }),
      clear: () => set({ battleId: null }),
      settle: (id, status) => {
        if (get().battleId === id && FINISHED.has(status)) set({ battleId: null });
      },
    }),
    { name: 'activeBattle', partialize: (s) => ({ battleId: s.battleId }) },
  ),
);
