// Affiliates in the browser: a player changes the referral code once, a visitor opens the new
// /ref/{code} link in another browser and signs up through it, and the dashboard counts the visit
// and the sign-up; /partnership links to the dashboard.
import { expect, test } from './fixtures.ts';

test.describe.configure({ timeout: 120_000 });

test('change the referral code, sign up a second player through it, the dashboard counts the sign-up', async ({
  page,
  signIn,
  newContext,
  random,
}) => {
  await signIn({ name: 'Affiliate Ann' });
  await page.goto('/partnership');
  await expect(page.getByTestId('partnership-share')).toContainText('15% of the house edge');
  await page.getByRole('link', { name: 'dashboard' }).click();
  await expect(page).toHaveURL(/\/profile\/referral$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Affiliates');
  await expect(page.getByTestId('referral-signups')).toHaveText('0');

  const code = `ann-${random.word(10)}`;
  const input = page.getByLabel(/Your own code/);
  await input.fill('no');
  await page.getByRole('button', { name: 'Save code' }).click();
  await expect(page.getByRole('alert')).toContainText('The code must be 4–20 characters');
  await input.fill(code.toUpperCase());
  await page.getByRole('button', { name: 'Save code' }).click();
  await expect(page.getByTestId('referral-link')).toHaveValue(new RegExp(`/ref/${code}$`));
  await expect(page.getByLabel(/Your own code/)).toHaveCount(0);
  await expect(page.getByText('it cannot be changed again')).toBeVisible();

  const { context } = await newContext();
  const visitor = await context.newPage();
  await visitor.goto(`/ref/${code}`);
  await expect(visitor).toHaveURL(/\/\?modal=register$/);
  const dialog = visitor.getByRole('dialog');
  await dialog.getByLabel('Nickname', { exact: true }).fill('Referred Rob');
  await dialog.getByLabel('Email', { exact: true }).fill(random.email('rob'));
  await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
  await dialog.getByLabel(/18 years or older/).check();
  // the sign-up itself is the subject here (the dialog's own messages are auth.spec.ts's): wait for its answer
  const registered = visitor.waitForResponse(
    (r) => r.url().endsWith('/api/auth/register') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Submit' }).click();
  expect((await registered).status()).toBe(200);

  await page.reload();
  await expect(page.getByTestId('referral-visitors')).toHaveText('1');
  await expect(page.getByTestId('referral-signups')).toHaveText('1');
  await expect(page.getByTestId('referral-wagered')).toHaveText('$0.00');
  await expect(page.getByRole('button', { name: 'Claim $0.00' })).toBeDisabled();
});
