// The replay page /bets/{game}/{id} in the browser: a bet of every game, played through the API, opens
// as its replay (Rocket's and the wheel's from their rows, replay-rows.spec) — the game's scene rests on the settled outcome (window.__scenes, as /dev/scenes) and
// the slip matches GET /api/bets/{game}/{id}; an unknown bet is the 404 page; a bet shared to chat
// opens from its card; the server seed of a pair not yet rotated never reaches the page.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openChatColumn } from './shell-helpers.ts';
import { expectSlip, settledReplay } from './replay-checks.ts';
import { e2eDatabase } from './players.ts';
import type { Replay } from '../../src/shared/api/replay.ts';
import type { ArchivedBet } from '../../src/shared/api/profile-bets.ts';

test.describe.configure({ timeout: 120_000 });

type W = { __scenes?: { name: string; view(): unknown; reached(): boolean } };
type Auth = Record<string, string>;

async function post(request: APIRequestContext, auth: Auth, url: string, data: object = {}) {
  const res = await request.post(url, { headers: auth, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()).data;
}

/** The newest archived bet of `game` (its id is the replay's). */
async function newest(request: APIRequestContext, auth: Auth, game: string): Promise<number> {
  const res = await request.get(`/api/profile/bets?game=${game}`, { headers: auth });
  const bets = ((await res.json()) as { data: ArchivedBet[] }).data;
  expect(bets.length, game).toBeGreaterThan(0);
  return bets[0]!.id;
}

/** Opens the replay, waits for the scene to rest on its outcome and checks the slip against the API. */
async function openReplay(page: Page, game: string, id: number): Promise<{ replay: Replay; view: unknown }> {
  const replay = await settledReplay(page.request, game, id);
  await page.goto(`/bets/${game}/${id}`);
  await expect(page.getByTestId('replay-page')).toBeVisible();
  await page.waitForFunction(() => (window as W).__scenes?.reached() === true, undefined, { timeout: 30_000 });
  await expectSlip(page, replay);
  return { replay, view: await page.evaluate(() => (window as W).__scenes!.view()) };
}

test('dice, Bounce, a box reel and an upgrade replay their outcomes; the slip matches the API', async ({
  page,
  signIn,
}) => {
  const { auth } = await signIn({ balanceCents: 100_00 });
  const dice = await post(page.request, auth, '/api/dice/bet', { amount: 1, target: 50, direction: 'over' });
  const drop = await post(page.request, auth, '/api/plinko/bet', { amount: 1, rows: 8, risk: 'low' });
  const opened = await post(page.request, auth, '/api/boxes/penny-box/open', { count: 1 });
  const boxId = await newest(page.request, auth, 'box');
  const products = (
    (await (await page.request.get('/api/products?limit=100&sort=price_asc')).json()) as {
      data: { id: number; price: number }[];
    }
  ).data;
  const stake = opened.reels[0].item.price + 1;
  const target = products.filter((p) => p.price >= stake * 3).sort((a, b) => a.price - b.price)[0]!;
  const upgrade = await post(page.request, auth, '/api/upgrade', {
    item_ids: [opened.reels[0].inventory_item_id],
    balance: 1,
    target_product_id: target.id,
  });

  const d = await openReplay(page, 'dice', dice.id);
  expect(d.view).toMatchObject({ done: true, marker: dice.roll });
  const p = await openReplay(page, 'plinko', drop.id);
  expect(p.view).toMatchObject({ landed: [drop.bucket] });
  const b = await openReplay(page, 'box', boxId);
  const outcome = b.replay.outcome as Extract<Replay['outcome'], { game: 'box' }>;
  expect(outcome.item.id).toBe(opened.reels[0].item.id);
  expect(b.view).toMatchObject({ items: [outcome.items.findIndex((i) => i.id === outcome.item.id)], settled: true });
  const u = await openReplay(page, 'upgrade', upgrade.id);
  expect(u.view).toMatchObject({ done: true, needle: upgrade.roll });
});

// A battle replays round by round. Rocket's curve to the bust and the wheel's spin are replay-rows.spec's:
// their bets' rows open the replays there, whose scene and slip it checks, so no test waits twice on
// those server-paced rounds.
test('a battle replays its rounds to the last drops', async ({ page, signIn }) => {
  const { auth } = await signIn({ balanceCents: 100_00 });
  const battle = await post(page.request, auth, '/api/battles/create', { boxes: ['penny-box'], mode: '1v1' });
  await post(page.request, auth, `/api/battles/${battle.id}/add-bots`, { bots: 1 });

  // the battle, once ended (archived): round by round to its last drops on the reels of its boxes
  const archived = async () =>
    (
      (await (await page.request.get('/api/profile/bets?game=battle', { headers: auth })).json()) as {
        data: ArchivedBet[];
      }
    ).data;
  await expect.poll(async () => (await archived()).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const seat = (await archived())[0]!.id;
  const t = await openReplay(page, 'battle', seat);
  const outcome = t.replay.outcome as Extract<Replay['outcome'], { game: 'battle' }>;
  // the reels spin the box version's items, as the live battle page drew them (not the drops alone)
  const box = outcome.battle.boxes.at(-1)!;
  const version = (await (await page.request.get(`/api/boxes/${box.slug}/versions/${box.version}`)).json()) as {
    data: { items: { id: number }[] };
  };
  const ids = new Set(version.data.items.map((i) => i.id));
  const extra = new Set(outcome.battle.seats.map((s) => s.drops.at(-1)!.item.id).filter((id) => !ids.has(id)));
  expect(t.view).toMatchObject({
    status: 'ended',
    landed: outcome.battle.seats.map((s) => s.drops.at(-1)!.item.id),
    reel_items: ids.size + extra.size,
  });
});

test('@responsive the scene and the slip are on the first screen; Copy link and Replay again', async ({
  page,
  signIn,
}) => {
  const { auth } = await signIn({ balanceCents: 10_00 });
  const dice = await post(page.request, auth, '/api/dice/bet', { amount: 1, target: 50, direction: 'under' });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openReplay(page, 'dice', dice.id);
  const height = page.viewportSize()!.height;
  for (const id of ['replay-stage', 'bet-slip']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.y + box.height, id).toBeLessThanOrEqual(height);
  }
  await page.getByTestId('copy-link').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(`/bets/dice/${dice.id}`);
  await page.getByTestId('replay-again').click();
  await page.waitForFunction(() => (window as W).__scenes?.reached() === true);
});

test('an unknown bet, an unknown game and a malformed id are the 404 page', async ({ page }) => {
  for (const path of ['/bets/dice/999999999', '/bets/poker/1', '/bets/dice/abc']) {
    await page.goto(path);
    await expect(page.getByText('Page Not Found'), path).toBeVisible();
  }
});

test('Share to chat posts the bet as a card that opens its replay; others see no Share button', async ({
  page,
  signIn,
  newContext,
}) => {
  const { auth } = await signIn({ balanceCents: 10_00 });
  const dice = await post(page.request, auth, '/api/dice/bet', { amount: 1, target: 50, direction: 'over' });
  await openReplay(page, 'dice', dice.id);
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/chat') && r.request().method() === 'POST');
  await page.getByTestId('share-to-chat').click();
  expect((await posted).status()).toBe(201);
  await expect(page.getByTestId('share-to-chat')).toHaveText('Shared');

  const other = await newContext();
  const watcher = await other.context.newPage();
  await watcher.goto(`/bets/dice/${dice.id}`);
  await expect(watcher.getByTestId('bet-slip')).toBeVisible();
  await expect(watcher.getByTestId('share-to-chat')).toHaveCount(0); // a guest, not the owner
  await watcher.goto('/');
  await openChatColumn(watcher); // not an instant isVisible(): the dock may not have rendered yet
  const card = watcher.getByTestId('chat-bet').filter({ hasText: `#${dice.id}` });
  await card.last().click();
  await expect(watcher).toHaveURL(new RegExp(`/bets/dice/${dice.id}$`));
  await watcher.waitForFunction(() => (window as W).__scenes?.reached() === true);
});

test('the server seed of a pair not yet rotated never reaches the replay page', async ({ page, signIn }) => {
  const player = await signIn({ balanceCents: 10_00 });
  const dice = await post(page.request, player.auth, '/api/dice/bet', { amount: 1, target: 50, direction: 'over' });
  const { database } = e2eDatabase();
  let secrets: string[];
  try {
    secrets = (
      await database.db
        .selectFrom('fair_seeds')
        .select('server_seed')
        .where('user_id', '=', player.userId)
        .where('slot', 'is not', null)
        .execute()
    ).map((r) => r.server_seed);
  } finally {
    await database.close();
  }
  expect(secrets.length).toBeGreaterThan(0);
  const bodies: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'fetch' || r.request().resourceType() === 'document')
      bodies.push(r.text().catch(() => ''));
  });
  const { replay } = await openReplay(page, 'dice', dice.id);
  expect(replay.fair.server_seed).toBeNull();
  await expect(page.getByTestId('replay-sealed')).toHaveText('The server seed is revealed after rotation.');
  const html = await page.content();
  const seen = (await Promise.all(bodies)).join('\n') + html;
  for (const secret of secrets) expect(seen).not.toContain(secret);
});
