// The muted flag (spec §3 client state, persisted) and howler's global volume 0.1 (spec §9).
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Global sound volume while not muted. */
export const SOUND_VOLUME = 0.1;

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
      muted: false,
      toggle: () => set({ muted: !get().muted }),
      setMuted: (muted) => set({ muted }),
    }),
    { name: 'sound', partialize: (s) => ({ muted: s.muted }) },
  ),
);

/** Applies the store to howler (loaded lazily so the shell does not carry it) now and on every change. */
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
