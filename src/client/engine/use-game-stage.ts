// What an instant game page does with its Pixi stage: the one stage gate (`useSceneStage`), and
// each result's script played when the bet machine enters its replay status (tag `replaying`),
// from the outcome's commit time (engine time, so pause/step/skip apply).
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
interface ReplaySnapshot<S> {
  hasTag(tag: 'replaying'): boolean;
  context: { result: { script: S } | null; startedAt: number };
}

/** Wires `scene` to `actor` and the stage; `expose(host)` installs the debug hook and returns its removal. */
export function useGameStage<S>(actor: AnyActorRef, scene: ScriptedScene<S>, clock: EngineClock, expose: ExposeDebug) {
  const stage = useSceneStage(scene, clock, expose);

  useEffect(() => {
    let played: unknown = null; // the result last handed to the scene: each replay starts once
    const sub = actor.subscribe((snapshot) => {
      const snap = snapshot as unknown as ReplaySnapshot<S>;
      const result = snap.hasTag('replaying') ? snap.context.result : null;
      if (result && result !== played) scene.play(result.script, snap.context.startedAt);
      played = result;
    });
    return () => sub.unsubscribe();
  }, [actor, scene]);

  return stage;
}
