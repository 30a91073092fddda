// Test hooks of the graphics check page (window.__engineCheck): read back rendered pixels and
// run mount/unmount cycles (of a bare host, and of the React stage) to prove no WebGL context leaks.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { PixiHost } from '../../engine/pixi-host.ts';
import { PixiStage } from '../../engine/pixi-stage.tsx';

/** What browser tests call. */
export interface EngineCheckProbe {
  renderer: string;
  tickerStarted(): boolean;
  canvasSize(): { width: number; height: number; resolution: number };
  pixelAt(x: number, y: number): Promise<[number, number, number, number]>;
  cycles(count: number): Promise<{ created: number; lost: number; webgl: number }>;
  stageCycles(count: number): Promise<{ created: number; lost: number; webgl: number }>;
}

/** The WebGL context of a host, if it renders with WebGL. */
function glOf(host: PixiHost): WebGLRenderingContext | undefined {
  return (host.app.renderer as unknown as { gl?: WebGLRenderingContext }).gl;
}

/** Resolves once `done()` holds, checked each animation frame (false after `frames` frames). */
function frameUntil(done: () => boolean, frames = 120): Promise<boolean> {
  return new Promise((resolve) => {
    const check = (left: number) => {
      if (done() || left === 0) return resolve(done());
      requestAnimationFrame(() => check(left - 1));
    };
    check(frames);
  });
}

declare global {
  interface Window {
    __engineCheck?: EngineCheckProbe;
  }
}

/** Installs the probe for `host`; returns a function that removes it. */
export function exposeEngineCheck(host: PixiHost): () => void {
  window.__engineCheck = {
    renderer: host.rendererName,
    tickerStarted: () => host.app.ticker.started,
    canvasSize: () => ({
      width: host.app.canvas.width,
      height: host.app.canvas.height,
      resolution: host.app.renderer.resolution,
    }),
    async pixelAt(x, y) {
      const { pixels, width } = host.app.renderer.extract.pixels({ target: host.app.stage, resolution: 1 });
      const i = (Math.floor(y) * width + Math.floor(x)) * 4;
      return [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!, pixels[i + 3]!];
    },
    async cycles(count) {
      const contexts: WebGLRenderingContext[] = [];
      let webgl = 0;
      for (let i = 0; i < count; i++) {
        const el = document.createElement('div');
        el.style.cssText = 'width:64px;height:64px;position:absolute;left:-9999px';
        document.body.appendChild(el);
        const h = await PixiHost.create(el);
        if (h.rendererName === 'webgl') webgl++;
        const gl = glOf(h);
        if (gl) contexts.push(gl);
        h.app.render();
        h.destroy();
        el.remove();
      }
      return { created: count, lost: contexts.filter((gl) => gl.isContextLost()).length, webgl };
    },
    async stageCycles(count) {
      let lost = 0;
      let webgl = 0;
      for (let i = 0; i < count; i++) {
        const el = document.createElement('div');
        el.style.cssText = 'width:64px;height:64px;position:absolute;left:-9999px';
        document.body.appendChild(el);
        const root = createRoot(el);
        const stage = await new Promise<PixiHost>((resolve) =>
          root.render(createElement(PixiStage, { onReady: (h: PixiHost) => void resolve(h) })),
        );
        if (stage.rendererName === 'webgl') webgl++;
        const gl = glOf(stage);
        root.unmount(); // @pixi/react destroys the application a moment later
        if (gl && (await frameUntil(() => gl.isContextLost()))) lost++;
        el.remove();
      }
      return { created: count, lost, webgl };
    },
  };
  return () => {
    delete window.__engineCheck;
  };
}
