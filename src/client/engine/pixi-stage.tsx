// React mount point of a Pixi stage: @pixi/react's <Application> makes and initialises the Pixi
// application (and destroys it on unmount, also when unmounting races its asynchronous init, as
// React StrictMode's double mount does); a PixiHost adopts it for resize, DPR, visibility and
// render on demand, and is handed to `onReady`. Without WebGL Pixi falls back to its canvas renderer
// (rendererName says which). @pixi/react 8.0.5 does not await its init: a failure to make any
// renderer would be an unhandled rejection it never reports, so a page that cannot draw on a canvas
// at all (no 2D context: the fallback's own need) never mounts it and gets `onError` at once;
// `onError` also gets what onReady's adoption throws.
import { Application } from '@pixi/react';
import type { Application as PixiApplication } from 'pixi.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applicationOptions, PixiHost, type PixiHostOptions } from './pixi-host.ts';

/** Props of the stage element. */
export interface PixiStageProps extends PixiHostOptions {
  className?: string;
  style?: React.CSSProperties;
  onReady?: (host: PixiHost) => void | (() => void); // may return a cleanup run before destroy
  onError?: (error: unknown) => void;
}

/** What one mounted <Application> hands over once initialised. */
interface Mounted {
  host: PixiHost | null;
  cleanup: void | (() => void);
  gone: boolean; // unmounted (or remounted with new options) before or after its init
}

/** Whether this page can draw on a canvas at all (a cheap 2D context: no GPU context is made). */
function canvasAvailable(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** A block element holding one Pixi canvas. */
export function PixiStage({ className, style, onReady, onError, background, preference, antialias }: PixiStageProps) {
  const ref = useRef<HTMLDivElement>(null);
  const ready = useRef(onReady);
  ready.current = onReady;
  const failed = useRef(onError);
  failed.current = onError;
  const mounted = useRef<Mounted | null>(null);
  const [drawable] = useState(canvasAvailable);
  useEffect(() => {
    if (!drawable) failed.current?.(new Error('This browser cannot draw on a canvas.'));
  }, [drawable]);

  // One mount per option set: <Application> reads its init options once, so new options remount it.
  const key = `${background}|${preference}|${antialias}`;
  useEffect(() => {
    const m: Mounted = { host: null, cleanup: undefined, gone: false };
    mounted.current = m;
    return () => {
      m.gone = true;
      if (typeof m.cleanup === 'function') m.cleanup();
      m.host?.destroy();
      if (mounted.current === m) mounted.current = null;
    };
  }, [key]);

  // @pixi/react keeps the first onInit of a canvas: stable, it reads the current mount from a ref.
  const onInit = useCallback((app: PixiApplication) => {
    const m = mounted.current;
    // unmounted (or replaced) before its init ended: @pixi/react destroys that application itself
    if (!m || m.gone || m.host || !ref.current?.contains(app.canvas)) return;
    try {
      m.host = PixiHost.adopt(app, ref.current);
      m.cleanup = ready.current?.(m.host);
    } catch (e) {
      failed.current?.(e);
    }
  }, []);

  // A stable element: the page re-rendering must not re-apply the options to a running application.
  const stage = useMemo(
    () => <Application key={key} onInit={onInit} {...applicationOptions({ background, preference, antialias })} />,
    [key, onInit, background, preference, antialias],
  );

  return (
    <div ref={ref} className={className} style={{ position: 'relative', width: '100%', height: '100%', ...style }}>
      {drawable && stage}
    </div>
  );
}
