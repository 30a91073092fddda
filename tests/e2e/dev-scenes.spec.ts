// /dev/scenes plays a scene from a given outcome without a server round trip: dice lands on the
// roll in the URL; the clock controls pause it and skip to the end; upgrade, the box reel, Bounce and battle
// rounds too; Rocket crashes at the URL's point from any moment, the wheel lands on the URL's segment (both
// on the real round machine, listed in the panel).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts'; // the bonus dialog skipped, frames capped (the URL sets the motion)

type W = Window & {
  __scenes?: { name: string; outcome: unknown; view(): unknown; reached(): boolean; clock: { now: number } };
};

const view = (page: Page) => page.evaluate(() => (window as W).__scenes!.view());

test('@desktop dice: the scene reaches the outcome given in the URL', async ({ page }) => {
  await page.goto('/dev/scenes?scene=dice&outcome=73.21&target=50&direction=under&muted');
  await expect(page.getByTestId('scene-stage')).toHaveAttribute('data-reached', 'true');
  expect(await view(page)).toMatchObject({ marker: 73.21, label: '73.21', revealed: true, win: false, done: true });
  expect(await page.evaluate(() => (window as W).__scenes!.outcome)).toMatchObject({ roll: 73.21, win: false });
  await expect(page.getByTestId('scene-view')).toContainText('"marker": 73.21');
});

test('@desktop clock controls: paused mid-flight the dice has not landed; skip to end lands it', async ({ page }) => {
  await page.goto('/dev/scenes?scene=dice&outcome=12.34&muted');
  await page.waitForFunction(() => Boolean((window as W).__scenes));
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Replay' }).click(); // replays from the paused engine time
  await page.getByRole('button', { name: 'Step frame' }).click();
  expect(await page.evaluate(() => (window as W).__scenes!.reached())).toBe(false);
  expect(await view(page)).toMatchObject({ revealed: false, done: false });
  await page.getByRole('button', { name: 'Skip to end' }).click();
  await expect(page.getByTestId('scene-stage')).toHaveAttribute('data-reached', 'true');
  expect(await view(page)).toMatchObject({ marker: 12.34, win: false, done: true }); // over 50.5 by default
});

test('@desktop upgrade: the needle reaches the outcome', async ({ page }) => {
  await page.goto('/dev/scenes?scene=upgrade&outcome=61.5&chance=30&mode=turbo&muted');
  await expect(page.getByTestId('scene-stage')).toHaveAttribute('data-reached', 'true');
  expect(await view(page)).toMatchObject({ needle: 61.5, win: false, done: true });
});

test('@desktop box reel: three reels land on the items in the URL', async ({ page }) => {
  test.slow(); // three masked reels and their glow filters draw slowly in software WebGL on a busy machine
  await page.goto('/dev/scenes?scene=boxes&outcome=5,0,7&muted');
  // jump to the end instead of waiting for frames
  await expect(page.getByRole('button', { name: 'Replay' })).toBeEnabled(); // the spin has started
  expect(await page.evaluate(() => (window as W).__scenes!.reached())).toBe(false);
  await page.getByRole('button', { name: 'Skip to end' }).click();
  await expect(page.getByTestId('scene-stage')).toHaveAttribute('data-reached', 'true');
  expect(await view(page)).toEqual({ items: [5, 0, 7], settled: true });
});

test('@desktop battle: a 2v2 of given drops walks its rounds through the statuses to the winners', async ({ page }) => {
  test.slow(); // four masked reels in software WebGL
  // two rounds of four seats (item indices 0–7): team 1 (seats 0–1) totals $30.00, team 2 $0.25
  await page.goto('/dev/scenes?scene=battle&mode=2v2&drops=7,7,0,0;6,6,1,0&muted');
  await expect(page.getByRole('button', { name: 'Replay' })).toBeEnabled(); // the replay has started
  await page.getByRole('button', { name: 'Pause' }).click();
  // replayed from the paused engine time: mid-walk whatever time the page took to get here
  await page.getByRole('button', { name: 'Replay' }).click();
  await page.getByRole('button', { name: 'Step frame' }).click();
  const mid = (await view(page)) as { status: string; shown: number; winners: number[] | null };
  expect(['starting', 'pending', 'in_progress']).toContain(mid.status);
  expect(mid.winners).toBeNull();
  await page.getByRole('button', { name: 'Skip to end' }).click();
  await expect(page.getByTestId('scene-stage')).toHaveAttribute('data-reached', 'true');
  expect(await view(page)).toMatchObject({
    status: 'ended',
    round: 1,
    shown: 1,
    landed: [6, 6, 1, 0],
    winners: [0, 1],
  });
  expect(await page.evaluate(() => (window as W).__scenes!.outcome)).toMatchObject({
    mode: '2v2',
    totals: [30, 0.25],
    winners: [0, 1],
  });
});

