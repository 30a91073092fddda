// Free loot in the browser: a player who reached level 32 by wagering $25,000 on dice (25,000 XP: $250
// of expected house profit, a $37.50 free-loot allowance at 15 %) sees the level, XP bar, tiers and
// allowance, opens the level-10 free box (EV $37.01), the reel lands on the item the API returned, and
// the box turns into a live countdown (hh:mm:ss) with the open button locked; the level-40 box is locked.
// A level-10 player who played only the 2,025 XP of the level sees the allowance reason instead.
// Daily openings need a $5 deposit: a player without one sees the banner and disabled Open buttons.
import { xpForLevel } from '../../src/shared/levels.ts';
import { expect, test } from './fixtures.ts';

test.describe.configure({ timeout: 150_000 }); // software WebGL on a loaded machine runs the reels slowly

test('a player whose play covers it opens the level-10 free box: the reel lands and the countdown appears @desktop', async ({
  page,
  signIn,
}) => {
  await signIn({ name: 'Free Looter', wagerCents: 25_000 * 100, depositCents: 500 });
  await page.goto('/freeloot');
  await expect(page.getByTestId('player-level')).toHaveText('Level 32');
  await expect(page.getByTestId('deposit-banner')).toHaveCount(0);
  await expect(page.getByTestId('player-xp')).toHaveText('25,000 / 25,600 XP to level 33');
  await expect(page.getByTestId('allowance-available')).toHaveText('$37.50');
  await expect(page.getByTestId('level-badge').first()).toHaveAttribute('data-tier', '30');
  const card = (slug: string) => page.locator(`[data-testid="free-box-card"][data-slug="${slug}"]`);
  await expect(card('free-level-1')).toHaveAttribute('data-state', 'available');
  await expect(card('free-level-40')).toHaveAttribute('data-state', 'locked');
  await expect(card('free-level-40').getByTestId('free-box-locked')).toHaveText('Unlocks at level 40');

  await card('free-level-10').getByTestId('free-box-select').click();
  await expect(page.getByTestId('free-opener')).toHaveAttribute('data-slug', 'free-level-10');
  await expect(page.getByTestId('reel-stage')).toHaveAttribute('data-renderer', /.+/);
  await page.getByLabel('Turbo').check(); // the reel's landing is under test, not its pace
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/free-boxes/free-level-10/open') && r.request().method() === 'POST',
  );
  await page.getByTestId('open-button').click();
  const res = await answer;
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { reels: { item: { id: number } }[] }; free: { via: string } };
  expect(body.free.via).toBe('daily');
  await expect(page.getByTestId('reel-stage')).toHaveAttribute('data-phase', 'ended', { timeout: 60_000 });
  const landed = await page.evaluate(() => (window as unknown as { __boxes: { landed(): number[] } }).__boxes.landed());
  expect(landed).toEqual(body.data.reels.map((r) => r.item.id));
  await expect(page.getByTestId('won-item')).toHaveAttribute('data-item-id', String(body.data.reels[0]!.item.id));

  const countdown = card('free-level-10').getByTestId('free-box-countdown');
  await expect(card('free-level-10')).toHaveAttribute('data-state', 'cooldown');
  await expect(countdown).toHaveText(/^23:59:[0-5]\d$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!, { timeout: 5_000 }); // it ticks
  await expect(page.getByTestId('open-button')).toBeDisabled();
  await expect(page.getByTestId('open-button')).toHaveText(/^Next free opening in 23:59:[0-5]\d$/);
  await expect(card('free-level-1')).toHaveAttribute('data-state', 'available');
});

test('a player without a deposit sees the deposit banner, disabled daily Open buttons and a working Deposit button @desktop', async ({
  page,
  signIn,
}) => {
  await signIn({ name: 'No Deposit', balanceCents: 10_000 }); // a balance is not a deposit
  await page.goto('/freeloot');
  const banner = page.getByTestId('deposit-banner');
  await expect(banner).toContainText('Deposit $5.00 or more within 30 days to open daily free boxes.');
  await expect(page.getByTestId('deposited-30d')).toHaveText('$0.00');
  const card = page.locator('[data-testid="free-box-card"][data-slug="free-level-1"]');
  await expect(card.getByTestId('free-box-select')).toBeDisabled();
  await expect(card.getByTestId('free-box-deposit-needed')).toHaveText('Deposit $5.00 to open daily free boxes');
  await expect(page.getByTestId('open-button')).toBeDisabled();
  await expect(page.getByTestId('open-button')).toHaveText('Deposit $5.00 to open daily free boxes');
  await banner.getByTestId('deposit-banner-button').click();
  await expect(page.getByRole('dialog', { name: 'Deposit' })).toBeVisible();
});

test('a level-10 player whose recent play does not cover the level-10 box sees why @desktop', async ({
  page,
  signIn,
}) => {
  await signIn({ name: 'Level Ten', wagerCents: xpForLevel(10) * 100, depositCents: 500 });
  await page.goto('/freeloot');
  await expect(page.getByTestId('player-level')).toHaveText('Level 10');
  await expect(page.getByTestId('allowance-available')).toHaveText('$3.03'); // 15 % × $20.25 of expected profit
  const card = page.locator('[data-testid="free-box-card"][data-slug="free-level-10"]');
  await expect(card.getByTestId('free-box-deposit-needed')).toHaveText(
    'Play more: $226.53 of expected house profit (22,653 XP) to open', // ($37.01 − $3.03) / 15 %
  );
});
