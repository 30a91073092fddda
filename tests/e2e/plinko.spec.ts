// Bounce end to end: a funded player drops balls that land in the buckets the API reports and move
// the balance as they land; auto-drop 20; a drop verified on /bounce/provably-fair; the phone layout.
import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures.ts';

interface Bet {
  id: number;
  bucket: number;
  multiplier: number;
  payout: number;
  path: string;
}

/** Collects every answer of POST /api/plinko/bet. */
function collectBets(page: Page): { bets: Bet[]; balances: number[] } {
  const out = { bets: [] as Bet[], balances: [] as number[] };
  page.on('response', (res: Response) => {
    if (!res.url().endsWith('/api/plinko/bet') || res.request().method() !== 'POST' || res.status() !== 200) return;
    void res.json().then((body: { data: Bet; balance: number }) => {
      out.bets.push(body.data);
      out.balances.push(body.balance);
    });
  });
  return out;
}

const stage = (page: Page) => page.getByTestId('plinko-stage');

/**
 * Watches, from inside the page, whether the rows select is disabled whenever a ball is in flight:
 * balls may all land before a test could look (turbo, a busy machine), so the page records each
 * in-flight count it shows. Resolves to a reader of what was seen.
 */
async function watchLock(page: Page): Promise<() => Promise<{ inFlight: number; unlocked: number }>> {
  await page.evaluate(() => {
    const w = window as unknown as { __lock: { inFlight: number; unlocked: number } };
    w.__lock = { inFlight: 0, unlocked: 0 };
    const el = document.querySelector('[data-testid="plinko-stage"]')!;
    const rows = document.querySelector<HTMLSelectElement>('select[name="rows"]')!;
    new MutationObserver(() => {
      if (el.getAttribute('data-in-flight') === '0') return;
      w.__lock.inFlight++;
      if (!rows.disabled) w.__lock.unlocked++;
    }).observe(el, { attributes: true, attributeFilter: ['data-in-flight'] });
  });
  return () => page.evaluate(() => (window as unknown as { __lock: { inFlight: number; unlocked: number } }).__lock);
}

test('drops land in the API’s buckets and the balance moves as they land', async ({ page, signIn }) => {
  await signIn({ balanceCents: 10_000, name: 'E2E Bouncer' });
  const seen = collectBets(page);
  await page.goto('/bounce');
  await expect(stage(page)).toHaveAttribute('data-renderer', 'webgl');
  await page.locator('select[name="rows"]').selectOption('8');
  await page.locator('select[name="risk"]').selectOption('high');
  const lock = await watchLock(page);
  for (let i = 0; i < 3; i++) await page.getByTestId('plinko-drop').click();
  await expect.poll(() => seen.bets.length).toBe(3);
  await expect(stage(page)).toHaveAttribute('data-in-flight', '0', { timeout: 20_000 });
  const { inFlight, unlocked } = await lock();
  expect(inFlight, 'in-flight counts the page showed').toBeGreaterThan(0);
  expect(unlocked, 'times the rows could be changed while a ball fell').toBe(0); // locked while balls fall
  await expect(page.locator('select[name="rows"]')).toBeEnabled();
  const strip = await page
    .getByTestId('plinko-results')
    .locator('li')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-bucket'))));
  expect(strip.sort()).toEqual(seen.bets.map((b) => b.bucket).sort());
  const expected = 100 - 3 + seen.bets.reduce((a, b) => a + b.payout, 0);
  await expect(page.getByTestId('balance')).toHaveText(`$${expected.toFixed(2)}`);
  expect(seen.bets.every((b) => b.path.length === 8)).toBe(true);
});

test('auto-drop 20 balls', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn({ balanceCents: 10_000, name: 'E2E Bouncer' });
  const seen = collectBets(page);
  await page.goto('/plinko');
  await expect(stage(page)).toHaveAttribute('data-renderer', 'webgl');
  await page.locator('input[name="amount"]').fill('0.10');
  await page.getByText('Auto', { exact: true }).click();
  await page.locator('input[name="auto-count"]').fill('20');
  await page.locator('select[name="auto-speed"]').selectOption('fast');
  await page.getByTestId('plinko-auto-start').click();
  await expect.poll(() => seen.bets.length, { timeout: 60_000 }).toBe(20);
  await expect(page.getByTestId('plinko-auto-start')).toBeVisible({ timeout: 30_000 });
  await expect(stage(page)).toHaveAttribute('data-in-flight', '0', { timeout: 30_000 });
  expect(Math.min(...seen.balances)).toBeGreaterThanOrEqual(0);
  const expected = 100 - 20 * 0.1 + seen.bets.reduce((a, b) => a + b.payout, 0);
  await expect(page.getByTestId('balance')).toHaveText(`$${expected.toFixed(2)}`);
  await expect(page.getByTestId('bet-row')).toHaveCount(20);
});

test('a drop verifies on /bounce/provably-fair after rotating the seed', async ({ page, signIn }) => {
  await signIn({ balanceCents: 10_000, name: 'E2E Bouncer' });
  const seen = collectBets(page);
  await page.goto('/bounce');
  await expect(stage(page)).toHaveAttribute('data-renderer', 'webgl');
  await page.getByTestId('plinko-drop').click();
  await expect.poll(() => seen.bets.length).toBe(1);
  await expect(stage(page)).toHaveAttribute('data-in-flight', '0', { timeout: 20_000 });
  await page.getByText('Fairness: your seeds').click();
  await page.getByRole('button', { name: 'Rotate seed' }).click();
  await expect(page.getByTestId('revealed-seed')).toContainText('1 bets');
  const link = page.getByTestId('bet-row').first().getByRole('link', { name: 'Verify' });
  await expect(link).toHaveAttribute('href', /server_seed=[0-9a-f]{64}/);
  await link.click();
  await expect(page).toHaveURL(/\/bounce\/provably-fair\?/);
  await expect(page.getByTestId('commitment')).toHaveText('The server seed matches the hash shown before the drops.');
  const [bet] = seen.bets;
  await expect(page.getByTestId('fair-path')).toHaveText(bet!.path);
  await expect(page.getByTestId('fair-bucket')).toHaveText(String(bet!.bucket));
  await expect(page.getByTestId('fair-multiplier')).toHaveText(`${bet!.multiplier}×`);
});

test('the board fills the width with the controls under it on a phone @responsive', async ({ page, signIn }) => {
  await signIn({ balanceCents: 1_000, name: 'E2E Bouncer' });
  await page.goto('/bounce');
  await expect(stage(page)).toHaveAttribute('data-renderer', 'webgl');
  const board = (await stage(page).boundingBox())!;
  const hud = (await page.getByTestId('plinko-hud').boundingBox())!;
  const width = page.viewportSize()!.width;
  if (width < 720) {
    expect(board.width).toBeGreaterThan(width * 0.9);
    expect(hud.y).toBeGreaterThanOrEqual(board.y + board.height - 1);
  } else expect(hud.x).toBeGreaterThanOrEqual(board.x + board.width - 1);
  await expect(page.locator('[data-testid="cashback-banner"]')).toHaveCount(0);
});
