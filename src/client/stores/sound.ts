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

/** Events after which the page may start audio (a touch activates the page on pointerup, a mouse on pointerdown). */
const GESTURES = ['pointerdown', 'pointerup', 'keydown'] as const;
let gesture: Promise<void> | null = null;
let gestured = false;

/** Whether the player has touched, clicked or typed on the page yet (audio may start only after that). */
export function hasGestured(): boolean {
  return gestured;
}

/** Resolves on the player's first gesture: no AudioContext is made before it (Chrome would warn
 *  "The AudioContext was not allowed to start"). An event that did not activate the page (a touch's
 *  pointerdown) waits for the next. */
export function firstGesture(target: Window = window): Promise<void> {
  gesture ??= new Promise<void>((resolve) => {
    // only real input events count (not navigator.userActivation.hasBeenActive: a page script run by
    // a test driver or an extension can set that without the player). The app layout asks at start.
    const activation = (target.navigator as { userActivation?: { isActive: boolean } }).userActivation;
    const done = () => {
      if (activation && !activation.isActive) return;
      gestured = true;
      for (const type of GESTURES) target.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of GESTURES) target.addEventListener(type, done, true);
  });
  return gesture;
}

/** Applies the store to howler (loaded lazily so the shell does not carry it) from the player's first
 *  gesture on and on every change: howler makes its AudioContext on its first volume/mute call, so
 *  nothing touches it before then. Only ever sets it from the store, so a game starting its sounds
 *  cannot reset the player's mute. */
export function bindHowler(
  load: () => Promise<{ Howler: { volume(v: number): unknown; mute(m: boolean): unknown } }> = () => import('howler'),
  afterGesture: () => Promise<void> = firstGesture,
): () => void {
  let howler: { volume(v: number): unknown; mute(m: boolean): unknown } | null = null;
  const apply = () => howler?.mute(useSound.getState().muted);
  afterGesture()
    .then(load)
    .then((m) => {
      howler = m.Howler;
      howler.volume(SOUND_VOLUME);
      apply();
    })
    .catch(() => undefined);
  return useSound.subscribe(apply);
}
