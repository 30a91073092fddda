// Calls the spec lists that the client now makes (issue 26 item 13): the Bounce board is drawn from
// GET /api/plinko/config (its rows, risks and multiplier tables; "Loading board..." until it
// answers), and the wheel's Recent bets and Top payouts panels show GET /api/wheel/recent-bets and
// /api/wheel/top-payouts, recent bets kept live by the wheel socket.
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

type PlinkoW = Window & { __plinko?: { labels(): { text: string }[] } };
interface Bet {
  id: number;
  round_id: number;
  user: { name: string };
}

test('Bounce draws the board the server answers, with a loading state until it does', async ({ page, signIn }) => {
  await signIn({ balanceCents: 10_000 });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/plinko/config', async (route) => {
    const real = await route.fetch();
    const body = (await real.json()) as {
      data: { rows: number[]; multipliers: Record<string, Record<string, number[]>> };
    };
    body.data.rows = [8, 12, 16]; // a server that offers fewer rows…
    body.data.multipliers.medium!['16'] = body.data.multipliers.medium!['16']!.map((m, i, a) =>
      i === 0 || i === a.length - 1 ? 77 : m,
    ); // …and its own edge multipliers
    await held;
    await route.fulfill({ response: real, json: body });
  });
  await page.goto('/bounce');
  const stage = page.getByTestId('plinko-stage');
  await expect(page.getByTestId('plinko-board-status')).toHaveText('Loading board...');
  await expect(page.getByTestId('plinko-drop')).toBeDisabled();
  await expect(stage).not.toHaveAttribute('data-board');

  release();
  await expect(stage).toHaveAttribute('data-board', '16-medium');
  await expect(page.getByTestId('plinko-board-status')).toHaveCount(0);
  await expect(page.getByTestId('plinko-drop')).toBeEnabled();
  const rows = page.getByRole('combobox', { name: 'Rows' });
  await expect(rows.locator('option')).toHaveText(['8', '12', '16']);
  await expect(stage).toHaveAttribute('data-renderer', 'webgl');
  await expect
    .poll(() => page.evaluate(() => (window as PlinkoW).__plinko?.labels().map((l) => l.text) ?? []))
    .toEqual(expect.arrayContaining([expect.stringContaining('77')]));
  await rows.selectOption('8');
  await expect(stage).toHaveAttribute('data-board', '8-medium');
});

/** Places a wheel bet through the API in the next betting window that takes it (outside one: 422). */
async function placeWheelBet(page: Page, auth: Record<string, string>, color: string): Promise<Bet> {
  let placed: Bet | null = null;
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/api/wheel/bet', { headers: auth, data: { amount: 1, color } });
        if (res.status() === 200) placed = ((await res.json()) as { data: Bet }).data;
        return res.status();
      },
      { intervals: [500], timeout: 40_000 },
    )
    .toBe(200);
  return placed!;
}

test('the wheel lists recent bets and top payouts from the API, recent bets live @desktop', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000); // up to two real ~13 s rounds
  const player = await signIn({ balanceCents: 10_000, name: 'Wheel Lister' });
  const first = await placeWheelBet(page, player.auth, 'blue');
  const recentAnswer = page.waitForResponse((r) => r.url().endsWith('/api/wheel/recent-bets'));
  const topAnswer = page.waitForResponse((r) => r.url().endsWith('/api/wheel/top-payouts'));
  await page.goto('/wheel');
  const recent = page.getByTestId('wheel-recent-bets');
  const top = page.getByTestId('wheel-top-payouts');

  // Top payouts: exactly what the server answered (up to 20 rows), in its order
  const topBets = ((await (await topAnswer).json()) as { data: Bet[] }).data.slice(0, 20);
  if (topBets.length)
    await expect(top.getByTestId('wheel-board-row')).toHaveText(topBets.map((b) => new RegExp(b.user.name)));
  else await expect(top).toContainText('No wins in the last 24 hours.');

  // Recent bets: the round's bets the server answered, this player's among them while that round is current
  const answered = ((await (await recentAnswer).json()) as { data: Bet[] }).data;
  const round = Number(await recent.getAttribute('data-round'));
  for (const b of answered.filter((x) => x.round_id === round))
    await expect(recent.locator(`[data-bet="${b.id}"]`)).toContainText(b.user.name);
  if (round === first.round_id) expect(answered.map((b) => b.id)).toContain(first.id);

  // a bet placed now reaches the open page through the wheel socket, no reload
  const second = await placeWheelBet(page, player.auth, 'gold');
  await expect(recent).toHaveAttribute('data-round', String(second.round_id));
  await expect(recent.locator(`[data-bet="${second.id}"]`)).toContainText('Wheel Lister');
});
