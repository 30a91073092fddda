// Rocket: the scene's JS frame cost (clock step + scene update + render submit) in headless
// Chromium while a demo round flies to 20× and crashes, with 500 rows in the players list (the
// DOM list is React's; it must not weigh on the canvas frame). Goal (issue #13): p95 ≤ 4 ms.
import type { Page } from 'playwright-core';
import { sceneFrameCost, serve } from './helpers.ts';

type Hook = { fillPlayers(n: number): void; state(): { roundId: number | null } };

/** Runs the rocket scene benchmark and returns its figures. */
export async function crashSceneBench(): Promise<Record<string, number | string>> {
  const app = await serve(['--import', 'tsx', 'src/server/main.ts']);
  try {
    const rows = async (page: Page) => {
      await page.evaluate(() => (window as unknown as { __crash: Hook }).__crash.fillPlayers(500));
      await page.getByTestId('crash-players').locator('tbody tr').nth(499).waitFor();
    };
    const frames = await sceneFrameCost(`${app.url}/rocket`, '__crash', 600, rows);
    const bare = await sceneFrameCost(`${app.url}/rocket`, '__crash', 600);
    return {
      scene_renderer: frames.renderer,
      scene_frame_p50_ms: frames.p50,
      scene_frame_p95_ms: frames.p95,
      no_list_frame_p50_ms: bare.p50,
      no_list_frame_p95_ms: bare.p95,
      goal_p95_ms: 4,
    };
  } finally {
    await app.stop();
  }
}
