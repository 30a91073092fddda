// Replays reached from every history row and seen by their owner (issue 29), in the browser: the
// owner of a bet hidden from public stats sees their own name and Share on its replay while a guest
// sees "Hidden" and no Share; a shared bet's chat card shows its summary from the message without
// asking for the replay; the Crazy Wheel's My bets, a box drop tile and Rocket's leaderboard each
// open their bet's replay, and the wheel's spin and Rocket's curve rest on the bet's outcome, the slip
// matching GET /api/bets/{game}/{id} (replay.spec checks the other games' replays the same way).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openChatColumn } from './shell-helpers.ts';
import { betInWindow } from './round-pace.ts';
import { expectSlip, settledReplay } from './replay-checks.ts';
import { formatDollars } from '../../src/client/lib/format.ts';
import type { Replay } from '../../src/shared/api/replay.ts';

test.describe.configure({ timeout: 120_000 });

type W = { __scenes?: { view(): unknown; reached(): boolean } };
type Auth = Record<string, string>;

async function post(request: APIRequestContext, auth: Auth, url: string, data: object = {}) {
  const res = await request.post(url, { headers: auth, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()).data;
}

/** Follows `link` to its replay page and waits for the scene to rest on the outcome; resolves with the scene's view. */
async function opensReplay(page: Page, link: ReturnType<Page['getByTestId']>, path: string): Promise<unknown> {
  await expect(link).toHaveAttribute('href', path);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId('replay-page')).toBeVisible();
  await page.waitForFunction(() => (window as W).__scenes?.reached() === true, undefined, { timeout: 30_000 });
  return page.evaluate(() => (window as W).__scenes!.view());
}

test('the owner of a hidden bet sees their name and Share; others see Hidden; the card needs no fetch', async ({
  page,
  signIn,
  newContext,
}) => {
  const { auth } = await signIn({ balanceCents: 10_00, name: 'Quiet Owner' });
  const res = await page.request.put('/api/profile/public-stats', { headers: auth, data: { public: false } });
  expect(res.status()).toBe(200);
  const dice = await post(page.request, auth, '/api/dice/bet', { amount: 1, target: 50, direction: 'over' });
  await page.goto(`/bets/dice/${dice.id}`);
  await expect(page.getByTestId('slip-player')).toHaveText('Quiet Owner');
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/chat') && r.request().method() === 'POST');
  await page.getByTestId('share-to-chat').click();
  expect((await posted).status()).toBe(201);

  const other = await newContext();
  const watcher = await other.context.newPage();
  await watcher.goto(`/bets/dice/${dice.id}`);
  await expect(watcher.getByTestId('slip-player')).toHaveText('Hidden');
  await expect(watcher.getByTestId('share-to-chat')).toHaveCount(0);
  const replay = await settledReplay(watcher.request, 'dice', dice.id);

  const asked: string[] = [];
  watcher.on('request', (r) => {
    if (r.url().includes('/api/bets/')) asked.push(r.url());
  });
  await watcher.goto('/');
  await openChatColumn(watcher); // not an instant isVisible(): the dock may not have rendered yet
  const card = watcher
    .getByTestId('chat-bet')
    .filter({ hasText: `#${dice.id}` })
    .last();
  const x = replay.multiplier === null ? '' : ` · ×${replay.multiplier.toFixed(2)}`;
  await expect(card.getByTestId('chat-bet-money')).toHaveText(
    `${formatDollars(replay.stake)} → ${formatDollars(replay.payout)}${x}`,
  );
  await expect(card).toContainText('Hidden · replay');
  expect(asked).toEqual([]); // the card came with the message
  await opensReplay(watcher, card, `/bets/dice/${dice.id}`);
});

