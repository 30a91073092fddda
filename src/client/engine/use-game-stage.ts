// What a scripted game page does with its Pixi stage: start the scene with its asset bundle
// (progress for the loading bar), expose the debug hook, and play each result's animation script
// from the moment the machine entered `playing` (engine time, so pause/step/skip apply).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import type { EngineClock } from './clock.ts';
import type { PixiHost } from './pixi-host.ts';
import { SceneRunner, type Scene } from './scene.ts';
import { initSound } from './sound.ts';

/** A scene that replays a result's script. */
export interface ScriptedScene<S> extends Scene {
  play(script: S, startedAt: number): void;
}

/** The instant-bet machine's snapshot as far as the stage cares. */
interface PlayingSnapshot<S> {
  matches(state: 'playing'): boolean;
  context: { result: { script: S } | null; startedAt: number };
}

/** Wires `scene` to `actor` and the stage; `expose(host)` installs the debug hook and returns its removal. */
export function useGameStage<S>(
  actor: AnyActorRef,
  scene: ScriptedScene<S>,
  clock: EngineClock,
  expose: (host: PixiHost) => () => void,
) {
  const [progress, setProgress] = useState(0);
  const [renderer, setRenderer] = useState('');
  const runner = useRef<SceneRunner | null>(null);
  const exposeRef = useRef(expose);
  exposeRef.current = expose;

  useEffect(() => {
    const sub = actor.subscribe((snapshot) => {
      const snap = snapshot as unknown as PlayingSnapshot<S>;
      if (snap.matches('playing') && snap.context.result)
        scene.play(snap.context.result.script, snap.context.startedAt);
    });
    return () => sub.unsubscribe();
  }, [actor, scene]);

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
  return { progress, renderer, onReady, onError };
}
