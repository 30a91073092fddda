// Battles in the browser against the real server: a player creates a 1v1, fills it with a bot, watches
// it to the end and verifies it (the winner's items in the inventory); a second player joins a 2v2 from
// the live list while a guest spectator follows; Back to Battle appears and clears (end and cancel);
// the reels' grid at the phone viewport.
import type { APIRequestContext, Page } from '@playwright/test';
import { channelJoined, expect, test } from './fixtures.ts';

test.describe.configure({ timeout: 180_000 }); // server-paced rounds (~4.5 s each) and software WebGL

const BOX = 'penny-box';
const FUNDS = 100_000; // cents

type Auth = { authorization: string };

async function createByApi(request: APIRequestContext, auth: Auth, mode: string, boxes = [BOX]): Promise<number> {
  const res = await request.post('/api/battles/create', { headers: auth, data: { boxes, mode } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** Waits until the battle page shows the winners (the reels landed on the last round). */
async function waitForEnd(page: Page): Promise<void> {
  await expect(page.getByTestId('battle-page')).toHaveAttribute('data-status', 'ended', { timeout: 60_000 });
  // the reels follow the engine clock, which a loaded machine slows down: the winners show once they land
  await expect(page.getByTestId('winner-badge').first()).toBeVisible({ timeout: 60_000 });
}

test('a player creates a 1v1, fills it with a bot, watches it end, verifies it; Back to Battle appears and clears', async ({
  page,
  signIn,
}) => {
  const { userId, auth } = await signIn({ balanceCents: FUNDS });
  await page.goto('/battles/create');
  const box = page.getByTestId('picker-box').and(page.locator(`[data-slug="${BOX}"]`));
  await box.getByRole('button', { name: /^Add/ }).click();
  await box.getByRole('button', { name: /^Add/ }).click();
  await expect(box.getByTestId('picker-count')).toHaveText('2');
  await expect(page.getByTestId('rounds')).toContainText('2 boxes');
  await page.getByTestId('create-button').click();
  await page.waitForURL(/\/battles\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('round-counter')).toContainText('Waiting for players · 1/2');
  await expect(page.getByTestId('battle-stage')).toHaveAttribute('data-renderer', 'webgl');

  // the active battle: Back to Battle elsewhere, not on the battle's own page
  await expect(page.getByTestId('back-to-battle')).toHaveCount(0);
  await page.goto('/boxes');
  await page.getByTestId('back-to-battle').click();
  await page.waitForURL(`**/battles/${id}`);

  const joined = channelJoined(page, `battle-${id}`);
  await page.reload();
  await joined;
  await expect(page.getByTestId('battle-page')).toHaveAttribute('data-phase', 'new'); // the battle actor's status
  await page.getByTestId('add-bots-button').click();
  await expect(page.getByTestId('seat-card').nth(1).getByTestId('seat-name')).toContainText('Bot');
  await expect(page.getByTestId('battle-page')).toHaveAttribute('data-phase', 'in_progress', { timeout: 30_000 });
  await waitForEnd(page);
  await expect(page.getByTestId('battle-page')).toHaveAttribute('data-phase', 'ended');
  await expect(page.getByTestId('round-counter')).toHaveText('Round 2/2');
  await expect(page.getByTestId('seat-drop')).toHaveCount(4);

  // the reels rest on the last round's drops
  const api = (await (await page.request.get(`/api/battles/${id}`)).json()) as {
    data: { winners: number[]; seats: { drops: { round: number; item: { id: number } }[] }[] };
  };
  const lastDrops = api.data.seats.map((s) => s.drops.find((d) => d.round === 1)!.item.id);
  expect(
    await page.evaluate(() => (window as unknown as { __battle: { landed(): number[] } }).__battle.landed()),
  ).toEqual(lastDrops);

  // Verify recomputes every drop and the winners in the browser
  await page.getByTestId('battle-verify').locator('summary').click();
  await expect(page.getByTestId('verify-verdict')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('verify-row')).toHaveCount(4);

  // a replay plays the rounds again from the start and ends on the same winners
  await page.getByTestId('replay-button').click();
  await expect(page.getByTestId('winner-badge')).toHaveCount(0);
  await expect(page.getByTestId('winner-badge').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('seat-drop')).toHaveCount(4);

  // a visitor of the ended battle lands on its end at once: the last round's drops and the winners
  await page.reload();
  await expect(page.getByTestId('battle-page')).toHaveAttribute('data-phase', 'ended');
  await expect(page.getByTestId('winner-badge').first()).toBeVisible();
  await expect(page.getByTestId('battle-stage')).toHaveAttribute('data-renderer', 'webgl');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __battle?: { landed(): number[] } }).__battle?.landed()))
    .toEqual(lastDrops);

  // the winner's seat gets every drop: in my inventory when I won, none when the bot did
  const won = api.data.winners.includes(0);
  await page.goto('/profile/inventory');
  await expect(page.getByTestId('inventory-page')).toBeVisible();
  const inv = (await (await page.request.get('/api/inventory', { headers: auth })).json()) as {
    data: { product: { id: number } }[];
  };
  const allDrops = api.data.seats.flatMap((s) => s.drops.map((d) => d.item.id)).sort();
  expect(inv.data.map((i) => i.product.id).sort()).toEqual(won ? allDrops : []);
  expect(userId).toBeGreaterThan(0);

  // the battle ended: Back to Battle is gone
  await expect(page.getByTestId('back-to-battle')).toHaveCount(0);
});

