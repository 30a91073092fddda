// The dice scene's frame budget (issue #17): while auto-bet plays real rolls from the server
// (normal motion, desktop viewport, WebGL), the JS of each animation frame — engine clock, machine
// steps and whatever React work they trigger, scene update, Pixi render submit — costs at most
// 2 ms of main-thread CPU at the 95th percentile over at least 600 frames of rolls.
// Robust on a busy machine: CPU time of the frame callbacks from Chromium's trace (not wall time,
// not the time between frames); three rolls of warm-up first; a sample over the budget is taken
// again and the better of the two counts.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { frameCostsBetween, percentile, traceWhile } from './frame-trace.ts';

const BUDGET_MS = 2; // p95 CPU ms per frame
const FRAMES = 600; // frames of rolls per sample

// the full 1.2 s roll at the browser's own frame rate: the frames under test are those of the animation
test.use({ turbo: false, frameRate: null });

/** Completed rolls so far (the page marks each one). */
const rolled = (page: Page) => page.evaluate(() => performance.getEntriesByName('dice:rolled').length);

/** Per-frame CPU ms of at least FRAMES frames of rolls. Starting and stopping a trace costs seconds, so
 * each trace lasts the rolls that should bring the frames still missing, plus one: at first counting
 * 60 frames a roll (a 1.2 s roll draws at most 72 at 60 Hz), then the rate the traces showed. (On the
 * loaded 2-core machine a fixed ten rolls a trace drew under 600 frames: a second trace of ten more.) */
async function sample(page: Page): Promise<number[]> {
  const costs: number[] = [];
  let rolls = 0;
  while (costs.length < FRAMES) {
    const perRoll = rolls ? Math.max(10, costs.length / rolls) : 60;
    const count = Math.ceil((FRAMES - costs.length) / perRoll) + 1;
    const events = await traceWhile(page, async () => {
      const target = (await rolled(page)) + count;
      await expect.poll(() => rolled(page), { timeout: 10_000 + count * 3_000 }).toBeGreaterThanOrEqual(target);
    });
    const frames = frameCostsBetween(events, 'dice:roll', 'dice:rolled');
    expect(frames.length, `frames traced during ${count} rolls`).toBeGreaterThan(0);
    costs.push(...frames);
    rolls += count;
  }
  return costs;
}

test('the dice scene costs ≤ 2 ms of JS per frame (p95) while auto-bet rolls', async ({ page, signIn }) => {
  test.setTimeout(180_000);
  await signIn({ balanceCents: 10_000, name: 'E2E Frame Budget' });
  await page.goto('/dice');
  await expect(page.getByTestId('dice-stage')).toHaveAttribute('data-renderer', 'webgl');
  await page.locator('input[name="amount"]').fill('0.01');
  await page.getByText('Auto bet', { exact: true }).click();
  await page.locator('input[name="auto-count"]').fill('0'); // until stopped
  await page.getByRole('button', { name: 'Start auto bet' }).click();
  await expect.poll(() => rolled(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(3); // warm-up

  const report = (costs: number[]) =>
    `p50 ${percentile(costs, 50).toFixed(3)} ms, p95 ${percentile(costs, 95).toFixed(3)} ms, p99 ${percentile(costs, 99).toFixed(2)} ms, max ${Math.max(...costs).toFixed(2)} ms over ${costs.length} frames`;
  const first = await sample(page);
  console.log(`dice frame JS (CPU): ${report(first)}`);
  let p95 = percentile(first, 95);
  if (p95 > BUDGET_MS) {
    const second = await sample(page);
    console.log(`dice frame JS (CPU), second sample: ${report(second)}`);
    p95 = Math.min(p95, percentile(second, 95));
  }
  await page.getByRole('button', { name: 'Stop auto bet' }).click();
  expect(p95).toBeLessThanOrEqual(BUDGET_MS);
});

// Upgrade and the Crazy Wheel: the page's own frame-cost probe (window.__<game>.frameCosts, the one
// `npm run bench -- frame-costs` reads) animates demo upgrades / demo rounds that spin and land on the
// page's scene and renderer, and times each frame's JS (clock step + scene update + render submit).
// Wall time inside one task, so a busy machine can only make it worse: the best of three samples counts.
const PROBE_BUDGET_MS = 4; // p95 JS ms per frame
const PROBE_FRAMES = 300;
const WARM_UP_FRAMES = 60;

type Probe = { frameCosts(frames: number): number[] };

for (const { game, path, hook } of [
  { game: 'upgrade', path: '/upgrade', hook: '__upgrade' },
  { game: 'wheel', path: '/wheel', hook: '__wheel' },
]) {
  test(`the ${game} scene costs ≤ ${PROBE_BUDGET_MS} ms of JS per frame (p95) while it animates`, async ({ page }) => {
    test.setTimeout(180_000); // software WebGL on a loaded machine: up to four samples
    await page.goto(path);
    await expect(page.locator('canvas').first()).toBeVisible();
    await page.waitForFunction((h) => Boolean((window as unknown as Record<string, unknown>)[h]), hook);
    const sample = (frames = PROBE_FRAMES) =>
      page.evaluate(([h, n]) => (window as unknown as Record<string, Probe>)[h]!.frameCosts(n), [
        hook,
        frames,
      ] as const);
    await sample(WARM_UP_FRAMES); // warm-up (JIT, first uploads): not measured
    let best = Infinity;
    for (let i = 0; i < 3 && best > PROBE_BUDGET_MS; i++) {
      const costs = await sample();
      expect(costs).toHaveLength(PROBE_FRAMES);
      const p95 = percentile(costs, 95);
      console.log(`${game} frame JS (probe): p50 ${percentile(costs, 50).toFixed(3)} ms, p95 ${p95.toFixed(3)} ms`);
      best = Math.min(best, p95);
    }
    expect(best).toBeLessThanOrEqual(PROBE_BUDGET_MS);
  });
}