test("a drop tile opens its reel's replay", async ({ page, signIn }) => {
  const { auth } = await signIn({ balanceCents: 100_00 });
  await post(page.request, auth, '/api/boxes/penny-box/open', { count: 1 });
  const drops = (await (await page.request.get('/api/last-drops')).json()) as {
    data: { id: number; opening_id: number | null }[];
  };
  const drop = drops.data[0]!;
  expect(drop.opening_id).not.toBeNull();
  await page.goto('/boxes/penny-box');
  const tile = page
    .getByTestId('box-drops-list')
    .locator('.drop-cell')
    .filter({
      has: page.locator(`[data-drop-id="${drop.id}"]`),
    });
  await opensReplay(page, tile.getByTestId('drop-replay'), `/bets/box/${drop.opening_id}`);
});

// Rocket and the wheel in one test, side by side: Rocket's leaderboard row opens its replay in a second tab
// while the wheel's round is waited for on its page, so the server-paced waits and the two replays overlap
// instead of following each other; the replays the rows open are the ones checked (scene and slip), so no
// other test waits on these rounds again.
test("the Crazy Wheel's My bets row and Rocket's leaderboard row open their bets' replays: the spin lands on its segment, the curve rests on the bust", async ({
  page,
  signIn,
}) => {
  const { auth } = await signIn({ balanceCents: 10_00 });
  const rocket = async () => {
    // a round may bust below 1.01×: bet again until one cashes out (a status of '' is a bet still riding)
    let cashed: number | null = null;
    for (let i = 0; i < 5 && cashed === null; i++) {
      const bet = await betInWindow(page.request, auth, '/api/crash/bet', { amount: 1, auto_cashout: 1.01 });
      let status = '';
      await expect
        .poll(
          async () => {
            const mine = (await (await page.request.get('/api/crash/my-bets?limit=5', { headers: auth })).json()) as {
              data: { id: number; status: string }[];
            };
            status = mine.data.find((b) => b.id === bet.id)?.status ?? '';
            return status;
          },
          { timeout: 60_000 },
        )
        .toMatch(/cashed_out|lost/);
      if (status === 'cashed_out') cashed = bet.id;
    }
    expect(cashed).not.toBeNull();
    // once its round has ended (the replay answers): a cash-out of the round still flying has no replay yet
    const crash = await settledReplay(page.request, 'crash', cashed!);
    const tab = await page.context().newPage();
    await tab.goto('/rocket');
    await tab.getByRole('tab', { name: 'Leaderboard' }).click();
    await tab.getByLabel('Period').selectOption('all');
    const leader = tab.locator(`[data-bet="${cashed}"]`);
    const crashPath = `/bets/crash/${cashed}`;
    const crashView = await opensReplay(tab, leader.getByTestId('replay-link'), crashPath);
    await expectSlip(tab, crash);
    const crashed = crash.outcome as Extract<Replay['outcome'], { game: 'crash' }>;
    expect(crashView).toMatchObject({ phase: 'crashed', multiplier: crashed.crash_point });
  };

  const wheel = async () => {
    await page.goto('/wheel');
    const bet = await betInWindow(page.request, auth, '/api/wheel/bet', { amount: 1, color: 'grey' });
    const row = page.getByTestId('wheel-my-bets').locator(`[data-bet="${bet.id}"]`);
    await expect(row).toBeVisible({ timeout: 60_000 }); // once its round has landed
    await expect(row).toHaveAttribute('data-status', /won|lost/);
    await expect(row.getByTestId('share-to-chat')).toBeVisible();
    const wheelPath = `/bets/wheel/${bet.id}`;
    const wheelView = await opensReplay(page, row.getByTestId('replay-link'), wheelPath);
    const replay = await settledReplay(page.request, 'wheel', bet.id);
    await expectSlip(page, replay);
    const spun = replay.outcome as Extract<Replay['outcome'], { game: 'wheel' }>;
    expect(wheelView).toMatchObject({ phase: 'landed', segment: spun.segment });
  };

  await Promise.all([rocket(), wheel()]);
});
