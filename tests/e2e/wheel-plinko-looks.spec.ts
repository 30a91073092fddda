// Wheel and Bounce look finished (issue 26 item 7), at 1440×900 and 390×844: the pages are padded
// like the other games (heading, "Provably fair" link, seeds panel, bet panels clear of the
// screen's edges), counts are pluralised ("1 player"), the wheel's hub text fits inside its hub
// (on the phone here, at the desktop viewport in wheel.spec's round), and Bounce's bucket labels
// are at least 11 CSS px.
import type { Locator, Page } from '@playwright/test';
import { expect, test, phoneAtPixelRatio2 } from './fixtures.ts';
import { freshWheelWindow } from './round-pace.ts';
import { expectPlayerCounts, expectResultInsideHub } from './wheel-checks.ts';

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

type W = Window & { __plinko?: { labels(): { text: string; px: number }[] } };

/** The wheel page's heading, "Provably fair" link and colour panels clear of the screen's edges. */
async function wheelPagePadded(page: Page): Promise<void> {
  await page.goto('/wheel');
  await expect(page.getByTestId('wheel-stage')).toHaveAttribute('data-renderer', 'webgl');
  await padded(page, page.getByRole('heading', { name: 'Crazy Wheel' }));
  await padded(page, page.locator('.wheel-head').getByRole('link', { name: 'Provably fair' }));
  await padded(page, page.getByTestId('panel-grey'));
  await padded(page, page.getByTestId('panel-gold'));
}

test('the wheel page is padded @desktop', async ({ page, signIn }) => {
  await signIn({ balanceCents: 10_000 });
  await wheelPagePadded(page);
});

// A real round on the phone only: at the desktop viewport wheel.spec's round checks the same player counts
// and the result inside the hub, so no test waits a second round for them.
test('the wheel page on a phone: padded, "1 player", the result inside the hub @phone', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn({ balanceCents: 10_000 });
  await wheelPagePadded(page);
  const stage = page.getByTestId('wheel-stage');

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
  await expectPlayerCounts(page);

  // the landed result with this player's line, inside the hub
  await stage.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(stage).toHaveAttribute('data-landed-round', String(roundId), { timeout: 40_000 });
  await expect(page.getByTestId('my-payout')).toBeVisible();
  await expectResultInsideHub(page, roundId);
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
