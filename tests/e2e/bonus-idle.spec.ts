// The bonus dialog never opens over a game in progress (issue 26 item 9): the page's clock stands
// still from before the app starts, a game is put in progress, the 4 s mark passes without the
// dialog (the day is not even marked as shown), and the dialog opens once the game is idle.
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

test.use({ bonus: true });

/** The local day the app recorded the dialog as shown on, or null. */
const shownOn = (page: Page) => page.evaluate(() => localStorage.getItem('bonus-shown-on'));
const bonusDialog = (page: Page) => page.getByRole('dialog', { name: '35% BONUS to deposit' });

/** Installs Playwright's clock, paused, before the app starts: its 4 s timer fires only when run. */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
}

test('waits while a dice roll is in flight and replaying, opens once it has landed @desktop', async ({
  page,
  signIn,
}) => {
  await signIn({ balanceCents: 10_000 });
  await pauseClock(page);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/dice/bet', async (route) => {
    await held; // the bet stays in flight until the test lets it go
    await route.continue();
  });
  await page.goto('/dice');
  await expect(page.locator('#loading')).toHaveClass(/done/);
  const stage = page.getByTestId('dice-stage');
  await expect(stage).toHaveAttribute('data-renderer', 'webgl');
  await page.getByRole('button', { name: 'Bet', exact: true }).click();
  await expect(stage).toHaveAttribute('data-phase', 'starting');

  await page.clock.runFor(4_100); // past the mark while the roll is in flight
  expect(await shownOn(page)).toBeNull(); // the schedule waits: it did not open (nor mark the day)
  await expect(bonusDialog(page)).toHaveCount(0);
  await expect(stage).toHaveAttribute('data-phase', 'starting');

  release();
  await page.clock.resume(); // the answer arrives and the roll plays out
  await expect(page.getByTestId('dice-roll')).toBeVisible();
  await expect(bonusDialog(page)).toBeVisible();
  expect(await shownOn(page)).not.toBeNull();
});

test('waits while a Rocket bet is placed and riding, opens once it is settled @desktop', async ({ page, signIn }) => {
  test.setTimeout(90_000); // a real round: up to a betting window and a flight (at most 6.8 s at the test pace)
  await signIn({ balanceCents: 10_000 });
  await pauseClock(page);
  await page.goto('/rocket');
  await expect(page.locator('#loading')).toHaveClass(/done/);
  const crash = page.getByTestId('crash-page');
  await expect(page.getByTestId('balance')).toHaveText('$100.00');
  await page.getByTestId('crash-amount').fill('1.00');
  await page.getByTestId('crash-button').click();
  // placed now, or queued for the next round's window: either way the bet is in play
  await expect(crash).toHaveAttribute('data-state', /queued|placing|placed/);

  await page.clock.runFor(4_100);
  expect(await shownOn(page)).toBeNull();
  await expect(bonusDialog(page)).toHaveCount(0);
  await expect(crash).toHaveAttribute('data-state', /queued|placing|placed|cashing/);

  await page.clock.resume(); // the round flies and busts (or the bet is cashed out): the bet is settled
  await expect(crash).toHaveAttribute('data-state', /won|lost|refunded/, { timeout: 150_000 });
  await expect(bonusDialog(page)).toBeVisible();
});