test('Back to Battle disappears live when the battle is canceled', async ({ page, signIn }) => {
  const { auth } = await signIn({ balanceCents: FUNDS });
  await page.goto('/battles/create');
  await page
    .getByTestId('picker-box')
    .and(page.locator(`[data-slug="${BOX}"]`))
    .getByRole('button', { name: /^Add/ })
    .click();
  await page.getByTestId('create-button').click();
  await page.waitForURL(/\/battles\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const joined = channelJoined(page, `battle-${id}`);
  await page.goto('/boxes');
  await joined;
  await expect(page.getByTestId('back-to-battle')).toBeVisible();
  const res = await page.request.post(`/api/battles/${id}/cancel`, { headers: auth });
  expect(res.status()).toBe(200);
  await expect(page.getByTestId('back-to-battle')).toHaveCount(0);
});

test('a second player joins a 2v2 from the live list while a guest spectator follows it', async ({
  page,
  signIn,
  newContext,
}) => {
  const creator = await signIn({ balanceCents: FUNDS, name: 'Creator' });
  const second = await newContext({ balanceCents: FUNDS, name: 'Second' });
  const joiner = await second.context.newPage();
  const listJoined = channelJoined(joiner, 'public');
  await joiner.goto('/battles');
  await listJoined;
  const id = await createByApi(page.request, creator.auth, '2v2');
  const row = joiner.locator(`[data-testid="battle-row"][data-battle-id="${id}"]`);
  await expect(row).toBeVisible(); // arrived live through the list event
  await expect(row.getByTestId('battle-seats')).toHaveText('1/4');

  const guest = await (await newContext()).context.newPage();
  const watching = channelJoined(guest, `battle-${id}`);
  await guest.goto(`/battles/${id}`);
  await watching;

  await row.getByTestId('join-button').click();
  await joiner.waitForURL(`**/battles/${id}`);
  await expect(joiner.getByTestId('seat-card').filter({ hasText: 'You' })).toHaveCount(1);
  await expect(guest.getByTestId('seat-name').filter({ hasText: 'Second' })).toHaveCount(1); // live

  const bots = await page.request.post(`/api/battles/${id}/add-bots`, { headers: creator.auth, data: { bots: 2 } });
  expect(bots.status()).toBe(200);
  await expect(guest.getByTestId('battle-page')).toHaveAttribute('data-status', 'running', { timeout: 15_000 });
  await waitForEnd(guest);
  await expect(guest.getByTestId('team-totals')).toContainText('Team 2');
  await expect(guest.getByTestId('winner-badge')).toHaveCount(2); // a whole team wins
  await waitForEnd(joiner);
});

test('the reels sit in a grid that fits the screen @responsive', async ({ page, signIn }) => {
  const { auth } = await signIn({ balanceCents: FUNDS });
  const id = await createByApi(page.request, auth, '1v1v1v1');
  await page.goto(`/battles/${id}`);
  await expect(page.getByTestId('battle-stage')).toHaveAttribute('data-renderer', 'webgl');
  const width = page.viewportSize()!.width;
  const columns = await page
    .getByTestId('battle-seats')
    .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(width < 600 ? 2 : 4);
  const stage = (await page.getByTestId('battle-stage').boundingBox())!;
  expect(stage.x + stage.width).toBeLessThanOrEqual(width);
  for (const card of await page.getByTestId('seat-card').all()) {
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
});
