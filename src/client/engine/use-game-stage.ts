// What an instant game page does with its Pixi stage: the one stage gate (`useSceneStage`), and
// each result's animation script played from the moment the bet machine entered its replay
// status (engine time, so pause/step/skip apply).
import { useEffect } from 'react';
import type { AnyActorRef } from 'xstate';
import type { EngineClock } from './clock.ts';
import type { Scene } from './scene.ts';
import { useSceneStage, type ExposeDebug } from './use-scene-stage.ts';

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
export function useGameStage<S>(actor: AnyActorRef, scene: ScriptedScene<S>, clock: EngineClock, expose: ExposeDebug) {
  const stage = useSceneStage(scene, clock, expose);

  useEffect(() => {
    const sub = actor.subscribe((snapshot) => {
      const snap = snapshot as unknown as PlayingSnapshot<S>;
      if (snap.matches('playing') && snap.context.result)
        scene.play(snap.context.result.script, snap.context.startedAt);
    });
    return () => sub.unsubscribe();
  }, [actor, scene]);

  return stage;
}
