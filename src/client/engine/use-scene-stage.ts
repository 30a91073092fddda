// The one gate from a page to its Pixi stage: start the scene on the host with its asset bundle
// (progress for the loading bar), expose the page's debug hook, and tear both down with the stage.
// Every game page (and /dev/scenes) mounts its scene through this hook and `PixiStage`.
import { useCallback, useRef, useState } from 'react';
import type { EngineClock } from './clock.ts';
import type { PixiHost } from './pixi-host.ts';
import { SceneRunner, type Scene } from './scene.ts';
import { initSound } from './sound.ts';

/** Installs a page's debug hook on a ready host; returns its removal. */
export type ExposeDebug = (host: PixiHost) => () => void;

const noExpose: ExposeDebug = () => () => {};

/** Runs `scene` on the stage's host; pass `onReady`/`onError` to `PixiStage`. */
export function useSceneStage(scene: Scene, clock: EngineClock, expose: ExposeDebug = noExpose) {
  const [progress, setProgress] = useState(0);
  const [renderer, setRenderer] = useState('');
  const runner = useRef<SceneRunner | null>(null);
  const exposeRef = useRef(expose);
  exposeRef.current = expose;

  const onReady = useCallback(
    (host: PixiHost) => {
      initSound();
      setRenderer(host.rendererName);
      let stopped = false;
      void SceneRunner.start(host, scene, clock, setProgress).then((r) => {
        if (stopped) return r.destroy();
        runner.current = r;
      });
      const unexpose = exposeRef.current(host);
      return () => {
        stopped = true;
        unexpose();
        runner.current?.destroy();
        runner.current = null;
      };
    },
    [scene, clock],
  );
  const onError = useCallback(() => setRenderer('unavailable'), []);
  return { progress, renderer, onReady, onError, runner };
}
