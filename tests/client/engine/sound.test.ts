// The sound player over a mocked howler (jsdom has no audio): volume 0.1, play, and ONE persisted mute
// shared by the header's toggle, the games' Mute boxes and the player (a game starting its sounds must
// not reset the mute the player chose in the header).
import { createElement } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiceHudProps } from '../../../src/client/games/dice/dice-hud.tsx';

const howler = vi.hoisted(() => ({
  volume: vi.fn(),
  mute: vi.fn(),
  played: [] as string[],
  ctx: { resume: vi.fn(async () => undefined) },
}));
vi.mock('howler', () => ({
  Howler: { volume: howler.volume, mute: howler.mute, ctx: howler.ctx },
  Howl: class {
    constructor(readonly opts: { src: string[] }) {}
    play() {
      howler.played.push(this.opts.src[0]!);
    }
  },
}));

const engine = () => import('../../../src/client/engine/sound.ts');
const store = () => import('../../../src/client/stores/sound.ts');

describe('sound', () => {
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
    howler.played.length = 0;
    howler.volume.mockClear();
    howler.mute.mockClear();
  });

  it('touches no audio before the first gesture; then sets volume 0.1, unlocks and plays shipped sounds', async () => {
    const { playSound, SOUND_URLS } = await engine();
    const { SOUND_VOLUME, bindHowler, hasGestured } = await store();
    expect(SOUND_VOLUME).toBe(0.1);
    bindHowler(async () => ({ Howler: { volume: howler.volume, mute: howler.mute } })); // what the layout does
    playSound('win'); // before any gesture: skipped, no AudioContext made
    await new Promise((r) => setTimeout(r, 20));
    expect(hasGestured()).toBe(false);
    expect(howler.volume).not.toHaveBeenCalled();
    expect(howler.mute).not.toHaveBeenCalled();
    expect(howler.ctx.resume).not.toHaveBeenCalled();
    expect(howler.played).toEqual([]);
    window.dispatchEvent(new Event('pointerdown'));
    expect(hasGestured()).toBe(true);
    await vi.waitFor(() => expect(howler.volume).toHaveBeenCalledWith(0.1));
    await vi.waitFor(() => expect(howler.ctx.resume).toHaveBeenCalled());
    playSound('win');
    expect(howler.played).toEqual([SOUND_URLS.win]);
    expect(SOUND_URLS.win).toMatch(/win.*\.wav/);
  });

  it('a keydown is a gesture too; an event that did not activate the page is not', async () => {
    const { firstGesture, hasGestured } = await store();
    const activation = { isActive: false };
    Object.defineProperty(navigator, 'userActivation', { value: activation, configurable: true });
    try {
      const done = vi.fn();
      void firstGesture().then(done);
      window.dispatchEvent(new Event('pointerdown')); // a touch's pointerdown: no activation yet
      await Promise.resolve();
      expect(hasGestured()).toBe(false);
      activation.isActive = true;
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      await vi.waitFor(() => expect(done).toHaveBeenCalled());
      expect(hasGestured()).toBe(true);
    } finally {
      delete (navigator as { userActivation?: unknown }).userActivation;
    }
  });

  it("keeps the header's mute when a game page starts its sounds", async () => {
    const { SoundsToggle } = await import('../../../src/client/components/ui/sounds-toggle.tsx');
    render(createElement(SoundsToggle));
    fireEvent.click(screen.getByRole('button', { name: 'Mute sounds' }));
    const { initSound, playSound } = await engine();
    initSound(); // what the first game page does
    window.dispatchEvent(new Event('keydown'));
    await vi.waitFor(() => expect(howler.volume).toHaveBeenCalledWith(0.1));
    expect(howler.mute).toHaveBeenCalled();
    expect(howler.mute).not.toHaveBeenCalledWith(false);
    playSound('win');
    expect(howler.played).toEqual([]);
  });

  it("is one flag: the game's Mute box and the header's toggle show and change the same mute", async () => {
    const { SoundsToggle } = await import('../../../src/client/components/ui/sounds-toggle.tsx');
    const { DiceHud } = await import('../../../src/client/games/dice/dice-hud.tsx');
    const props: DiceHudProps = {
      busy: false,
      replaying: false,
      autoOn: false,
      onBet: vi.fn(),
      onAuto: vi.fn(),
      onStopAuto: vi.fn(),
      onSkip: vi.fn(),
      onChange: vi.fn(),
    };
    render(createElement('div', null, createElement(SoundsToggle), createElement(DiceHud, props)));
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Mute' });
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Mute sounds' }));
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(screen.getByRole('button', { name: 'Mute sounds' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('persists the mute across reloads and silences play', async () => {
    (await store()).useSound.getState().setMuted(true);
    expect(JSON.parse(localStorage.getItem('sound')!).state.muted).toBe(true);
    vi.resetModules();
    const { initSound, playSound } = await engine();
    expect((await store()).useSound.getState().muted).toBe(true);
    initSound();
    window.dispatchEvent(new Event('pointerdown'));
    playSound('lose');
    expect(howler.played).toEqual([]);
    await vi.waitFor(() => expect(howler.mute).toHaveBeenLastCalledWith(true));
  });

  it("honours the mute an older build stored under 'la.muted'", async () => {
    localStorage.setItem('la.muted', '1');
    expect((await store()).useSound.getState().muted).toBe(true);
  });
});
