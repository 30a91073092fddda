// The engine clock: pause, step, speed, skip, XState timers and gsap seeking.
import { describe, expect, it, vi } from 'vitest';
import { gsap } from 'gsap';
import { EngineClock, FRAME_MS } from '../../../src/client/engine/clock.ts';

describe('EngineClock', () => {
  it('advances by real time × speed and not while paused; step works while paused', () => {
    const c = new EngineClock();
    c.tick(100);
    expect(c.now).toBe(100);
    c.setSpeed(2);
    c.tick(100);
    expect(c.now).toBe(300);
    c.setSpeed(0.5);
    c.tick(100);
    expect(c.now).toBe(350);
    c.pause();
    c.tick(1000);
    expect(c.now).toBe(350);
    c.step();
    expect(c.now).toBeCloseTo(350 + FRAME_MS);
    c.resume();
    c.tick(10_000);
    expect(c.now).toBeCloseTo(350 + FRAME_MS + 125); // long stalls are clamped to 250 ms × 0.5
  });

  it('fires timers in time order at their own time; clearTimeout cancels; skipToEnd fires all', () => {
    const c = new EngineClock();
    const seen: [string, number][] = [];
    c.setTimeout(() => seen.push(['b', c.now]), 200);
    c.setTimeout(() => seen.push(['a', c.now]), 100);
    const x = c.setTimeout(() => seen.push(['x', c.now]), 150);
    c.clearTimeout(x);
    c.advance(120);
    expect(seen).toEqual([['a', 100]]);
    c.setTimeout(() => c.setTimeout(() => seen.push(['nested', c.now]), 1000), 500);
    c.pause();
    c.skipToEnd();
    expect(seen).toEqual([
      ['a', 100],
      ['b', 200],
      ['nested', 1620],
    ]);
    expect(c.pending).toBe(0);
  });

  it('seeks a paused gsap timeline by engine time', () => {
    const c = new EngineClock();
    const target = { x: 0 };
    const tl = gsap.timeline();
    tl.to(target, { x: 100, duration: 1, ease: 'none' });
    const release = c.drive(tl);
    expect(tl.paused()).toBe(true);
    c.advance(250);
    expect(target.x).toBeCloseTo(25);
    c.advance(1000);
    expect(target.x).toBe(100);
    release();
    const spy = vi.fn();
    c.subscribe(spy)();
    c.advance(1);
    expect(spy).not.toHaveBeenCalled();
  });
});
