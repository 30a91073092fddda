// Scene lifecycle shared by every game: prepare (load its asset bundle with progress) → show →
// update(engine delta) / resize / pause / resume → hide → destroy. A SceneRunner binds one scene to
// a PixiHost and the engine clock; scenes never read Date.now. The clock ticks every frame (machines'
// timers run on it) but the host renders only the frames whose picture changes (see `animating`).
import { Assets, type Container } from 'pixi.js';
import type { PixiHost } from './pixi-host.ts';
import type { EngineClock } from './clock.ts';

/** A named set of asset URLs a scene loads before it shows. */
export interface AssetBundle {
  name: string;
  assets: Record<string, string>; // alias → URL
}

/** What every game scene implements. */
export interface Scene {
  readonly root: Container; // the scene's display tree
  readonly bundle: AssetBundle | null; // assets to load first
  prepare?(host: PixiHost): void | Promise<void>; // after the bundle loaded, before show
  show?(): void;
  hide?(): void;
  update(now: number, deltaMs: number): void; // engine time
  /**
   * Whether the picture changes at `now` (asked once a frame, after update): something moves, or a
   * call changed what the scene shows since it was last asked. False lets the host skip the WebGL
   * render (the runner still renders one frame after the last true). Without it: every frame.
   */
  animating?(now: number): boolean;
  resize(width: number, height: number): void;
  pause?(): void;
  resume?(): void;
  destroy(): void;
}

/** Loads a bundle, reporting progress 0…1 (instantly 1 for none). */
export async function loadBundle(bundle: AssetBundle | null, onProgress: (p: number) => void): Promise<void> {
  if (!bundle || !Object.keys(bundle.assets).length) return onProgress(1);
  Assets.addBundle(bundle.name, bundle.assets);
  await Assets.loadBundle(bundle.name, onProgress);
  onProgress(1);
}

/** The part of a PixiHost a runner drives (tests pass a fake). */
export type RunnerHost = Pick<PixiHost, 'app' | 'renderOnDemand'>;

/** Runs one scene on a host: ticker → clock → update, resize, visibility pause, render on demand. */
export class SceneRunner {
  private readonly offTick: () => void;
  private readonly offClock: () => void;
  private readonly offRender: () => void;
  private readonly onResize = () => this.scene.resize(this.host.app.screen.width, this.host.app.screen.height);
  private destroyed = false;
  private wasAnimating = true; // the previous frame's answer (the first frame renders)

  private constructor(
    readonly host: RunnerHost, // the Pixi application
    readonly scene: Scene, // the running scene
    readonly clock: EngineClock, // engine time
  ) {
    // the raw frame time: Pixi caps deltaMS at 100 ms (minFPS 10), which would slow engine time — and
    // every landing and countdown on it — below real time at low frame rates (the clock caps stalls)
    const tick = () => clock.tick(host.app.ticker.elapsedMS);
    host.app.ticker.add(tick);
    this.offTick = () => host.app.ticker.remove(tick);
    this.offClock = clock.subscribe((now, delta) => scene.update(now, delta));
    this.offRender = host.renderOnDemand(() => this.shouldRender());
    host.app.renderer.on('resize', this.onResize);
  }

  /**
   * Whether this frame needs a render: the scene animates, or it stopped animating on the previous
   * frame (a last frame shows where it came to rest). Asked once per frame by the host.
   */
  shouldRender(): boolean {
    const animating = this.scene.animating?.(this.clock.now) ?? true;
    const render = animating || this.wasAnimating;
    this.wasAnimating = animating;
    return render;
  }

  /** Loads the scene's bundle, prepares, adds and shows it. */
  static async start(
    host: PixiHost,
    scene: Scene,
    clock: EngineClock,
    onProgress: (p: number) => void = () => {},
  ): Promise<SceneRunner> {
    await loadBundle(scene.bundle, onProgress);
    await scene.prepare?.(host);
    return SceneRunner.attach(host, scene, clock);
  }

  /** Adds and shows a loaded, prepared scene (tests attach to a fake host). */
  static attach(host: RunnerHost, scene: Scene, clock: EngineClock): SceneRunner {
    host.app.stage.addChild(scene.root);
    scene.resize(host.app.screen.width, host.app.screen.height);
    scene.update(clock.now, 0);
    scene.show?.();
    return new SceneRunner(host, scene, clock);
  }

  /** Pauses the clock and the scene (tester or hidden tab). */
  pause(): void {
    this.clock.pause();
    this.scene.pause?.();
  }

  /** Resumes the clock and the scene. */
  resume(): void {
    this.clock.resume();
    this.scene.resume?.();
  }

  /** Hides and destroys the scene; safe to call twice. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.offTick();
    this.offClock();
    this.offRender();
    this.host.app.renderer.off('resize', this.onResize);
    this.scene.hide?.();
    this.host.app.stage.removeChild(this.scene.root);
    this.scene.destroy();
  }
}
