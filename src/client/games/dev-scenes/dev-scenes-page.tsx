// /dev/scenes (outside production only): plays any game scene from an outcome given in the URL,
// no server involved, with the engine clock controls of the ?inspect panel (pause, step a frame,
// speed, skip to the end) and a replay button. E.g. /dev/scenes?scene=dice&outcome=73.21&target=50,
// ?scene=upgrade&outcome=12.5&chance=30, ?scene=boxes&outcome=3,0,7, ?scene=crash&crash=2.37&t=3000
// or ?scene=wheel&segment=17. The scene mounts through the one stage gate (useSceneStage); the
// round games' stories list their round actor in the panel. window.__scenes exposes the story for
// browser tests.
import { useEffect, useMemo, useReducer } from 'react';
import { useSearchParams } from 'react-router';
import { PixiStage } from '../../engine/pixi-stage.tsx';
import { EngineClock } from '../../engine/clock.ts';
import { DevPanel } from '../../engine/dev-panel.tsx';
import { STORY_SCENES, storyFor, type SceneStory } from './scene-stories.ts';
import { useStoryStage } from './use-story-stage.ts';

/** The story of the URL on a fresh clock (each story plays from t = 0), or why there is none. */
function useStory(search: URLSearchParams): { story: SceneStory | null; error: string | null; clock: EngineClock } {
  const key = search.toString();
  return useMemo(() => {
    const clock = new EngineClock();
    try {
      return { story: storyFor(new URLSearchParams(key), clock), error: null, clock };
    } catch (e) {
      return { story: null, error: (e as Error).message, clock };
    }
  }, [key]);
}

/** Re-renders as engine time moves: every 100 engine ms (the readout, not every frame), every step while paused. */
function useEngineTime(clock: EngineClock): () => void {
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    let shown = -1;
    return clock.subscribe((now) => {
      const tenth = Math.floor(now / 100);
      if (tenth === shown && !clock.paused) return;
      shown = tenth;
      refresh();
    });
  }, [clock]);
  return refresh;
}

/** One story's stage, readout and clock controls. */
function StoryStage({ story, clock }: { story: SceneStory; clock: EngineClock }) {
  const refresh = useEngineTime(clock);
  const actors = useMemo(() => story.actors ?? {}, [story]);
  const { ready, reached, play, onReady, onError } = useStoryStage(story, clock, refresh);

  return (
    <>
      <button type="button" onClick={play} disabled={!ready}>
        Replay
      </button>
      <div
        className="dev-scenes-stage"
        style={{ height: 360 }}
        data-testid="scene-stage"
        data-scene={story.name}
        data-reached={String(reached)}
      >
        <PixiStage background="#0d0e1c" onReady={onReady} onError={onError} />
      </div>
      <p>
        Outcome: <code data-testid="scene-outcome">{JSON.stringify(story.outcome)}</code>
      </p>
      <pre data-testid="scene-view">{JSON.stringify(story.view(), null, 2)}</pre>
      <DevPanel actors={actors} clock={clock} />
    </>
  );
}

/** The scenes story page. */
export default function DevScenesPage() {
  const [search, setSearch] = useSearchParams();
  const { story, error, clock } = useStory(search);

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
        roll 0–100; upgrade: roll 0–100; boxes: item index 0–7 per reel, comma-separated; rocket: the crash point;
        wheel: the segment 0–53), mode (normal, turbo, reduced), dice target and direction, upgrade chance, from (start
        position), rocket crash and t (ms into the flight), rocket and wheel status (the round&apos;s status when the
        story joins), wheel segment, muted.
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
      </form>
      {error && <p role="alert">{error}</p>}
      {story && <StoryStage key={search.toString()} story={story} clock={clock} />}
    </section>
  );
}
