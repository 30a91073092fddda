// One PixiJS v8 Application per host element: resizes with its container and the device pixel
// ratio, pauses its ticker while the tab is hidden, and releases its WebGL context on destroy.
import { Application } from 'pixi.js';
// Shaders and uniform uploads without `new Function`, so the site's CSP needs no 'unsafe-eval'.
import 'pixi.js/unsafe-eval';

/** Options for a host. */
export interface PixiHostOptions {
  background?: string; // CSS colour
  preference?: 'webgl' | 'webgpu';
  antialias?: boolean;
}

/** A running Pixi application bound to a container element. */
export class PixiHost {
  private destroyed = false;
  private readonly onVisibility = () => this.syncVisibility();
  private readonly resizeObserver: ResizeObserver | null;
  private readonly dprQuery: MediaQueryList | null;
  private readonly onDpr = () => this.resize();

  private constructor(
    readonly app: Application, // the Pixi application
    readonly container: HTMLElement, // element the canvas fills
  ) {
    document.addEventListener('visibilitychange', this.onVisibility);
    this.resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.resize());
    this.resizeObserver?.observe(container);
    this.dprQuery =
      typeof matchMedia === 'undefined' ? null : matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    this.dprQuery?.addEventListener('change', this.onDpr);
    this.syncVisibility();
  }

  /** Creates the application inside `container` (the canvas is appended to it). */
  static async create(container: HTMLElement, options: PixiHostOptions = {}): Promise<PixiHost> {
    const app = new Application();
    await app.init({
      width: Math.max(1, container.clientWidth),
      height: Math.max(1, container.clientHeight),
      resolution: Math.min(window.devicePixelRatio || 1, 2),
      autoDensity: true,
      antialias: options.antialias ?? true,
      background: options.background ?? '#0d0e1c',
      preference: options.preference ?? 'webgl',
    });
    app.canvas.style.display = 'block';
    container.appendChild(app.canvas);
    return new PixiHost(app, container);
  }

  /** The renderer's name: 'webgl', 'webgpu' or 'canvas'. */
  get rendererName(): string {
    return this.app.renderer.name;
  }

  /** Matches the canvas to the container size and current device pixel ratio. */
  resize(): void {
    if (this.destroyed) return;
    const resolution = Math.min(window.devicePixelRatio || 1, 2);
    this.app.renderer.resize(
      Math.max(1, this.container.clientWidth),
      Math.max(1, this.container.clientHeight),
      resolution,
    );
  }

  private syncVisibility(): void {
    if (this.destroyed) return;
    if (document.hidden) this.app.ticker.stop();
    else this.app.ticker.start();
  }

  /** Stops everything, removes the canvas and loses the WebGL context. Safe to call twice. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.resizeObserver?.disconnect();
    this.dprQuery?.removeEventListener('change', this.onDpr);
    this.app.destroy({ removeView: true }, { children: true, texture: true, textureSource: true });
  }
}
