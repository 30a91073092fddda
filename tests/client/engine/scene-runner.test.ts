// Render on demand: the runner ticks the engine clock every frame, but the host renders only the
// frames whose picture changes — while the scene animates, one frame after it stops, after a resize.
// A real PixiHost and SceneRunner on a fake Pixi application whose ticker the test steps.
import { describe, expect, it } from 'vitest';
import { Container, UPDATE_PRIORITY, type Application } from 'pixi.js';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import { PixiHost } from '../../../src/client/engine/pixi-host.ts';
import { SceneRunner, type Scene } from '../../../src/client/engine/scene.ts';

type Callback = { fn: () => void; ctx: unknown; priority: number };

/** A Pixi application stand-in: a ticker stepped by hand (callbacks by priority), counted renders. */
function fakeApp() {
  const callbacks: Callback[] = [];
  const resizeListeners: (() => void)[] = [];
  const app = {
    renders: 0,
    canvas: document.createElement('canvas'),
    stage: new Container(),
    screen: { width: 300, height: 150 },
    render() {
      app.renders++;
    },
    ticker: {
      elapsedMS: 0,
      started: false,
      add(fn: () => void, ctx?: unknown, priority: number = UPDATE_PRIORITY.NORMAL) {
        callbacks.push({ fn, ctx, priority });
        callbacks.sort((a, b) => b.priority - a.priority);
      },
      remove(fn: () => void, ctx?: unknown) {
        const i = callbacks.findIndex((c) => c.fn === fn && (ctx === undefined || c.ctx === ctx));
        if (i >= 0) callbacks.splice(i, 1);
      },
      start() {
        app.ticker.started = true;
      },
      stop() {
        app.ticker.started = false;
      },
    },
    renderer: {
      resize(width: number, height: number) {
        app.screen = { width, height };
        for (const l of resizeListeners) l();
      },
      on(_: 'resize', l: () => void) {
        resizeListeners.push(l);
      },
      off(_: 'resize', l: () => void) {
        resizeListeners.splice(resizeListeners.indexOf(l), 1);
      },
    },
    /** One animation frame of `ms` real ms. */
    frame(ms = 1000 / 60) {
      app.ticker.elapsedMS = ms;
      for (const c of [...callbacks]) c.fn.call(c.ctx);
    },
  };
  app.ticker.add(app.render, app, UPDATE_PRIORITY.LOW); // as Pixi's TickerPlugin does
  return app;
}

/** A scene that moves between `from` and `from + duration` engine ms, or never (no animating()). */
function testScene(withAnimating = true) {
  const scene = {
    root: new Container(),
    bundle: null,
    moves: null as null | { from: number; duration: number },
    updates: 0,
    resized: [] as [number, number][],
    update() {
      scene.updates++;
    },
    resize(w: number, h: number) {
      scene.resized.push([w, h]);
    },
    destroy() {},
    play(from: number, duration: number) {
      scene.moves = { from, duration };
    },
    animating: withAnimating
      ? (now: number) => scene.moves !== null && now <= scene.moves.from + scene.moves.duration
      : undefined,
  };
  return scene satisfies Scene;
}

/** A host on a fake app in a 300×150 container, with a scene running on `clock`. */
function setUp(withAnimating = true) {
  const app = fakeApp();
  const size = { width: 300, height: 150 }; // the container's client size
  const container = document.createElement('div');
  Object.defineProperties(container, {
    clientWidth: { get: () => size.width },
    clientHeight: { get: () => size.height },
  });
  const host = PixiHost.adopt(app as unknown as Application, container);
  const clock = new EngineClock();
  const scene = testScene(withAnimating);
  const runner = SceneRunner.attach(host, scene, clock);
  return { app, host, clock, scene, runner, size };
}

/** Renders during `n` frames. */
function rendersOver(app: ReturnType<typeof fakeApp>, n: number): number {
  const before = app.renders;
  for (let i = 0; i < n; i++) app.frame();
  return app.renders - before;
}

describe('render on demand', () => {
  it('takes Pixi’s own render off the ticker and starts the ticker', () => {
    const { app } = setUp();
    expect(app.ticker.started).toBe(true);
    app.frame();
    expect(app.renders).toBe(1); // the host's first frame, not Pixi's render too
  });

  it('engine time keeps real time at low frame rates (a 9 fps frame is 111 ms, not Pixi’s capped 100)', () => {
    const { app, clock } = setUp();
    const start = clock.now;
    for (let i = 0; i < 9; i++) app.frame(1000 / 9);
    expect(clock.now - start).toBeCloseTo(1000);
  });

  it('a static scene renders its first frame, then nothing while the clock and its timers go on', () => {
    const { app, clock, scene } = setUp();
    let fired = false;
    clock.setTimeout(() => (fired = true), 500);
    expect(rendersOver(app, 2)).toBe(1);
    expect(rendersOver(app, 60)).toBe(0);
    expect(clock.now).toBeCloseTo(62 * (1000 / 60));
    expect(fired).toBe(true); // machines' timers run on the clock, render or not
    expect(scene.updates).toBeGreaterThanOrEqual(62);
  });

  it('an animation renders every frame, plus one frame after it stops', () => {
    const { app, clock, scene } = setUp();
    rendersOver(app, 5);
    scene.play(clock.now, 100); // 100 engine ms: frames at +16.7 … +100 animate
    expect(rendersOver(app, 6)).toBe(6);
    expect(rendersOver(app, 1)).toBe(1); // stopped: the last picture
    expect(rendersOver(app, 30)).toBe(0);
  });

  it('a paused clock stepped by the tester renders each step of an animation', () => {
    const { app, clock, scene } = setUp();
    rendersOver(app, 3);
    clock.pause();
    scene.play(clock.now, 1000);
    clock.step();
    expect(rendersOver(app, 1)).toBe(1);
    clock.skipToEnd();
    clock.advance(1000);
    expect(rendersOver(app, 2)).toBe(1); // at rest: the one last frame
  });

  it('a resize redraws once: the scene gets the new size and the next frame renders', () => {
    const { app, host, scene, size } = setUp();
    rendersOver(app, 5);
    Object.assign(size, { width: 200, height: 100 });
    host.resize();
    expect(scene.resized.at(-1)).toEqual([200, 100]);
    expect(rendersOver(app, 3)).toBe(1);
  });

  it('a scene that does not say renders every frame', () => {
    const { app } = setUp(false);
    expect(rendersOver(app, 30)).toBe(30);
  });

  it('after the runner stops, the host renders every frame again (a page drawing by itself)', () => {
    const { app, runner } = setUp();
    rendersOver(app, 5);
    runner.destroy();
    expect(rendersOver(app, 4)).toBe(4);
  });

  it('a destroyed host stops its ticker and renders no more', () => {
    const { app, host } = setUp();
    host.destroy();
    expect(app.ticker.started).toBe(false);
    expect(rendersOver(app, 3)).toBe(0);
  });
});
