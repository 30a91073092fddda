// /dev/scenes (outside production only): plays any game scene from an outcome given in the URL,
// no server involved, with the engine clock controls of the ?inspect panel (pause, step a frame,
// speed, skip to the end) and a replay button. E.g. /dev/scenes?scene=dice&outcome=73.21&target=50
// or ?scene=upgrade&outcome=12.5&chance=30 or ?scene=boxes&outcome=3,0,7. window.__scenes exposes
// the story for browser tests.
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import type { PixiHost } from '../../engine/pixi-host.ts';
import { EngineClock } from '../../engine/clock.ts';
import { SceneRunner } from '../../engine/scene.ts';
import { DevPanel } from '../../engine/dev-panel.tsx';
import { initSound } from '../../engine/sound.ts';
import { STORY_SCENES, storyFor, type SceneStory } from './scene-stories.ts';

/** What browser tests read on window.__scenes. */
export interface ScenesDebug {
  name: string;
  outcome: unknown;
  view(): unknown;
  reached(): boolean;
  clock: EngineClock;
}

function useStory(search: URLSearchParams): { story: SceneStory | null; error: string | null } {
  const key = search.toString();
  return useMemo(() => {
    try {
      return { story: storyFor(new URLSearchParams(key)), error: null };
    } catch (e) {
      return { story: null, error: (e as Error).message };
    }
  }, [key]);
}

/** The scenes story page. */
export default function DevScenesPage() {
  const [search, setSearch] = useSearchParams();
  const { story, error } = useStory(search);
  const clock = useMemo(() => new EngineClock(), [story]); // a fresh clock per story: each plays from t = 0
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const id = setInterval(refresh, 100); // the readout 10× a second, not every frame (the panel has its own)
    return () => clearInterval(id);
  }, []);

  const play = useCallback(() => {
    if (!story) return;
    const duration = story.play(clock.now);
    clock.setTimeout(() => refresh(), duration); // the end is a timer: "Skip to end" jumps to it
  }, [story, clock]);

  const onReady = useCallback(
    (host: PixiHost) => {
      if (!story) return;
      initSound();
      let stopped = false;
      let runner: SceneRunner | null = null;
      void SceneRunner.start(host, story.scene, clock).then((r) => {
        if (stopped) return r.destroy();
        runner = r;
        setReady(true);
        play();
      });
      const debug: ScenesDebug = {
        name: story.name,
        outcome: story.outcome,
        view: () => story.view(),
        reached: () => story.reached(),
        clock,
      };
      (window as unknown as { __scenes?: ScenesDebug }).__scenes = debug;
      return () => {
        stopped = true;
        setReady(false);
        delete (window as unknown as { __scenes?: ScenesDebug }).__scenes;
        runner?.destroy();
      };
    },
    [story, clock, play],
  );

  const set = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name === 'scene') next.delete('outcome');
    setSearch(next);
  };

  return (
    <section className="page dev-scenes-page">
      <h1>Scenes</h1>
      <p className="muted">
        Plays a scene from any outcome without a server. Parameters: scene ({STORY_SCENES.join(', ')}), outcome (dice:
        roll 0–100; upgrade: roll 0–100; boxes: item index 0–7 per reel, comma-separated), mode (normal, turbo,
        reduced), dice target and direction, upgrade chance, from (start position), muted.
      </p>
      <form className="dev-row" onSubmit={(e) => e.preventDefault()}>
        <label>
          Scene{' '}
          <select value={search.get('scene') ?? 'dice'} onChange={(e) => set('scene', e.target.value)}>
            {STORY_SCENES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Outcome{' '}
          <input
            aria-label="Outcome"
            defaultValue={search.get('outcome') ?? ''}
            key={search.get('scene') ?? 'dice'}
            onBlur={(e) => set('outcome', e.target.value.trim())}
            onKeyDown={(e) => e.key === 'Enter' && set('outcome', e.currentTarget.value.trim())}
          />
        </label>
        <label>
          Mode{' '}
          <select value={search.get('mode') ?? 'normal'} onChange={(e) => set('mode', e.target.value)}>
            <option>normal</option>
            <option>turbo</option>
            <option>reduced</option>
          </select>
        </label>
        <button type="button" onClick={play} disabled={!ready}>
          Replay
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      {story && (
        <>
          <div
            className="dev-scenes-stage"
            style={{ height: 360 }}
            data-testid="scene-stage"
            data-scene={story.name}
            data-reached={String(ready && story.reached())}
          >
            <PixiStage key={`${search.toString()}`} background="#0d0e1c" onReady={onReady} />
          </div>
          <p>
            Outcome: <code data-testid="scene-outcome">{JSON.stringify(story.outcome)}</code>
          </p>
          <pre data-testid="scene-view">{JSON.stringify(story.view(), null, 2)}</pre>
          <DevPanel actors={{}} clock={clock} />
        </>
      )}
    </section>
  );
}
