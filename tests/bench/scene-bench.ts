// What the scene benches share: the app served, headless Chromium (software WebGL) at 1440×900, the
// browser's CPU clock, the dice scene open on one page (the reference) and a second page for the scene
// under test (scene-fps.ts measures them).
import { chromium, type Page } from 'playwright-core';
import { browserCpuClock, openScene, SCENES, type CpuClock, type SceneCase } from '../e2e/scene-fps.ts';
import { skipBonus } from '../e2e/shell-helpers.ts';
import { serve } from './helpers.ts';

/** The pages and clock `body` measures with; `at` gives a scene case this app's URL. */
export interface SceneBench {
  cpu: CpuClock;
  dicePage: Page; // open on the dice scene
  page: Page; // for the scene under test
  at(scene: SceneCase): SceneCase;
}

/** Runs `body` with the app, the browser and both pages, and stops them whatever happens. */
export async function withSceneBench(body: (bench: SceneBench) => Promise<void>): Promise<void> {
  const app = await serve(['--import', 'tsx', 'src/server/main.ts']);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--webgl-antialiasing-mode=none'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // tsx (esbuild) names the measuring function's inner functions with a `__name` helper the page lacks
    await context.addInitScript('window.__name = (fn) => fn');
    await skipBonus(context); // the daily bonus dialog over the stage would be drawn with every frame
    const cpu = await browserCpuClock(browser);
    const at = (scene: SceneCase) => ({ ...scene, url: app.url + scene.url });
    const dicePage = await context.newPage();
    await openScene(dicePage, at(SCENES[0]!));
    await body({ cpu, dicePage, page: await context.newPage(), at });
  } finally {
    await browser.close();
    await app.stop();
  }
}
