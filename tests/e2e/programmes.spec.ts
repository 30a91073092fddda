// The programmes in the browser (1440×900 and @responsive 390×844): a dice bet ranks the player on
// the weekly leaderboard (podium, own row highlighted, timer chip, period and zone); cashback of a
// losing window that has closed is claimed once; a deposit limit and a self-exclusion set on
// /profile, after which a dice bet is refused with the exclusion's message.
import { expect, test } from './fixtures.ts';
import { previousCashbackWindow } from '../../src/shared/time/programme-windows.ts';
import { formatUsd } from '../../src/shared/money.ts';

test.describe.configure({ timeout: 120_000 });

test('a dice bet ranks the player on the weekly leaderboard', { tag: '@responsive' }, async ({ page, signIn }) => {
  const name = `Racer ${Math.random().toString(36).slice(2, 8)}`;
  // a wager this week larger than any earlier test player's (it grows with the clock) puts the
  // player at the top; the dice bet adds $1.00 to it
  const wagerCents = Math.floor(Date.now() / 1000);
  await signIn({ name, balanceCents: 100_00, wagerCents });
  await page.goto('/dice');
  await expect(page.getByTestId('balance')).toHaveText('$100.00');
  await page.getByRole('button', { name: 'Bet', exact: true }).click();
  await expect(page.getByTestId('balance')).not.toHaveText('$100.00');

  await page.goto('/leaderboard');
  await expect(page.getByTestId('timer-chip')).toBeVisible();
  await expect(page.getByTestId('leaderboard-period')).toContainText('(Europe/Berlin)');
  await expect(page.getByTestId('leaderboard-my-place')).toHaveText(
    `Your place: #1 with ${formatUsd(wagerCents + 100)} wagered`,
  );
  const mine = page.getByTestId('leaderboard-table-me');
  await expect(mine).toContainText(name);
  await expect(mine).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('podium').locator('li').first()).toContainText(name);
  await expect(page.getByTestId('leaderboard-prizes')).toContainText('#10: $10.00');
});

test('claims the cashback of a losing window once it has closed', { tag: '@responsive' }, async ({ page, signIn }) => {
  // the server's clock is the real one: the loss is booked inside the window that closed last
  const closed = previousCashbackWindow(Date.now());
  await signIn({ balanceCents: 10_00, wagerCents: 200_00, wagerAt: closed.from + 60_000 });
  await page.clock.install({ time: Date.now() }); // the countdown runs on the page's own clock
  await page.goto('/cashback');
  await expect(page.getByTestId('cashback-rate')).toHaveText('5%');
  await expect(page.getByTestId('cashback-net-loss')).toHaveText('$0.00');
  await expect(page.getByTestId('cashback-claimable')).toHaveText('$10.00');
  await page.getByRole('button', { name: 'Claim $10.00' }).click();
  await expect(page.getByText('$10.00 cashback has been added to your balance.')).toBeVisible();
  await expect(page.getByTestId('cashback-claimable')).toHaveText('$0.00');
  await expect(page.getByRole('button', { name: /^Claim/ })).toBeDisabled();
  await expect(page.getByTestId('cashback-history')).toContainText('$200.00');
  await expect(page.getByRole('button', { name: 'Balance $20.00, deposit' })).toBeVisible();
  const before = await page.getByTestId('cashback-countdown').textContent();
  await page.clock.runFor(2000);
  await expect(page.getByTestId('cashback-countdown')).not.toHaveText(before!);
});

test(
  'a deposit limit and a self-exclusion; then a bet is refused',
  { tag: '@responsive' },
  async ({ page, signIn }) => {
    await signIn({ balanceCents: 100_00 });
    await page.goto('/profile');
    const panel = page.getByTestId('responsible-play');
    await panel.getByLabel('Daily deposit limit in dollars').fill('50');
    await panel.getByTestId('limit-day').getByRole('button', { name: 'Set' }).click();
    await expect(panel.getByTestId('limit-day-amount')).toHaveText('$50.00');
    await panel.getByLabel('Daily deposit limit in dollars').fill('80');
    await panel.getByTestId('limit-day').getByRole('button', { name: 'Set' }).click();
    await expect(panel.getByTestId('limit-day-pending')).toContainText('Rises to $80.00 on');
    await expect(panel.getByTestId('limit-day-amount')).toHaveText('$50.00');

    await panel.getByLabel(/^Days/).fill('7');
    await panel.getByRole('button', { name: 'Self-exclude' }).click();
    await panel.getByRole('button', { name: 'Confirm self-exclusion' }).click();
    await expect(panel.getByTestId('self-excluded-until')).toContainText('You are self-excluded until');

    await page.goto('/dice');
    await expect(page.getByTestId('balance')).toHaveText('$100.00');
    await page.getByRole('button', { name: 'Bet', exact: true }).click();
    await expect(
      page.getByText(/You are self-excluded until .* UTC: bets and openings are closed/).first(),
    ).toBeVisible();
    await expect(page.getByTestId('balance')).toHaveText('$100.00');
    // still signed in: the profile shows the end date
    await page.goto('/profile');
    await expect(page.getByTestId('self-excluded-until')).toBeVisible();
  },
);
