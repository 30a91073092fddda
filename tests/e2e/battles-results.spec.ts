// Battle results in the browser against the real server (issue 26, items 2 and 11): the second player
// who joined and a guest spectator both see the final totals and the winner without pressing Replay;
// a late joiner lands on the played round at once (never walking the earlier rounds); an unknown,
// malformed or private (no code) battle id shows the 404 "Page Not Found". Server-paced flows, at the
// desktop viewport: the battle page's phone layout is battles.spec's (grid), phone-fit's and battles-bots'.
import type { APIRequestContext, Page } from '@playwright/test';
import { channelJoined, expect, test } from './fixtures.ts';
import { formatUsd } from '../../src/shared/money.ts';

test.describe.configure({ timeout: 180_000 }); // server-paced rounds (~4.5 s each) and software WebGL

const BOX = 'penny-box';
const FUNDS = 100_000; // cents

type Auth = { authorization: string };
type ApiBattle = { round: number; status: string; winners: number[] | null; seats: { total: number }[] };

async function createByApi(request: APIRequestContext, auth: Auth, data: Record<string, unknown>): Promise<number> {
  const res = await request.post('/api/battles/create', { headers: auth, data });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

async function readBattle(request: APIRequestContext, id: number): Promise<ApiBattle> {
  return ((await (await request.get(`/api/battles/${id}`)).json()) as { data: ApiBattle }).data;
}

const dollars = (n: number) => formatUsd(Math.round(n * 100)); // $1,402.00: thousands grouped

/** The page is at rest on the end: status, last round, winners, every seat's total as the server has it. */
async function expectFinalState(page: Page, final: ApiBattle, rounds: number): Promise<void> {
  const room = page.getByTestId('battle-page');
  await expect(room).toHaveAttribute('data-phase', 'ended', { timeout: 60_000 });
  await expect(room).toHaveAttribute('data-shown-round', String(rounds - 1));
  await expect(page.getByTestId('round-counter')).toHaveText(`Round ${rounds}/${rounds}`);
  await expect(page.getByTestId('seat-total')).toHaveText(final.seats.map((s) => dollars(s.total)));
  const winners = page.locator('[data-testid="seat-card"][data-winner="true"]');
  await expect(winners).toHaveCount(final.winners!.length);
  for (const seat of final.winners!)
    await expect(page.locator(`[data-seat="${seat}"]`)).toHaveAttribute('data-winner', 'true');
  await expect(page.getByTestId('seat-drop')).toHaveCount(final.seats.length * rounds);
  await expect(page.getByTestId('replay-button')).toBeEnabled(); // offered, never needed
}

test('the second player and a spectator both end on the totals and the winner without Replay', async ({
  page,
  signIn,
  newContext,
}) => {
  const creator = await signIn({ balanceCents: FUNDS, name: 'Creator' });
  const id = await createByApi(page.request, creator.auth, { boxes: [BOX, BOX], mode: '1v1' });
  const second = await newContext({ balanceCents: FUNDS, name: 'Second' });
  const joiner = await second.context.newPage();
  const guest = await (await newContext()).context.newPage();
  for (const p of [joiner, guest]) {
    const joined = channelJoined(p, `battle-${id}`);
    await p.goto(`/battles/${id}`);
    await joined;
    await expect(p.getByTestId('battle-page')).toHaveAttribute('data-phase', 'new');
  }
  await joiner.getByTestId('join-button').click(); // the last seat: the battle starts
  await expect(guest.getByTestId('seat-name').filter({ hasText: 'Second' })).toHaveCount(1);
  await expect.poll(async () => (await readBattle(page.request, id)).status, { timeout: 60_000 }).toBe('ended');
  const final = await readBattle(page.request, id);
  await expectFinalState(joiner, final, 2);
  await expectFinalState(guest, final, 2);
  // revisited: the same end at once
  await guest.reload();
  await expectFinalState(guest, final, 2);
});

test.describe('a late joiner', () => {
  test.use({ turbo: false }); // a round's reels spin 3.6 s: walking two rounds would be seen

  test('lands on the played round at once', async ({ page, signIn, newContext }) => {
    const creator = await signIn({ balanceCents: FUNDS });
    const id = await createByApi(page.request, creator.auth, { boxes: [BOX, BOX, BOX, BOX, BOX], mode: '1v1' });
    const bots = await page.request.post(`/api/battles/${id}/add-bots`, { headers: creator.auth, data: { bots: 1 } });
    expect(bots.status()).toBe(200);
    await expect
      .poll(async () => (await readBattle(page.request, id)).round, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    const played = (await readBattle(page.request, id)).round;

    const guest = await (await newContext()).context.newPage();
    await guest.addInitScript(() => {
      // every value the page's shown round takes, in order
      const trail: string[] = [];
      (window as unknown as { __shownTrail: string[] }).__shownTrail = trail;
      new MutationObserver(() => {
        const v = document.querySelector('[data-testid="battle-page"]')?.getAttribute('data-shown-round');
        if (v != null && trail.at(-1) !== v) trail.push(v);
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-shown-round'] });
    });
    await guest.goto(`/battles/${id}`);
    await expect(guest.getByTestId('battle-page')).toHaveAttribute('data-status', /running|ended/);
    await expect(guest.getByTestId('seat-drop')).not.toHaveCount(0);
    const trail = await guest.evaluate(() => (window as unknown as { __shownTrail: string[] }).__shownTrail);
    const first = Number(trail.find((v) => v !== '-1'));
    expect(first).toBeGreaterThanOrEqual(played); // no earlier round was walked
    await expect(guest.getByTestId('round-counter')).toContainText(/Round [3-5]\/5/);
    await expect(guest.getByTestId('seat-card').nth(1).getByTestId('seat-name')).toContainText('Bot');
  });
});

test('an unknown, malformed or private (no code) battle id shows "Page Not Found"', async ({
  page,
  signIn,
  newContext,
}) => {
  const { auth } = await signIn({ balanceCents: FUNDS });
  const hidden = await createByApi(page.request, auth, { boxes: [BOX], mode: '1v1', private: true });
  const guest = await (await newContext()).context.newPage();
  for (const path of ['/battles/987654321', '/battles/abc', '/battles/12x', '/battles/0', `/battles/${hidden}`]) {
    await guest.goto(path);
    await expect(guest.getByText('Page Not Found', { exact: true }), path).toBeVisible();
    await expect(guest.getByTestId('battle-page'), path).toHaveCount(0);
  }
});
