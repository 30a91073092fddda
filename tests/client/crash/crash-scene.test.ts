// The Rocket scene says when its picture changes, so the host renders only those frames: always while
// the stars drift or the rocket flies, never at rest on a bust once the explosion is over, and once
// after anything a call changed (a resize, a new label).
import { describe, expect, it } from 'vitest';
import { CrashScene } from '../../../src/client/games/crash/crash.scene.ts';
import { EXPLOSION_MS, type CrashFrame } from '../../../src/shared/games/crash/crash.sample.ts';

const frame = (status: CrashFrame['status'], sinceStatusMs: number, elapsedMs = 0): CrashFrame => ({
  status,
  roundId: 1,
  elapsedMs,
  bettingLeftMs: status === 'starting' ? 2_000 : 0,
  bettingTotalMs: 5_000,
  crashPoint: status === 'ended' ? 2.5 : null,
  sinceStatusMs,
});

function scene(source: (now: number) => CrashFrame): CrashScene {
  const s = new CrashScene();
  s.muted = true;
  s.source = source;
  s.resize(640, 360);
  s.animating(); // the first frame after the resize renders
  return s;
}

describe('CrashScene.animating', () => {
  it('is true on every frame of a flight (the curve grows, the stars drift, the exhaust flickers)', () => {
    const s = scene((now) => frame('in_progress', now, now));
    for (let now = 16; now < 200; now += 16) {
      s.update(now);
      expect(s.animating()).toBe(true);
    }
  });

  it('is true while bets are open: the stars drift', () => {
    const s = scene((now) => frame('starting', now));
    s.update(16);
    expect(s.animating()).toBe(true);
    s.update(32);
    expect(s.animating()).toBe(true);
  });

  it('is false at rest on a bust once the explosion is over, until a resize', () => {
    const s = scene((now) => frame('ended', now));
    s.update(EXPLOSION_MS / 2);
    expect(s.animating()).toBe(true); // the debris fly
    s.update(EXPLOSION_MS + 10);
    expect(s.animating()).toBe(true); // the debris cleared
    s.update(EXPLOSION_MS + 26);
    expect(s.animating()).toBe(false);
    s.update(EXPLOSION_MS + 42);
    expect(s.animating()).toBe(false);
    s.resize(500, 300);
    expect(s.animating()).toBe(true);
    s.update(EXPLOSION_MS + 58);
    expect(s.animating()).toBe(false);
    expect(s.lastView).toMatchObject({ phase: 'crashed', label: 'Crashed @ 2.50×', explosion: 1 });
  });
});
