// The player's active battle (spec §2 "Back to Battle", §4 Battles): the battles feature sets it
// when the player joins and clears it when the battle ends or is canceled.
import { create } from 'zustand';

/** Active battle state and its actions. */
export interface ActiveBattleState {
  battleId: number | null; // id of the battle the player is in, if any
  setBattle(id: number | null): void;
  clear(): void;
}

/** The active battle store. */
export const useActiveBattle = create<ActiveBattleState>()((set) => ({
  battleId: null,
  setBattle: (battleId) => set({ battleId }),
  clear: () => set({ battleId: null }),
}));
