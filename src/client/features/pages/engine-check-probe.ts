// Test hooks of the graphics check page (window.__engineCheck): read back rendered pixels and
// run mount/unmount cycles to prove no WebGL context leaks.
import { PixiHost } from '../../engine/pixi-host.ts';

/** What browser tests call. */
export interface EngineCheckProbe {
  renderer: string;
  tickerStarted(): boolean;
  canvasSize(): { width: number; height: number; resolution: number };
  pixelAt(x: number, y: number): Promise<[number, number, number, number]>;
  cycles(count: number): Promise<{ created: number; lost: number; webgl: number }>;
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
        const gl = (h.app.renderer as unknown as { gl?: WebGLRenderingContext }).gl;
        if (gl) contexts.push(gl);
        h.app.render();
        h.destroy();
        el.remove();
      }
      return { created: count, lost: contexts.filter((gl) => gl.isContextLost()).length, webgl };
    },
  };
  return () => {
    delete window.__engineCheck;
  };
}
