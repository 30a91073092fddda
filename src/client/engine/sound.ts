// Sound player on howler: one Howl per named sound (shipped in assets/sounds), audio unlocked on the
// first gesture. Volume and mute come from the one sound store (stores/sound.ts), the same flag the
// header's toggle and the games' Mute boxes change.
import { Howl, Howler } from 'howler';
import { bindHowler, useSound } from '../stores/sound.ts';
import betUrl from '../../../assets/sounds/bet.wav';
import rollUrl from '../../../assets/sounds/roll.wav';
import winUrl from '../../../assets/sounds/win.wav';
import loseUrl from '../../../assets/sounds/lose.wav';
import tickUrl from '../../../assets/sounds/tick.wav';
import cashoutUrl from '../../../assets/sounds/cashout.wav';
import crashUrl from '../../../assets/sounds/crash.wav';

/** Every sound a game can play. */
export const SOUND_URLS = {
  bet: betUrl,
  roll: rollUrl,
  win: winUrl,
  lose: loseUrl,
  tick: tickUrl,
  cashout: cashoutUrl,
  crash: crashUrl,
} as const;
export type SoundName = keyof typeof SOUND_URLS;

const howls = new Map<SoundName, Howl>();
let started = false;

/** Sets up howler once: volume and mute follow the sound store; audio unlocks on the first gesture. */
export function initSound(): void {
  if (started) return;
  started = true;
  bindHowler(async () => ({ Howler }));
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
