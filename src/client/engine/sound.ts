// Sound player on howler: one Howl per named sound (shipped in assets/sounds). Nothing touches audio
// before the player's first gesture (stores/sound.ts firstGesture): a sound asked for before it is
// skipped, so no AudioContext is made that the browser would refuse to start. Volume and mute come
// from the one sound store (stores/sound.ts), the same flag the header's toggle and the games' Mute
// boxes change.
import { Howl, Howler } from 'howler';
import { bindHowler, firstGesture, hasGestured, useSound } from '../stores/sound.ts';
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

/** Sets up howler once, from the first gesture on: volume and mute follow the sound store. */
export function initSound(): void {
  if (started) return;
  started = true;
  bindHowler(async () => ({ Howler }));
  void firstGesture().then(() => Howler.ctx?.resume?.());
}

/** Plays a sound (no-op while muted or before the player's first gesture). */
export function playSound(name: SoundName): void {
  initSound();
  if (useSound.getState().muted || !hasGestured()) return;
  let howl = howls.get(name);
  if (!howl) {
    howl = new Howl({ src: [SOUND_URLS[name]], preload: true });
    howls.set(name, howl);
  }
  howl.play();
}
