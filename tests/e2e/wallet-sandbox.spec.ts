// The payment sandboxes in a real browser against the real server: the hosted card checkout
// (case35: amount × 1.35 once), the skins checkout and the crypto chain page. The player and
// token are made directly in the server's database (sign-up UI is another issue's work).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { issueTokens } from '../../src/server/modules/auth/tokens.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

let database: Database;
const dataDir = process.env.E2E_DATA_DIR!;
test.beforeAll(() => {
  database = openDatabase({ kind: 'sqlite', file: join(dataDir, 'loot-arcade.db') });
});
test.afterAll(() => database.close());

async function player(): Promise<{ id: number; auth: { authorization: string } }> {
  const secret = (JSON.parse(readFileSync(join(dataDir, 'dev-secrets.json'), 'utf8')) as { appSecret: string })
    .appSecret;
  const { id } = await database.db
    .insertInto('users')
    .values({
      name: 'E2E',
      email: `e2e-${randomBytes(5).toString('hex')}@test.local`,
      password_hash: null,
      avatar_url: null,
      balance_cents: 0,
      level: 1,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tokens = await issueTokens(database.db, secret, id, Date.now());
  return { id, auth: { authorization: `Bearer ${tokens.access_token}` } };
}
/** Resolves when the browser is sent back to a site URL matching `url` (a document navigation). */
const returnTo = (page: Page, url: RegExp) =>
  page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && url.test(r.url()));
const balance = async (id: number) =>
  (await database.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
    .balance_cents;

test('card checkout with case35: Pay returns to the site and credits amount × 1.35 once', async ({ page }) => {
  const p = await player();
  const res = await page.request.post('/api/deposit/zen/redirect', {
    headers: p.auth,
    data: { amount: 100, promocode: 'case35' },
  });
  expect(res.status()).toBe(200);
  const { redirect_url } = (await res.json()) as { redirect_url: string };
  await page.goto(redirect_url);
  await expect(page.getByTestId('amount')).toHaveText('$100.00');
  await expect(page.getByTestId('bonus')).toHaveText('$35.00');
  // the app removes the return parameters at once: catch the navigation itself
  const back = returnTo(page, /\/\?deposit=success&method=card&amount=100\.00&bonus=35\.00$/);
  await page.getByRole('button', { name: 'Pay $100.00' }).click();
  await back;
  await expect(page).toHaveURL((u) => u.pathname === '/');
  expect(await balance(p.id)).toBe(13_500);
  await page.goBack();
  await expect(page.getByText(/This payment is paid/)).toBeVisible();
  expect(await balance(p.id)).toBe(13_500);
});

test('skins checkout: too little is refused on the page, enough is credited', async ({ page }) => {
  const p = await player();
  const { redirect_url } = (await (
    await page.request.post('/api/deposit/skinsback/redirect', {
      headers: p.auth,
      data: { amount: 3.15, promocode: '' },
    })
  ).json()) as { redirect_url: string };
  await page.goto(redirect_url);
  await page.getByLabel(/Glock-18/).check();
  await page.getByRole('button', { name: 'Send skins' }).click();
  await expect(page.getByRole('alert')).toContainText('choose at least $3.15');
  await page.getByLabel(/USP-S/).check();
  const back = returnTo(page, /deposit=success&method=skins&amount=3\.15/);
  await page.getByRole('button', { name: 'Send skins' }).click();
  await back;
  await expect(page).toHaveURL((u) => u.pathname === '/');
  expect(await balance(p.id)).toBe(315);
});

test('crypto chain page: a transfer to the deposit address is credited after 3 confirmations', async ({ page }) => {
  const p = await player();
  const addr = (await (
    await page.request.post('/api/deposit/alphapo/deposit-address', { headers: p.auth, data: { currency: 'SOL' } })
  ).json()) as { data: { wallet: string } };
  await page.goto('/sandbox/alphapo');
  await page.getByLabel('Deposit address').fill(addr.data.wallet);
  await page.getByLabel('Amount').fill('0.5');
  await page.getByRole('button', { name: 'Send' }).click();
  const tx = (await page.locator('code').textContent())!;
  for (let i = 1; i <= 3; i++) {
    await page.getByLabel('Transaction hash').fill(tx);
    await page.getByRole('button', { name: 'Add a confirmation' }).click();
    await expect(page.getByRole('status').and(page.locator(':not(#loading)'))).toContainText(`${i} confirmations`);
  }
  await expect(page.getByRole('status').and(page.locator(':not(#loading)'))).toContainText('credited');
  expect(await balance(p.id)).toBe(7500);
});