test('@desktop bounce: N seeded balls, and balls on the paths in the URL, land in their buckets', async ({ page }) => {
  await page.goto('/dev/scenes?scene=plinko&rows=8&risk=high&balls=12&muted');
  await expect(page.getByRole('button', { name: 'Replay' })).toBeEnabled(); // the balls are falling
  const outcome = (await page.evaluate(() => (window as W).__scenes!.outcome)) as { buckets: number[] };
  expect(outcome.buckets).toHaveLength(12);
  await page.getByRole('button', { name: 'Skip to end' }).click();
  await expect(page.getByTestId('scene-stage')).toHaveAttribute('data-reached', 'true');
  const seen = (await view(page)) as { rows: number; landed: number[] };
  expect(seen.rows).toBe(8);
  expect([...seen.landed].sort()).toEqual([...outcome.buckets].sort());

  await page.goto('/dev/scenes?scene=plinko&rows=8&risk=low&outcome=LLLLLLLL,RRRRRRRR,LRLRLRLR&muted');
  await expect(page.getByRole('button', { name: 'Replay' })).toBeEnabled();
  expect(await page.evaluate(() => (window as W).__scenes!.outcome)).toMatchObject({ buckets: [0, 8, 4] });
  await page.getByRole('button', { name: 'Skip to end' }).click();
  await expect(page.getByTestId('scene-stage')).toHaveAttribute('data-reached', 'true');
  expect(((await view(page)) as { landed: number[] }).landed.sort()).toEqual([0, 4, 8]);
});

test('@desktop rocket: joined mid-flight at t, the round machine flies on and crashes at the URL point', async ({
  page,
}) => {
  await page.goto('/dev/scenes?scene=crash&crash=2.37&t=3000&muted');
  await page.waitForFunction(() => Boolean((window as W).__scenes));
  await page.getByRole('button', { name: 'Pause' }).click();
  expect(await view(page)).toMatchObject({ phase: 'flying' });
  expect(await page.evaluate(() => (window as W).__scenes!.reached())).toBe(false);
  const panel = page.getByTestId('dev-panel');
  await expect(panel.getByTestId('dev-actor')).toHaveAttribute('data-actor', 'round'); // the story's machine
  await expect(panel.getByTestId('actor-state')).toHaveText('"in_progress"');
  await page.getByRole('button', { name: 'Skip to end' }).click();
  await expect(page.getByTestId('scene-stage')).toHaveAttribute('data-reached', 'true');
  expect(await view(page)).toMatchObject({ phase: 'crashed', multiplier: 2.37, label: 'Crashed @ 2.37×' });
  await expect(panel.getByTestId('actor-state')).toHaveText('"ended"');
});

test('@desktop rocket: a whole round from its betting window, replayed', async ({ page }) => {
  await page.goto('/dev/scenes?scene=crash&crash=1.5&muted');
  await page.waitForFunction(() => Boolean((window as W).__scenes));
  await page.getByRole('button', { name: 'Skip to end' }).click();
  await expect(page.getByTestId('scene-stage')).toHaveAttribute('data-reached', 'true');
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Replay' }).click(); // a newer round, from its betting window again
  await page.getByRole('button', { name: 'Step frame' }).click();
  await expect(page.getByTestId('scene-stage')).toHaveAttribute('data-reached', 'false');
  expect(await view(page)).toMatchObject({ phase: 'countdown', sublabel: 'Place your bets' });
  await page.getByRole('button', { name: 'Skip to end' }).click();
  await expect(page.getByTestId('scene-stage')).toHaveAttribute('data-reached', 'true');
  expect(await view(page)).toMatchObject({ phase: 'crashed', multiplier: 1.5 });
});

test('@desktop wheel: spins and lands on the segment in the URL; joined at ended it rests there at once', async ({
  page,
}) => {
  await page.goto('/dev/scenes?scene=wheel&segment=17&muted');
  await page.waitForFunction(() => Boolean((window as W).__scenes));
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Replay' }).click(); // from the paused engine time
  await page.getByRole('button', { name: 'Step frame' }).click();
  expect(await view(page)).toMatchObject({ phase: 'betting', landed: false, label: 'Bets close in 3.0 s' });
  expect(await page.evaluate(() => (window as W).__scenes!.outcome)).toMatchObject({ segment: 17, color: 'blue' });
  await page.getByRole('button', { name: 'Skip to end' }).click();
  await expect(page.getByTestId('scene-stage')).toHaveAttribute('data-reached', 'true');
  expect(await view(page)).toMatchObject({ phase: 'landed', segment: 17, landed: true, result: { segment: 17 } });

  await page.goto('/dev/scenes?scene=wheel&segment=0&status=ended&muted');
  await expect(page.getByTestId('scene-stage')).toHaveAttribute('data-reached', 'true');
  expect(await view(page)).toMatchObject({ segment: 0, landed: true, label: 'Landed on gold ×52' });
});
