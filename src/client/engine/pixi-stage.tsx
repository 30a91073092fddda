// React mount point for a PixiHost: creates it on mount, destroys it on unmount, including when
// unmounting races the asynchronous init (React StrictMode mounts twice).
import { useEffect, useRef } from 'react';
import { PixiHost, type PixiHostOptions } from './pixi-host.ts';

/** Props of the stage element. */
export interface PixiStageProps extends PixiHostOptions {
  className?: string;
  style?: React.CSSProperties;
  onReady?: (host: PixiHost) => void | (() => void); // may return a cleanup run before destroy
  onError?: (error: unknown) => void;
}

/** A block element holding one Pixi canvas. */
export function PixiStage({ className, style, onReady, onError, ...options }: PixiStageProps) {
  const ref = useRef<HTMLDivElement>(null);
  const ready = useRef(onReady);
  ready.current = onReady;
  const failed = useRef(onError);
  failed.current = onError;
  const { background, preference, antialias } = options;

  useEffect(() => {
    const el = ref.current!;
    let host: PixiHost | null = null;
    let cleanup: void | (() => void);
    let cancelled = false;
    PixiHost.create(el, { background, preference, antialias }).then(
      (h) => {
        if (cancelled) return h.destroy();
        host = h;
        cleanup = ready.current?.(h);
      },
      (e: unknown) => failed.current?.(e),
    );
    return () => {
      cancelled = true;
      if (typeof cleanup === 'function') cleanup();
      host?.destroy();
    };
  }, [background, preference, antialias]);

  return (
    <div ref={ref} className={className} style={{ position: 'relative', width: '100%', height: '100%', ...style }} />
  );
}
