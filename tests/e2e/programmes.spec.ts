// The programmes in the browser, at the desktop viewport: a dice bet ranks the player on
// the weekly leaderboard (podium, own row highlighted, timer chip, period and zone); cashback of a
// losing window that has closed is claimed once; a deposit limit and a self-exclusion set on
// /profile, after which a dice bet is refused with the exclusion's message. Server behaviour seen through
// the UI: one viewport (the phone layout of /leaderboard is a11y.spec's, of the profile pages profile-hub's).
import { expect, test } from './fixtures.ts';
import { cashbackWindow, leaderboardPeriod, previousCashbackWindow } from '../../src/shared/time/programme-windows.ts';
import { formatUsd } from '../../src/shared/money.ts';
import type { Leaderboard } from '../../src/shared/api/programmes.ts';
import { clearOf } from './wall-clock.ts';
import { expectToast } from './toasts.ts';

test.describe.configure({ timeout: 120_000 });

test('a dice bet ranks the player on the weekly leaderboard', async ({ page, signIn, random }) => {
  await clearOf(leaderboardPeriod(Date.now()).to); // the week must not end (Thursday 18:00) under the test
  const name = `Racer ${random.word(6)}`;
  // a wager this week far above what other tests wager; the same test of another project (or a
  // repeat) may run beside it and rank above, so the place shown is checked against the server's
  const wagerCents = 1_000_000_00 + random.int(0, 1_000_000);
  await signIn({ name, balanceCents: 100_00, wagerCents });
  await page.goto('/dice');
  await expect(page.getByTestId('balance')).toHaveText('$100.00');
  await page.getByRole('button', { name: 'Bet', exact: true }).click();
  await expect(page.getByTestId('balance')).not.toHaveText('$100.00');

  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leaderboard');
  await page.goto('/leaderboard');
  const { me } = ((await (await answer).json()) as { data: Leaderboard }).data;
  expect(me?.wagered).toBe((wagerCents + 100) / 100);
  const place = me!.place;
  await expect(page.getByTestId('timer-chip')).toBeVisible();
  await expect(page.getByTestId('leaderboard-period')).toContainText('(Europe/Berlin)');
  await expect(page.getByTestId('leaderboard-my-place')).toHaveText(
    `Your place: #${place} with ${formatUsd(wagerCents + 100)} wagered`,
  );
  const mine = page.getByTestId('leaderboard-table-me');
  await expect(mine).toContainText(name);
  await expect(mine).toHaveAttribute('aria-current', 'true');
  expect(place).toBeLessThanOrEqual(3 * test.info().config.workers); // only tests like this one wager as much
  if (place <= 3)
    await expect(
      page
        .getByTestId('podium')
        .locator('li')
        .nth(place - 1),
    ).toContainText(name);
  await expect(page.getByTestId('leaderboard-prizes')).toContainText('#10: $10.00');
});

test('claims the cashback of a closed window: a share of the house edge of its settled bets', async ({
  page,
  signIn,
}) => {
  // the server's clock is the real one: the bets are booked inside the window that closed last, and
  // that window must stay the last closed one (no 21:00 reset) until the claim
  await clearOf(cashbackWindow(Date.now()).to);
  const closed = previousCashbackWindow(Date.now());
  // $10,000 settled on dice: $100 of expected house profit, 10 % of it back
  await signIn({ balanceCents: 10_00, wagerCents: 10_000_00, wagerAt: closed.from + 60_000 });
  await page.clock.install({ time: Date.now() }); // the countdown runs on the page's own clock
  await page.goto('/cashback');
  await expect(page.getByTestId('cashback-rate')).toHaveText('10%');
  await expect(page.getByTestId('cashback-wagered')).toHaveText('$0.00');
  await expect(page.getByTestId('cashback-claimable')).toHaveText('$10.00');
  await expect(
    page.getByTestId('programme-rates').locator('tr[data-game="bet"] td[data-programme="cashback"]'),
  ).toHaveText('$0.10');
  await page.getByRole('button', { name: 'Claim $10.00' }).click();
  await expectToast(page, '$10.00 cashback has been added to your balance.');
  await expect(page.getByTestId('cashback-claimable')).toHaveText('$0.00');
  await expect(page.getByRole('button', { name: /^Claim/ })).toBeDisabled();
  await expect(page.getByTestId('cashback-history')).toContainText('$10,000.00');
  await expect(page.getByRole('button', { name: 'Balance $20.00, deposit' })).toBeVisible();
  const before = await page.getByTestId('cashback-countdown').textContent();
  await page.clock.runFor(2000);
  await expect(page.getByTestId('cashback-countdown')).not.toHaveText(before!);
});

test('a deposit limit and a self-exclusion; then a bet is refused', async ({ page, signIn }) => {
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
});
