// Dice end to end: a funded player (created in the e2e server's database) bets on /dice, sees the
// roll and the new balance, rotates the seed pair and verifies the bet on /dice/provably-fair.
// The rolls run in turbo (fixtures.ts): only their outcome is under test here.
import { channelJoined, expect, frames, test, phoneAtPixelRatio2 } from './fixtures.ts';
import { DICE_CHANNEL } from '../../src/shared/api/dice.ts';
import { expectToast } from './toasts.ts';

test.use(phoneAtPixelRatio2); // the canvas is read at its pixel ratio (the track drawn)

type W = Window & { __dice?: { renderer: string; view(): { marker: number; done: boolean } | null } };

test('bet → roll and new balance → rotate seed → verify the bet in the browser', async ({ page, signIn }) => {
  await signIn({ balanceCents: 10_000, name: 'E2E Dicer' });
  await page.goto('/dice');
  await expect(page.getByTestId('dice-stage')).toHaveAttribute('data-renderer', 'webgl');
  await page.getByRole('button', { name: 'Bet', exact: true }).click();
  const roll = Number(await page.getByTestId('dice-roll').textContent());
  expect(roll).toBeGreaterThanOrEqual(0);
  expect(roll).toBeLessThanOrEqual(100);
  const won = roll > 50.5;
  await expect(page.getByTestId('balance')).toHaveText(won ? '$101.00' : '$99.00');
  await expect(page.getByTestId('dice-result')).toContainText(won ? 'won $2.00' : 'lost');
  expect(await page.evaluate(() => (window as W).__dice!.view())).toMatchObject({ marker: roll, done: true });
  await expect(page.getByTestId('bet-row').first().getByTestId('bet-roll')).toHaveText(roll.toFixed(2));

  await page.getByText('Fairness: your seeds').click();
  await expect(page.getByTestId('nonce')).toHaveText('1');
  const hash = await page.getByTestId('server-seed-hash').textContent();
  await page.getByRole('button', { name: 'Rotate seed' }).click();
  await expect(page.getByTestId('revealed-seed')).toContainText('1 bets');
  await expect(page.getByTestId('server-seed-hash')).not.toHaveText(hash!);
  // History refetches with the revealed seed in the verify link.
  const link = page.getByTestId('bet-row').first().getByRole('link', { name: 'Verify' });
  await expect(link).toHaveAttribute('href', /server_seed=[0-9a-f]{64}/);
  await link.click();
  await expect(page).toHaveURL(/\/dice\/provably-fair\?/);
  await expect(page.getByTestId('commitment')).toHaveText('The server seed matches the hash shown before the bets.');
  const result = JSON.parse((await page.getByTestId('fair-result').textContent())!);
  expect(result).toEqual({ game: 'dice', roll, win: won, multiplier: 2 });
});

test('recent bets arrive live: a watcher sees a new bet of another player without reloading', async ({
  page,
  signIn,
  newContext,
}) => {
  test.setTimeout(90_000); // two pages, each loading the dice scene
  const watcher = await (await newContext()).context.newPage();
  const joined = channelJoined(watcher, DICE_CHANNEL);
  await watcher.goto('/dice');
  await expect(watcher.getByRole('tab', { name: 'Recent bets' })).toHaveAttribute('aria-selected', 'true');
  await joined; // the public channel is subscribed: from now on every bet reaches the watcher
  const before = await watcher.getByTestId('bet-row').count();
  const rollsBefore = await watcher.getByTestId('bet-roll').allTextContents();
  await signIn({ balanceCents: 1_000, name: 'E2E Dicer' });
  await page.goto('/dice');
  await page.getByRole('button', { name: 'Bet', exact: true }).click();
  const roll = Number(await page.getByTestId('dice-roll').textContent()).toFixed(2);
  // The page never polls: only the channel can bring the row in. Other tests bet in parallel, so
  // the new row need not be the first one: count rows with this roll against before.
  const same = (rolls: string[]) => rolls.filter((r) => r === roll).length;
  await expect
    .poll(async () => same(await watcher.getByTestId('bet-roll').allTextContents()), { timeout: 10_000 })
    .toBeGreaterThan(same(rollsBefore));
  expect(await watcher.getByTestId('bet-row').count()).toBeGreaterThanOrEqual(Math.min(before + 1, 20));
});

test('errors show the server text and leave the balance alone', async ({ page, signIn }) => {
  await signIn({ balanceCents: 50, name: 'E2E Dicer' });
  await page.goto('/dice');
  await page.locator('input[name="amount"]').fill('5.00');
  await page.getByRole('button', { name: 'Bet', exact: true }).click();
  await expect(page.locator('.dice-error')).toHaveText('Insufficient balance.');
  await expectToast(page, 'Insufficient balance.', 'error'); // the toast of spec §8
  await expect(page.getByTestId('dice-stage')).toHaveAttribute('data-phase', 'new');
});

// the dev panel sits above the phone's bottom bar: checked at both viewports
test('the inspector pauses, steps and skips the roll on the engine clock @responsive', async ({ page, signIn }) => {
  await signIn({ balanceCents: 10_000, name: 'E2E Dicer' });
  await page.goto('/dice?inspect=panel');
  const panel = page.getByTestId('dev-panel');
  await expect(page.getByTestId('dice-stage')).toHaveAttribute('data-renderer', 'webgl');
  await page.waitForLoadState('networkidle'); // seeds and history have loaded: the panel below them stops moving
  await panel.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Bet', exact: true }).click();
  await expect(panel.getByTestId('actor-state')).toHaveText('"pending"'); // answered; the paused clock holds it
  const before = await panel.getByTestId('clock-now').textContent();
  await panel.getByRole('button', { name: 'Step frame' }).click();
  await expect(panel.getByTestId('clock-now')).not.toHaveText(before!);
  await expect(panel.getByTestId('actor-state')).toHaveText('"in_progress"');
  await frames(page, 15); // paused: 15 frames (≥ 1 s at the tests' 15 fps, ≥ 3× a turbo roll) pass, the roll does not end
  await expect(panel.getByTestId('actor-state')).toHaveText('"in_progress"');
  await panel.getByRole('button', { name: 'Skip to end' }).click();
  await expect(panel.getByTestId('actor-state')).toHaveText('"ended"');
  await expect(page.getByTestId('dice-roll')).toBeVisible();
});

// the canvas is sized to the viewport at its pixel ratio: checked at both viewports
test('the dice scene renders with WebGL and draws the track @responsive', async ({ page }) => {
  await page.goto('/dice');
  await expect(page.getByTestId('dice-stage')).toHaveAttribute('data-renderer', 'webgl');
  await page.waitForFunction(() => Boolean((window as W).__dice));
  expect(await page.evaluate(() => (window as W).__dice!.renderer)).toBe('webgl');
  const canvas = page.getByTestId('dice-stage').locator('canvas');
  await expect(canvas).toBeVisible();
  const shot = await canvas.screenshot();
  expect(shot.byteLength).toBeGreaterThan(2000); // a drawn track, not an empty canvas
});
