// "Graphics check": draws a known test scene so a player (or support) can see whether the
// browser renders our games with WebGL. Browser tests read its pixels back.
import { useState } from 'react';
import { Graphics } from 'pixi.js';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import type { PixiHost } from '../../engine/pixi-host.ts';
import { exposeEngineCheck } from './engine-check-probe.ts';

/** The test scene: left half red, right half green, on a dark background. */
function drawTestScene(host: PixiHost): void {
  const { width, height } = host.app.screen;
  const g = new Graphics();
  g.rect(0, 0, width / 2, height).fill(0xff0000);
  g.rect(width / 2, 0, width / 2, height).fill(0x00ff00);
  host.app.stage.addChild(g);
}

/** The graphics check page. */
export default function EngineCheckPage() {
  const [renderer, setRenderer] = useState<string>('starting…');
  return (
    <section className="page engine-check">
      <h1>Graphics check</h1>
      <p>
        Renderer: <strong data-testid="renderer">{renderer}</strong>
      </p>
      <div style={{ width: 320, height: 160 }} data-testid="stage">
        <PixiStage
          background="#101020"
          onReady={(host) => {
            drawTestScene(host);
            setRenderer(host.rendererName);
            return exposeEngineCheck(host);
          }}
          onError={() => setRenderer('unavailable')}
        />
      </div>
      <p className="muted">Red on the left and green on the right means your browser draws our games correctly.</p>
    </section>
  );
}
