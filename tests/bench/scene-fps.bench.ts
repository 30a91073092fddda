// Scene frame rates: every game scene's frames per second on /dev/scenes in headless Chromium
// (software WebGL), idle and animating, as a ratio to the dice scene's in the same run, and Bounce with
// 100 balls in the air, against the budget (≥ 0.8 × dice; Bounce with 100 balls ≥ 0.5 ×). What idle
// and animating mean: tests/e2e/scene-fps.ts.
// `SCENE_FPS_ONLY=wheel,battle` measures those scenes (and dice) only.
import { chromium } from 'playwright-core';
import { BOUNCE_100, openScene, sampleFps, SCENES, type SceneCase } from '../e2e/scene-fps.ts';
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
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // tsx (esbuild) names the measuring function's inner functions with a `__name` helper the page lacks
    await page.addInitScript('window.__name = (fn) => fn');
    const fps = async (scene: SceneCase) => {
      await openScene(page, { ...scene, url: app.url + scene.url });
      const idle = await sampleFps(page, scene, false);
      const animating = await sampleFps(page, scene, true);
      return { idle: idle.fps, animating: animating.fps };
    };
    const [dice, ...others] = SCENES;
    const first = await fps(dice!);
    const measured = [];
    for (const scene of others)
      if (!only || only.includes(scene.name)) measured.push([scene.name, await fps(scene)] as const);
    const last = await fps(dice!);
    const base = { idle: (first.idle + last.idle) / 2, animating: (first.animating + last.animating) / 2 };
    figures.dice_fps = `idle ${base.idle.toFixed(1)}, animating ${base.animating.toFixed(1)}`;
    for (const [name, r] of measured)
      figures[`${name}_vs_dice`] =
        `idle ${(r.idle / base.idle).toFixed(2)} ×, animating ${(r.animating / base.animating).toFixed(2)} × (${r.idle.toFixed(1)} / ${r.animating.toFixed(1)} fps)`;
    if (!only || only.includes('bounce')) {
      await openScene(page, { ...BOUNCE_100, url: app.url + BOUNCE_100.url });
      const hundred = await sampleFps(page, BOUNCE_100, true);
      figures.bounce_100_balls_vs_dice = `${(hundred.fps / base.animating).toFixed(2)} × (${hundred.fps.toFixed(1)} fps, ≥ ${hundred.minInFlight} in the air)`;
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  return figures;
}
