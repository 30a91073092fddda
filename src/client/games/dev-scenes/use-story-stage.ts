// One story on a Pixi stage: mounts the story's scene through the one stage gate, plays it once the
// engine clock first moves with the scene running, and exposes it on window.__scenes for browser
// tests. /dev/scenes and the replay page (/bets/{game}/{id}) both play their stories through it.
import { useCallback, useRef, useState, type RefObject } from 'react';
import type { EngineClock } from '../../engine/clock.ts';
import type { PixiHost } from '../../engine/pixi-host.ts';
import type { SceneRunner } from '../../engine/scene.ts';
import { useSceneStage } from '../../engine/use-scene-stage.ts';
import type { SceneStory } from './scene-story.ts';

/** What browser tests read on window.__scenes. */
export interface ScenesDebug {
  name: string;
  outcome: unknown;
  view(): unknown;
  reached(): boolean;
  clock: EngineClock;
  /** Plays the story again from the engine time now (the Replay button). */
  replay(): void;
  /** Frames the stage has rendered so far. */
  rendered(): number;
  /** Renders every frame (true) or on demand (false, the default). */
  renderEveryFrame(on: boolean): void;
  /** The story's scene (the layer-cost bench hides its layers one at a time). */
  scene: SceneStory['scene'];
}

/** The stage of `story` on `clock`: pass `onReady`/`onError` to `PixiStage`; `play` replays it; `ready` once playing.
 * `onEnd` runs when a play's duration has passed on engine time. `reached` is the story's own answer,
 * read after every frame's update: a page re-renders when it changes, not when some other state
 * happens to move (a scene may come to rest a frame after the engine clock's last move, paused). */
export function useStoryStage(story: SceneStory, clock: EngineClock, onEnd: () => void) {
  const [ready, setReady] = useState(false);
  const [reached, setReached] = useState(false);
  const play = useCallback(() => {
    const duration = story.play(clock.now);
    clock.setTimeout(onEnd, duration); // the end is a timer: "Skip to end" jumps to it
    setReached(story.reached()); // a replay leaves the rest it had reached at once
  }, [story, clock, onEnd]);

  const runner = useRef<RefObject<SceneRunner | null>>(null);
  const expose = useCallback(
    (host: PixiHost) => {
      // the first move of the engine clock once the scene runs (its runner's ticker drives it): play,
      // and only then tell tests the story is there
      const check = () => setReached(story.reached()); // after the runner's tick: added later
      const off = clock.subscribe(() => {
        if (!runner.current?.current) return;
        off();
        setReady(true);
        play();
        host.app.ticker.add(check);
        const debug: ScenesDebug = {
          name: story.name,
          outcome: story.outcome,
          view: () => story.view(),
          reached: () => story.reached(),
          clock,
          replay: play,
          rendered: () => host.renderedFrames,
          renderEveryFrame: (on) => (host.renderEveryFrame = on),
          scene: story.scene,
        };
        (window as unknown as { __scenes?: ScenesDebug }).__scenes = debug;
      });
      return () => {
        off();
        host.app.ticker.remove(check);
        setReady(false);
        setReached(false);
        delete (window as unknown as { __scenes?: ScenesDebug }).__scenes;
      };
    },
    [story, clock, play],
  );
  const stage = useSceneStage(story.scene, clock, expose);
  runner.current = stage.runner;
  return { ready, reached: ready && reached, play, onReady: stage.onReady, onError: stage.onError };
}
