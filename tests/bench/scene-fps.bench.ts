// Scene frame rates: every game scene's frames per second on /dev/scenes in headless Chromium
// (software WebGL), idle and animating, as a ratio to the dice scene's sampled just before it, and
// Bounce with 100 balls in the air, each line with its verdict against the budget (≥ 0.8 × dice;
// Bounce with 100 balls ≥ 0.5 ×: SCENE_BUDGET and BOUNCE_100_BUDGET, the browser test's).
// What is measured (frames per CPU second, held; wall-clock fps, printed): tests/e2e/scene-fps.ts.
// `SCENE_FPS_ONLY=wheel,battle` measures those scenes (and dice) only.
import { chromium } from 'playwright-core';
import {
  BOUNCE_100,
  browserCpuClock,
  budgetVerdict,
  describeRatio,
  openScene,
  ratioToDice,
  SCENES,
  type SceneCase,
} from '../e2e/scene-fps.ts';
import { skipBonus } from '../e2e/shell-helpers.ts';
import { serve } from './helpers.ts';

/** Runs the scene frame-rate benchmark. */
export async function sceneFpsBench(): Promise<Record<string, number | string>> {
  const only = process.env.SCENE_FPS_ONLY?.split(',');
  const app = await serve(['--import', 'tsx', 'src/server/main.ts']);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--webgl-antialiasing-mode=none'],
  });
  const figures: Record<string, number | string> = {};
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // tsx (esbuild) names the measuring function's inner functions with a `__name` helper the page lacks
    await context.addInitScript('window.__name = (fn) => fn');
    await skipBonus(context); // the daily bonus dialog over the stage would be drawn with every frame
    const cpu = await browserCpuClock(browser);
    const at = (scene: SceneCase) => ({ ...scene, url: app.url + scene.url });
    const [dice, ...others] = SCENES;
    const dicePage = await context.newPage();
    await openScene(dicePage, at(dice!));
    const page = await context.newPage();
    for (const scene of others)
      if (!only || only.includes(scene.name)) {
        const r = await ratioToDice(dicePage, page, at(scene), cpu);
        figures[`${scene.name}_vs_dice`] = `${describeRatio(r)} — ${budgetVerdict(scene.name, r.idle, r.animating)}`;
      }
    if (!only || only.includes('bounce')) {
      const r = await ratioToDice(dicePage, page, at(BOUNCE_100), cpu);
      figures.bounce_100_balls_vs_dice = `${describeRatio(r)}, ≥ ${r.samples[1]!.minInFlight} balls in the air — ${budgetVerdict(BOUNCE_100.name, r.idle, r.animating)}`;
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  return figures;
}
