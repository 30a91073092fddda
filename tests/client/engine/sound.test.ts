// The sound service over a mocked howler (jsdom has no audio): volume 0.1, persisted mute, play.
import { beforeEach, describe, expect, it, vi } from 'vitest';

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

describe('sound service', () => {
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
    howler.played.length = 0;
    howler.volume.mockClear();
    howler.mute.mockClear();
  });

  it('sets volume 0.1, plays shipped sounds and unlocks audio on the first gesture', async () => {
    const { playSound, VOLUME, SOUND_URLS } = await import('../../../src/client/engine/sound.ts');
    expect(VOLUME).toBe(0.1);
    playSound('win');
    expect(howler.volume).toHaveBeenCalledWith(0.1);
    expect(howler.played).toEqual([SOUND_URLS.win]);
    expect(SOUND_URLS.win).toMatch(/win.*\.wav/);
    window.dispatchEvent(new Event('pointerdown'));
    expect(howler.ctx.resume).toHaveBeenCalled();
  });

  it('mute is persisted and silences play', async () => {
    const first = await import('../../../src/client/engine/sound.ts');
    first.useSound.getState().setMuted(true);
    expect(localStorage.getItem('la.muted')).toBe('1');
    expect(howler.mute).toHaveBeenCalledWith(true);
    vi.resetModules();
    const second = await import('../../../src/client/engine/sound.ts');
    expect(second.useSound.getState().muted).toBe(true);
    second.playSound('lose');
    expect(howler.played).toEqual([]);
  });
});
