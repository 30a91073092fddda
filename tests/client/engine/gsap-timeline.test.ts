// gsap on engine time: a paused timeline driven by a simulated engine clock shows the same values at
// the same engine time however the clock got there (played frame by frame, paused and stepped, skipped,
// replayed backwards), and gsap's own requestAnimationFrame loop never runs for it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EngineClock, FRAME_MS } from '../../../src/client/engine/clock.ts';
import { engineSeekable, pausedTimeline, seekTimeline } from '../../../src/client/engine/tween.ts';

/** A bounce like a plinko bucket's: down 6 px and back with sine easing, fading and shrinking over 0.42 s. */
function bounce() {
  const box = { y: 0, alpha: 1, scale: 1.12 };
  const timeline = pausedTimeline()
    .to(box, { y: 6, duration: 0.21, ease: 'sine.out' })
    .to(box, { y: 0, duration: 0.21, ease: 'sine.in' })
    .to(box, { alpha: 0.85, scale: 1, duration: 0.42, ease: 'none' }, 0);
  return { box, timeline };
}

/** The values of a bounce driven by `clock` after `move` moved it. */
function drivenBy(move: (clock: EngineClock) => void) {
  const clock = new EngineClock();
  const { box, timeline } = bounce();
  clock.drive(engineSeekable(timeline));
  move(clock);
  return { now: clock.now, ...box };
}

afterEach(() => vi.restoreAllMocks());

describe('gsap timelines on the engine clock', () => {
  it('the same engine time gives the same values: played, paused and stepped, or jumped to', () => {
    const played = drivenBy((c) => {
      for (let i = 0; i < 9; i++) c.tick(FRAME_MS);
    });
    const stepped = drivenBy((c) => {
      c.pause();
      c.tick(500); // a paused clock ignores real time
      for (let i = 0; i < 9; i++) c.step();
    });
    const jumped = drivenBy((c) => c.advance(9 * FRAME_MS));
    expect(played.now).toBeCloseTo(150);
    for (const other of [stepped, jumped]) {
      expect(other.now).toBeCloseTo(played.now);
      expect(other.y).toBeCloseTo(played.y, 10);
      expect(other.alpha).toBeCloseTo(played.alpha, 10);
      expect(other.scale).toBeCloseTo(played.scale, 10);
    }
    expect(played.y).toBeCloseTo(6 * Math.sin((Math.PI * 150) / 420), 5); // the sine bounce, 150 ms in
    expect(played.alpha).toBeCloseTo(1 - 0.15 * (150 / 420), 5);
  });

  it('half speed reaches a value at twice the real time; skipping to the end rests it', () => {
    const half = drivenBy((c) => {
      c.setSpeed(0.5);
      for (let i = 0; i < 18; i++) c.tick(FRAME_MS);
    });
    const full = drivenBy((c) => {
      for (let i = 0; i < 9; i++) c.tick(FRAME_MS);
    });
    expect(half.y).toBeCloseTo(full.y, 10);
    const ended = drivenBy((c) => c.advance(5000));
    expect(ended).toMatchObject({ y: 0, alpha: 0.85, scale: 1 });
  });

  it('a scene seeking by engine time replays backwards and forwards to the same values', () => {
    const { box, timeline } = bounce();
    seekTimeline(timeline, 0.1);
    const at100 = { ...box };
    seekTimeline(timeline, 0.4);
    seekTimeline(timeline, 0.1);
    expect(box).toEqual(at100);
  });

  it('never leaves gsap’s requestAnimationFrame loop running', () => {
    const requested = vi.spyOn(globalThis, 'requestAnimationFrame');
    const cancelled = vi.spyOn(globalThis, 'cancelAnimationFrame');
    const clock = new EngineClock();
    const { timeline } = bounce();
    clock.drive(engineSeekable(timeline));
    for (let i = 0; i < 30; i++) clock.tick(FRAME_MS);
    seekTimeline(timeline, 0.2);
    // each seek wakes gsap's ticker (one frame requested); each is cancelled at once
    const ids = requested.mock.results.map((r) => r.value as number);
    const cancelledIds = new Set(cancelled.mock.calls.map((c) => c[0]));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => !cancelledIds.has(id))).toEqual([]);
  });
});
