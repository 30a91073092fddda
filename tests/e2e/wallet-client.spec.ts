// The wallet client in a real browser against the real server and its sandboxes: a card deposit
// with case35 through the hosted checkout (header balance amount × 1.35 on return, no manual
// reload), the crypto address and QR (stable across reopen), gift code and voucher redeem, and a
// withdrawal request and cancel. The deposit dialog has a phone flow of its own (bottom bar, a
// method list first): its tests are @responsive.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createGiftCodes, createVoucher } from '../../src/server/modules/wallet/codes.service.ts';
import { admin } from './admin-cli.ts';
import { expect, test } from './fixtures.ts';
import { ready } from './shell-helpers.ts';
import { e2eDatabase } from './players.ts';
import { expectToast, shownToasts } from './toasts.ts';

const dialog = (page: Page) => page.getByTestId('modal');
const phone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;

/** Opens the deposit modal from the header balance (desktop) or the bottom bar (phone). */
async function openDeposit(page: Page): Promise<void> {
  await page.getByTestId(phone(page) ? 'bottom-deposit' : 'header-balance').click();
  await expect(dialog(page).getByTestId('deposit-modal')).toBeVisible();
}

/** Picks a method: a tab on desktop; on the phone the list "Chose payment method" first. */
async function pickMethod(page: Page, title: string, mobileTitle = title): Promise<void> {
  if (phone(page)) {
    await expect(dialog(page).getByRole('heading', { name: 'Chose payment method' })).toBeVisible();
    await dialog(page)
      .getByRole('button', { name: new RegExp(`^${mobileTitle}`) })
      .click();
    await expect(dialog(page).getByRole('heading', { name: mobileTitle })).toBeVisible();
  } else
    await dialog(page)
      .getByRole('tab', { name: new RegExp(`^${title}`) })
      .click();
}

test('card deposit with case35: checkout, toast, header balance × 1.35, then live updates and history @responsive', async ({
  page,
  signIn,
}) => {
  const p = await signIn();
  await page.goto('/?modal=deposit&promocode=case35&amount=100');
  await ready(page);
  await expect(page.getByTestId('header-balance')).toHaveText('$0.00');
  await pickMethod(page, 'Credit card');
  await expect(dialog(page).getByTestId('promo-applied')).toContainText("You'll receive an extra $35.00");
  await dialog(page).getByRole('button', { name: 'Pay $100.00 + $35.00 bonus' }).click();
  await expect(page).toHaveURL(/\/sandbox\/zen\//);
  await page.getByRole('button', { name: 'Pay $100.00' }).click();
  await expectToast(page, 'Deposit successful: $100.00 + $35.00 bonus', 'success');
  await expect(page.getByTestId('header-balance')).toHaveText('$135.00');
  await expect(page).not.toHaveURL(/deposit=success/);
  // An operator credit from another process (the admin CLI in this test's, admin-cli.ts) reaches the open
  // page through balanceUpdated.
  expect(await admin('credit', String(p.userId), '1', '--reason', 'e2e live')).toContain('Credited $1.00');
  await expect(page.getByTestId('header-balance')).toHaveText('$136.00');
  await page.goto('/profile/deposit');
  const status = page.getByTestId('payments').locator('[data-status]').first();
  await expect(status).toHaveText('Paid');
  await expect(status).toHaveClass(/status-green/);
});

test('crypto: address and QR shown, the same address after closing and reopening @responsive', async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto('/');
  await ready(page);
  const openCrypto = async () => {
    await openDeposit(page);
    await pickMethod(page, 'Crypto');
    await expect(dialog(page).getByRole('radio')).toHaveCount(10);
    await expect(dialog(page).getByRole('radio', { name: /XRP/ })).toHaveCount(0);
    await dialog(page).getByRole('radio', { name: /BTC/ }).click();
    await dialog(page).getByRole('button', { name: 'Next' }).click();
    await expect(dialog(page).getByTestId('crypto-qr')).toBeVisible();
    await expect(dialog(page).getByText('Minimum deposit 35 USD')).toBeVisible();
    return dialog(page).getByTestId('crypto-wallet').inputValue();
  };
  const first = await openCrypto();
  expect(first.length).toBeGreaterThan(20);
  expect(await dialog(page).getByTestId('crypto-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  expect(await openCrypto()).toBe(first);
});

test('gift code and voucher redeem update the header balance @responsive', async ({ page, signIn }) => {
  await signIn();
  const { database } = e2eDatabase();
  const voucherCode = `e2e-${randomBytes(4).toString('hex')}`;
  let gift: string;
  try {
    [gift] = (await createGiftCodes(database.db, 50_00, 1, Date.now())) as [string];
    await createVoucher(database.db, { code: voucherCode, valueCents: 5_00 }, Date.now());
  } finally {
    await database.close();
  }
  await page.goto('/');
  await ready(page);
  await openDeposit(page);
  await pickMethod(page, 'Giftcards');
  await dialog(page).getByLabel('Gift card code').fill(gift);
  await dialog(page).getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByTestId('header-balance')).toHaveText('$50.00');
  await dialog(page).getByPlaceholder('Enter voucher code').fill(voucherCode);
  await dialog(page).getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('header-balance')).toHaveText('$55.00');
  // the balance event can arrive before the answer, whose success clears the code: wait for that first
  await expect(dialog(page).getByPlaceholder('Enter voucher code')).toHaveValue('');
  await dialog(page).getByPlaceholder('Enter voucher code').fill(voucherCode);
  const toastsBefore = (await shownToasts(page)).length;
  await dialog(page).getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, /./, 'error', toastsBefore); // the second use of the voucher is refused
  await expect(page.getByTestId('header-balance')).toHaveText('$55.00');
});

test('withdrawal: terms shown before confirming, request reserves, cancel returns', async ({ page, signIn }) => {
  const p = await signIn({ balanceCents: 100_00 });
  const options = (await (await page.request.get('/api/withdrawals/options')).json()) as {
    data: { method: string; minimum_amount: number; fee: number }[];
  };
  const method = options.data[0]!;
  const address = (
    (await (
      await page.request.post('/api/deposit/alphapo/deposit-address', {
        headers: p.auth,
        data: { currency: method.method },
      })
    ).json()) as { data: { wallet: string } }
  ).data.wallet;
  await page.goto('/profile/withdraw');
  await ready(page);
  await expect(page.getByTestId('header-balance')).toHaveText('$100.00');
  await expect(page.getByTestId('withdraw-terms')).toContainText(`Minimum $${method.minimum_amount.toFixed(2)}`);
  await page.getByLabel('Amount (USD)').fill('50');
  await page.getByLabel(/address/).fill(address);
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('withdraw-review')).toContainText(`you will receive $${(50 - method.fee).toFixed(2)}`);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('header-balance')).toHaveText('$50.00');
  const row = page.getByTestId('withdrawals').locator('tbody tr').first();
  await expect(row.locator('[data-status]')).toHaveText('Requested');
  await expect(row.locator('[data-status]')).toHaveClass(/status-white/);
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.locator('[data-status]')).toHaveText('Canceled');
  await expect(row.locator('[data-status]')).toHaveClass(/status-red/);
  await expect(page.getByTestId('header-balance')).toHaveText('$100.00');
});
