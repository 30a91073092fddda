// Wheel and Bounce look finished (issue 26 item 7), at 1440×900 and 390×844: the pages are padded
// like the other games (heading, "Provably fair" link, seeds panel, bet panels clear of the
// screen's edges), counts are pluralised ("1 player"), the wheel's hub text fits inside its hub,
// and Bounce's bucket labels are at least 11 CSS px.
import type { Locator, Page } from '@playwright/test';
import { expect, test, phoneAtPixelRatio2 } from './fixtures.ts';
import { freshWheelWindow } from './round-pace.ts';

test.use(phoneAtPixelRatio2); // the scenes' text (hub result, bucket labels) at the phone's resolution

const MARGIN = 8; // px every part of the page keeps from the screen's left and right edges

/** Expects `el` to sit inside the viewport with MARGIN on both sides. */
async function padded(page: Page, el: Locator): Promise<void> {
  await el.scrollIntoViewIfNeeded();
  const box = (await el.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(MARGIN);
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(width - MARGIN);
}

type W = Window & { __wheel?: { hubRadius(): number }; __plinko?: { labels(): { text: string; px: number }[] } };

test('the wheel page: padded, "1 player", the result inside the hub @responsive', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn({ balanceCents: 10_000 });
  await page.goto('/wheel');
  const stage = page.getByTestId('wheel-stage');
  await expect(stage).toHaveAttribute('data-renderer', 'webgl');
  await padded(page, page.getByRole('heading', { name: 'Crazy Wheel' }));
  await padded(page, page.locator('.wheel-head').getByRole('link', { name: 'Provably fair' }));
  await padded(page, page.getByTestId('panel-grey'));
  await padded(page, page.getByTestId('panel-gold'));

  // a bet on grey: its panel counts its players in words that agree with the number
  const panel = page.getByTestId('panel-grey');
  // a click that lands after the window closed (a loaded run) is refused with 422: try the next round
  let res: Awaited<ReturnType<typeof page.waitForResponse>> | undefined;
  for (let attempt = 0; attempt < 3 && res?.status() !== 200; attempt++) {
    await freshWheelWindow(page); // the open window when enough of it is left, else the next one
    await panel.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/wheel/bet') && r.request().method() === 'POST');
    await panel.getByRole('button', { name: /Bet on grey/ }).click();
    res = await placed;
  }
  expect(res!.status()).toBe(200);
  const roundId = ((await res!.json()) as { data: { round_id: number } }).data.round_id;
  await expect(panel.locator('[data-testid="wheel-bet"][data-mine]')).toHaveCount(1);
  const n = await panel.getByTestId('wheel-bet').count();
  await expect(page.getByTestId('players-grey')).toHaveText(n === 1 ? '1 player' : `${n} players`);
  for (const colour of ['red', 'blue', 'gold']) {
    const others = await page.getByTestId(`panel-${colour}`).getByTestId('wheel-bet').count();
    await expect(page.getByTestId(`players-${colour}`)).toHaveText(others === 1 ? '1 player' : `${others} players`);
  }

  // the landed result with this player's line: every line of text inside the hub's circle, read in the
  // first frame that shows the round's result (its ended phase is 5 s: a loaded run must not miss it)
  await stage.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(stage).toHaveAttribute('data-landed-round', String(roundId), { timeout: 40_000 });
  await expect(page.getByTestId('my-payout')).toBeVisible();
  const shown = await page.waitForFunction(
    (round) => {
      const el = document.querySelector('[data-testid="wheel-stage"]')!;
      const lines = (id: string) => {
        const range = document.createRange();
        range.selectNodeContents(document.querySelector(`[data-testid="${id}"]`) ?? document.createElement('i'));
        return [...range.getClientRects()].map((q) => ({ x: q.x, y: q.y, w: q.width, h: q.height }));
      };
      const rects = { 'wheel-status': lines('wheel-status'), 'wheel-result': lines('wheel-result') };
      if (el.getAttribute('data-landed-round') !== String(round) || !Object.values(rects).every((r) => r.length))
        return null;
      const s = el.getBoundingClientRect();
      return { r: (window as W).__wheel!.hubRadius(), cx: s.x + s.width / 2, cy: s.y + s.height / 2, rects };
    },
    roundId,
    { timeout: 10_000 },
  );
  const look = (await shown.jsonValue())!;
  for (const [id, rects] of Object.entries(look.rects)) {
    for (const q of rects)
      for (const [x, y] of [
        [q.x, q.y],
        [q.x + q.w, q.y],
        [q.x, q.y + q.h],
        [q.x + q.w, q.y + q.h],
      ])
        expect(Math.hypot(x! - look.cx, y! - look.cy), `${id} corner inside the hub (r ${look.r})`).toBeLessThanOrEqual(
          look.r + 1,
        );
  }
});

test('the Bounce page: padded, bucket labels of 11 px or more @responsive', async ({ page, signIn }) => {
  await signIn({ balanceCents: 10_000 });
  await page.goto('/bounce');
  await expect(page.getByTestId('plinko-stage')).toHaveAttribute('data-renderer', 'webgl');
  await padded(page, page.getByRole('heading', { name: 'Bounce' }));
  await padded(page, page.getByTestId('plinko-stage'));
  await padded(page, page.getByTestId('seed-pair-panel'));
  await expect(page.getByTestId('seed-pair-panel')).toContainText('Fairness: your seeds');
  await expect.poll(() => page.evaluate(() => (window as W).__plinko?.labels().length ?? 0)).toBe(17); // 16 rows
  const labels = await page.evaluate(() => (window as W).__plinko!.labels());
  for (const l of labels) {
    expect(l.text).toMatch(/^[\d.]+k?×?$/);
    expect(l.px, `label ${l.text}`).toBeGreaterThanOrEqual(11);
  }
});
