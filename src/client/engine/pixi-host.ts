// One PixiJS v8 Application bound to a host element: resizes with its container and the device pixel
// ratio, pauses its ticker while the tab is hidden, and renders on demand — the host owns the render
// call (Pixi's own per-frame render is taken off the ticker), so a static scene costs no WebGL work.
// The Application itself is made by @pixi/react's <Application> (PixiStage), which also destroys it
// (and so loses its WebGL context); `PixiHost.create` makes and owns one without React.
import { Application, UPDATE_PRIORITY } from 'pixi.js';
// Shaders and uniform uploads without `new Function`, so the site's CSP needs no 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
// Short batch shaders: software WebGL pays per pixel for every texture a batch may use.
import './batch-textures.ts';

/** Options for a host. */
export interface PixiHostOptions {
  background?: string; // CSS colour
  preference?: 'webgl' | 'webgpu';
  antialias?: boolean;
}

/** Application options every stage uses (ticker stopped until the host starts it). */
export function applicationOptions(options: PixiHostOptions = {}) {
  return {
    resolution: deviceResolution(),
    autoDensity: true,
    autoStart: false, // the host starts the ticker when the tab is visible
    antialias: options.antialias ?? true,
    background: options.background ?? '#0d0e1c',
    preference: options.preference ?? ('webgl' as const),
  };
}

/** The device pixel ratio the canvas renders at (at most 2: SwiftShader and phones pay per pixel). */
function deviceResolution(): number {
  return Math.min(window.devicePixelRatio || 1, 2);
}

/** A running Pixi application bound to a container element. */
export class PixiHost {
  private destroyed = false;
  private dirty = true; // render the next frame whatever the scene says (first frame, resize)
  private differs: () => boolean = () => true; // whether the next frame differs; until a runner says, every frame
  /** Frames rendered so far (browser tests count them to measure frames per second). */
  renderedFrames = 0;
  /** Render every frame whatever the scene says (browser tests: the cost of drawing a still picture). */
  renderEveryFrame = false;
  private readonly onVisibility = () => this.syncVisibility();
  private readonly onFrame = () => this.frame();
  private readonly resizeObserver: ResizeObserver | null;
  private dprQuery: MediaQueryList | null = null;
  private readonly onDpr = () => {
    this.watchDpr(); // the query names one ratio: watch the new one
    this.resize();
  };

  private constructor(
    readonly app: Application, // the Pixi application
    readonly container: HTMLElement, // element the canvas fills
    private readonly owned: boolean, // created by the host (destroy it) or by @pixi/react (it destroys it)
  ) {
    app.canvas.style.display = 'block';
    // Pixi renders every tick by default; the host renders on demand instead, after the scene's update
    app.ticker.remove(app.render, app);
    app.ticker.add(this.onFrame, this, UPDATE_PRIORITY.LOW);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.resize());
    this.resizeObserver?.observe(container);
    this.watchDpr();
    this.resize();
    this.syncVisibility();
  }

  /** Adopts an initialised application whose canvas is inside `container` (@pixi/react made it). */
  static adopt(app: Application, container: HTMLElement): PixiHost {
    return new PixiHost(app, container, false);
  }

  /** Creates and owns an application inside `container` (the canvas is appended to it). */
  static async create(container: HTMLElement, options: PixiHostOptions = {}): Promise<PixiHost> {
    const app = new Application();
    await app.init({
      ...applicationOptions(options),
      width: Math.max(1, container.clientWidth),
      height: Math.max(1, container.clientHeight),
    });
    container.appendChild(app.canvas);
    return new PixiHost(app, container, true);
  }

  /** The renderer's name: 'webgl', 'webgpu' or 'canvas'. */
  get rendererName(): string {
    return this.app.renderer.name;
  }

  /** Whether destroy() ran. */
  get isDestroyed(): boolean {
    return this.destroyed;
  }

  /** Renders only the frames `differs()` asks for (and any after a resize); returns the release. */
  renderOnDemand(differs: () => boolean): () => void {
    this.differs = differs;
    this.dirty = true;
    return () => {
      if (this.differs !== differs) return;
      this.differs = () => true;
      this.dirty = true;
    };
  }

  /** Renders the next frame whatever the scene says. */
  invalidate(): void {
    this.dirty = true;
  }

  /** Matches the canvas to the container size and current device pixel ratio. */
  resize(): void {
    if (this.destroyed) return;
    this.app.renderer.resize(
      Math.max(1, this.container.clientWidth),
      Math.max(1, this.container.clientHeight),
      deviceResolution(),
    );
    this.dirty = true;
  }

  /** The ticker's last callback: renders when the scene's picture changed. */
  private frame(): void {
    const differs = this.differs(); // asked every frame: a runner counts its last animated frame
    if (!differs && !this.dirty && !this.renderEveryFrame) return;
    this.dirty = false;
    this.renderedFrames++;
    this.app.render();
  }

  private watchDpr(): void {
    this.dprQuery?.removeEventListener('change', this.onDpr);
    this.dprQuery =
      typeof matchMedia === 'undefined' ? null : matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    this.dprQuery?.addEventListener('change', this.onDpr);
  }

  private syncVisibility(): void {
    if (this.destroyed) return;
    if (document.hidden) this.app.ticker.stop();
    else this.app.ticker.start();
  }

  /** Stops the ticker and the listeners; an owned application is destroyed too (canvas removed,
   * WebGL context lost), an adopted one is left to @pixi/react, which does the same. Safe to call twice. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.resizeObserver?.disconnect();
    this.dprQuery?.removeEventListener('change', this.onDpr);
    this.app.ticker?.remove(this.onFrame, this); // null once @pixi/react destroyed the application
    this.app.ticker?.stop();
    if (this.owned) this.app.destroy({ removeView: true }, { children: true, texture: true, textureSource: true });
  }
}
