// Whether a game is in progress on the page: the one way the game pages tell the rest of the app
// (the bonus dialog waits for idle, issue 26 item 9) that a bet is in flight or replaying, a Rocket
// bet rides, a Bounce ball is in the air or a reel spins. Each page reports under its own name from
// its machines' busy/live tags (`useReportBusy`); nothing here knows a game.
import { useEffect } from 'react';
import { create } from 'zustand';

/** The busy sources and their actions. */
export interface GameBusyState {
  sources: readonly string[]; // the names of the games busy now
  set(source: string, busy: boolean): void;
}

/** The game-busy store. */
export const useGameBusy = create<GameBusyState>()((set, get) => ({
  sources: [],
  set: (source, busy) => {
    const { sources } = get();
    if (busy === sources.includes(source)) return;
    set({ sources: busy ? [...sources, source] : sources.filter((s) => s !== source) });
  },
}));

/** Whether any game is busy now. */
export function gameBusy(): boolean {
  return useGameBusy.getState().sources.length > 0;
}

/** Calls `go` once no game is busy (at once when idle now); returns a cancel function. */
export function whenGameIdle(go: () => void): () => void {
  if (!gameBusy()) {
    go();
    return () => {};
  }
  const stop = useGameBusy.subscribe((s) => {
    if (s.sources.length) return;
    stop();
    go();
  });
  return stop;
}

/** A game page reports `busy` under `source`; leaving the page clears it. */
export function useReportBusy(source: string, busy: boolean): void {
  useEffect(() => {
    useGameBusy.getState().set(source, busy);
  }, [source, busy]);
  useEffect(() => () => useGameBusy.getState().set(source, false), [source]);
}
