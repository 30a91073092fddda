// The one sound store: the muted flag (spec §3 client state, persisted) that the header's toggle and
// every game's Mute box share, and howler's global volume 0.1 (spec §9). engine/sound.ts plays through it.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Global sound volume while not muted. */
export const SOUND_VOLUME = 0.1;

/** The flag an older build kept under its own key ("la.muted" = "1"): honoured until the store saves. */
function legacyMuted(): boolean {
  try {
    return localStorage.getItem('la.muted') === '1';
  } catch {
    return false;
  }
}

/** Sound state and its actions. */
export interface SoundState {
  muted: boolean; // persisted in localStorage under "sound"
  toggle(): void;
  setMuted(muted: boolean): void;
}

/** The sound store. */
export const useSound = create<SoundState>()(
  persist(
    (set, get) => ({
      muted: legacyMuted(),
      toggle: () => set({ muted: !get().muted }),
      setMuted: (muted) => set({ muted }),
    }),
    { name: 'sound', partialize: (s) => ({ muted: s.muted }) },
  ),
);

/** Applies the store to howler (loaded lazily so the shell does not carry it) now and on every change.
 *  Only ever sets it from the store, so a game starting its sounds cannot reset the player's mute. */
export function bindHowler(
  load: () => Promise<{ Howler: { volume(v: number): unknown; mute(m: boolean): unknown } }> = () => import('howler'),
): () => void {
  let howler: { volume(v: number): unknown; mute(m: boolean): unknown } | null = null;
  const apply = () => howler?.mute(useSound.getState().muted);
  load()
    .then((m) => {
      howler = m.Howler;
      howler.volume(SOUND_VOLUME);
      apply();
    })
    .catch(() => undefined);
  return useSound.subscribe(apply);
}
