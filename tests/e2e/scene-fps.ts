// Frames per second of every game scene on /dev/scenes (no server round trip), for `npm run bench --
// "scene fps"` (the browser test that held them to a budget was taken out: too noisy on the shared
// machine, see git log). What is measured:
// - idle: the scene at rest on its story's outcome, with the stage made to render every frame (render
//   on demand would draw almost none of them): the cost of drawing the still picture, as every frame
//   was drawn before the stage rendered on demand;
// - animating: the story replayed in a loop (a new replay whenever the last one reached its outcome),
//   every frame rendered: the cost of drawing the scene while it moves (the wheel spinning and
//   landing, reels spinning, balls falling, the rocket flying).
// fps = requestAnimationFrame callbacks counted over a fixed number of frames ÷ the seconds between the
// first and the last (rAF waits for the frame before it: in SwiftShader a heavy frame delays the next).
import type { Page } from 'playwright-core';

/** One scene's story on /dev/scenes and how many frames a sample counts. */
export interface SceneCase {
  name: string;
  url: string; // /dev/scenes?… (muted)
  frames: number;
  minInFlight?: number; // Bounce: balls that must stay in the air throughout the sample
}

/** The scenes measured, dice first (the reference); stories join where the motion is. */
export const SCENES: SceneCase[] = [
  { name: 'dice', url: '/dev/scenes?scene=dice&outcome=73.21&muted', frames: 60 },
  { name: 'upgrade', url: '/dev/scenes?scene=upgrade&outcome=61.5&chance=30&muted', frames: 60 },
  { name: 'boxes', url: '/dev/scenes?scene=boxes&outcome=3&muted', frames: 60 },
  { name: 'bounce', url: '/dev/scenes?scene=plinko&rows=16&balls=10&muted', frames: 60 },
  { name: 'battle', url: '/dev/scenes?scene=battle&mode=2v2&rounds=2&muted', frames: 60 },
  { name: 'rocket', url: '/dev/scenes?scene=rocket&crash=4&muted', frames: 60 },
  { name: 'wheel', url: '/dev/scenes?scene=wheel&segment=17&status=in_progress&muted', frames: 60 },
];

/** Bounce with 100 balls in the air (all dropped at once; the clock at half speed keeps them there). */
export const BOUNCE_100: SceneCase = {
  name: 'bounce 100 balls',
  url: '/dev/scenes?scene=plinko&rows=16&balls=100&gap=0&muted',
  frames: 30,
  minInFlight: 100,
};

/** One sample's figures. */
export interface FpsSample {
  fps: number;
  frames: number; // rAF callbacks counted
  rendered: number; // frames the stage rendered meanwhile (every one, when forced)
  minInFlight: number | null; // Bounce's balls in the air, the fewest seen (null: not Bounce)
}

/** Opens the story and waits for its first play to reach the outcome (the scene at rest). */
export async function openScene(page: Page, scene: SceneCase): Promise<void> {
  await page.goto(scene.url);
  await page.waitForFunction(() => (window as unknown as W).__scenes?.reached() === true, null, { timeout: 90_000 });
}

type W = Window & {
  __scenes?: {
    reached(): boolean;
    replay(): void;
    rendered(): number;
    renderEveryFrame(on: boolean): void;
    view(): unknown;
    clock: { speed: number };
  };
};

/** Counts `frames` animation frames with every frame rendered; `animate` replays the story throughout. */
export async function sampleFps(page: Page, scene: SceneCase, animate: boolean): Promise<FpsSample> {
  return page.evaluate(
    async ({ frames, animate, slow }) => {
      const s = (window as unknown as W).__scenes!;
      const inFlight = () => (s.view() as { inFlight?: number }).inFlight ?? null;
      s.renderEveryFrame(true);
      if (slow) s.clock.speed = 0.5 as never;
      if (animate) s.replay();
      let n = -11; // ten frames of warm-up (the first frames after a load or a replay are slower), then count
      let t0 = 0;
      let t1 = 0;
      let r0 = 0;
      let minInFlight: number | null = null;
      await new Promise<void>((resolve) => {
        const frame = (t: number) => {
          n++;
          if (n < 0) {
            /* warm-up */
          } else if (n === 0) {
            t0 = t;
            r0 = s.rendered();
          } else {
            const balls = inFlight();
            if (balls !== null) minInFlight = Math.min(minInFlight ?? balls, balls);
          }
          if (n === frames) {
            t1 = t;
            return resolve();
          }
          if (animate && s.reached()) s.replay();
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      const rendered = s.rendered() - r0;
      s.renderEveryFrame(false);
      s.clock.speed = 1 as never;
      return { fps: (frames * 1000) / (t1 - t0), frames, rendered, minInFlight };
    },
    { frames: scene.frames, animate, slow: scene.minInFlight !== undefined },
  );
}
