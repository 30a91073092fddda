// What a /dev/scenes story is: the scene names the page knows and the shape every story returns
// (scene-stories.ts picks one from the URL; round-stories.ts and the games' own story files build them).
import type { AnyActorRef } from 'xstate';
import type { Scene } from '../../engine/scene.ts';

/** The scenes the page can play. */
export const STORY_SCENES = ['dice', 'upgrade', 'boxes', 'plinko', 'battle', 'crash', 'wheel'] as const;
/** One of them. */
export type StoryScene = (typeof STORY_SCENES)[number];

/** A scene with an outcome to play. */
export interface SceneStory {
  name: StoryScene;
  scene: Scene;
  outcome: unknown; // what the scene must end on (shown and read by tests)
  play(now: number): number; // starts at engine time `now`; returns the duration in engine ms
  view(): unknown; // what the scene shows now
  reached(): boolean; // the scene rests on the outcome
  actors?: Record<string, AnyActorRef>; // the story's machines, for the inspector panel
}
