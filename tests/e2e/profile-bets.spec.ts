// The profile's bet history and paged sessions in the browser (1440×900 and 390×844): a player's dice
// rolls and Bounce drop are counted in Bets and listed newest first 10 a page, filtered by game, result
// and day, each linking to its filled-in verifier; seven sign-ins page 5 at a time, and the panels
// after them stay reachable.
import { expect, test } from './fixtures.ts';
import { e2eDatabase } from './players.ts';
import { issueTokens } from '../../src/server/modules/auth/tokens.ts';

test.describe.configure({ timeout: 120_000 });

/** Six more sign-ins of `userId` (seven with the browser's). */
async function moreSessions(userId: number): Promise<void> {
  const { database, appSecret } = e2eDatabase();
  try {
    for (let i = 0; i < 6; i++) await issueTokens(database.db, appSecret, userId, Date.now());
  } finally {
    await database.close();
  }
}

test('@responsive bet history: every game counted, filtered, paged and verifiable; sessions paged', async ({
  page,
  signIn,
}) => {
  const player = await signIn({ balanceCents: 100_00 });
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { headers: player.auth, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    return (await res.json()).data;
  };
  const rolls: { win: boolean }[] = [];
  for (let i = 0; i < 11; i++) rolls.push(await post('/api/dice/bet', { amount: 1, target: 50, direction: 'over' }));
  const drop = await post('/api/plinko/bet', { amount: 1, rows: 8, risk: 'low' });
  await moreSessions(player.userId);

  await page.goto('/profile');
  await expect(page.getByTestId('stat-bets')).toHaveText('12'); // dice and Bounce alike
  const history = page.getByTestId('profile-bets');
  const rows = history.getByTestId('bet-row');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toHaveAttribute('data-game', 'plinko'); // newest first
  await expect(history.getByText('Page 1 of 2')).toBeVisible();
  await history.getByRole('button', { name: 'Next' }).click();
  await expect(history.getByText('Page 2 of 2')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute('data-game', 'dice');

  // filters: a result, a game (back to page 1), a day with no bets
  await history.getByLabel('Result').selectOption('win');
  const wins = rolls.filter((r) => r.win).length + (drop.payout > 1 ? 1 : 0);
  await expect(rows).toHaveCount(Math.min(wins, 10));
  for (const r of await rows.all()) await expect(r).toHaveAttribute('data-result', 'win');
  await history.getByLabel('Result').selectOption('');
  await history.getByLabel('Game').selectOption('plinko');
  await expect(rows).toHaveCount(1);
  await expect(history.getByText(/Page \d of/)).toHaveCount(0);
  await history.getByLabel('To').fill('2020-01-01');
  await expect(history.getByText('No bets match.')).toBeVisible();
  await history.getByLabel('To').fill('');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Bounce 8 rows, low risk');

  // the sessions page 5 at a time; the panels after them stay reachable
  const sessions = page.getByTestId('profile-sessions');
  await expect(sessions.getByTestId('session')).toHaveCount(5);
  await sessions.getByRole('button', { name: 'Next' }).click();
  await expect(sessions.getByTestId('session')).toHaveCount(2);
  await expect(sessions.getByText('Page 2 of 2')).toBeVisible();
  // the table scrolls sideways inside its panel: the panel itself fits the screen
  const panel = (await history.boundingBox())!;
  expect(panel.x + panel.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await history.scrollIntoViewIfNeeded();
  await expect(history.getByLabel('Game')).toBeInViewport();

  // the drop's verifier opens filled in
  await rows.first().getByRole('link', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/bounce\/provably-fair\?.*server_seed_hash=[0-9a-f]{64}.*nonce=\d+.*rows=8&risk=low/);
});
