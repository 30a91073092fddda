// Sound service on howler: global volume 0.1, a mute toggle persisted in localStorage, one Howl
// per named sound (shipped in assets/sounds), audio unlocked on the first gesture.
import { Howl, Howler } from 'howler';
import { create } from 'zustand';
import betUrl from '../../../assets/sounds/bet.wav';
import rollUrl from '../../../assets/sounds/roll.wav';
import winUrl from '../../../assets/sounds/win.wav';
import loseUrl from '../../../assets/sounds/lose.wav';

/** Every sound a game can play. */
export const SOUND_URLS = { bet: betUrl, roll: rollUrl, win: winUrl, lose: loseUrl } as const;
export type SoundName = keyof typeof SOUND_URLS;

/** Global volume of all game sounds. */
export const VOLUME = 0.1;
const KEY = 'la.muted';

function storedMuted(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Sound preferences (React reads `muted`; games call play()). */
export interface SoundState {
  muted: boolean; // persisted
  setMuted(muted: boolean): void;
}

/** The sound store; toggling applies to howler at once. */
export const useSound = create<SoundState>()((set) => ({
  muted: storedMuted(),
  setMuted: (muted) => {
    try {
      localStorage.setItem(KEY, muted ? '1' : '0');
    } catch {
      /* private mode */
    }
    Howler.mute(muted);
    set({ muted });
  },
}));

const howls = new Map<SoundName, Howl>();
let started = false;

/** Sets up howler once: volume, stored mute, unlock on the first gesture. */
export function initSound(): void {
  if (started) return;
  started = true;
  Howler.volume(VOLUME);
  Howler.mute(useSound.getState().muted);
  const unlock = () => {
    void Howler.ctx?.resume?.();
    window.removeEventListener('pointerdown', unlock);
    window.removeEventListener('keydown', unlock);
  };
  window.addEventListener('pointerdown', unlock);
  window.addEventListener('keydown', unlock);
}

/** Plays a sound (no-op while muted). */
export function playSound(name: SoundName): void {
  initSound();
  if (useSound.getState().muted) return;
  let howl = howls.get(name);
  if (!howl) {
    howl = new Howl({ src: [SOUND_URLS[name]], preload: true });
    howls.set(name, howl);
  }
  howl.play();
}
