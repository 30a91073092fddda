// Accounts in the browser: register → login → /profile → reload keeps the session → the access
// token expires (expired in the server's database, no waiting) → silent refresh → logout; every §5
// message; social sign-in through the development provider; the login guard; password reset
// through /dev/mail.
import type { Page } from '@playwright/test';
import { channelJoined, expect, test } from './fixtures.ts';
import { expireAccessTokens } from './players.ts';
import { expectToast } from './toasts.ts';

async function register(page: Page, name: string, email: string, password: string) {
  await page.goto('/?modal=register');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nickname', { exact: true }).fill(name);
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel(/18 years or older/).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Your account has been created. You can log in now.');
  await expect(dialog.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
}

async function login(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('register → login → profile → reload → silent refresh after expiry → logout', async ({
  page,
  context,
  random,
}) => {
  const email = random.email();
  await register(page, 'Erin E2E', email, 'secret-pass');
  await login(page, email, 'secret-pass');
  const cookies = await context.cookies();
  expect(cookies.map((c) => c.name)).toEqual(expect.arrayContaining(['token', 'refreshToken']));

  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText('Erin E2E');
  await expect(page.getByTestId('profile-balance')).toHaveText('$0.00');
  await expect(page.getByTestId('profile-level')).toHaveText('1');

  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText('Erin E2E');
  const before = (await context.cookies()).find((c) => c.name === 'token')!.value;

  // Every refresh request is counted from before the expiry: the first signed-in call the server
  // answers after it (a profile load still on its way from the reload, the home page's private
  // channel or programme calls, or /profile's load once back) gets 401 → refresh → retry, and that
  // may come before any later line of this test runs (a wait armed after the expiry missed it).
  const refreshes: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/oauth/token') && (r.postData() ?? '').includes('refresh_token')) refreshes.push(r.url());
  });
  // the server's access token expires while the browser still holds it (cookies keep their expiry)
  expect(await expireAccessTokens(email)).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Loot Arcade home' }).click(); // a client-side navigation away, on phone and desktop
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goBack(); // back to /profile without a reload: its load on open is a signed-in call
  // the profile is shown again under a new access token, and no sign-out happened on the way
  await expect(page.getByTestId('profile-name')).toHaveText('Erin E2E');
  const token = async () => (await context.cookies()).find((c) => c.name === 'token')?.value;
  // Once in CI (a loaded machine) no refresh came within 10 s of the page being back: if the browser
  // had nothing left to ask, a reload's profile load is the signed-in call that must refresh.
  if (
    !(await expect
      .poll(token, { timeout: 5_000 })
      .not.toBe(before)
      .then(
        () => true,
        () => false,
      ))
  )
    await page.reload();
  await expect.poll(token).not.toBe(before);
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await context.cookies()).filter((c) => c.name === 'token' || c.name === 'refreshToken')).toHaveLength(0);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog').getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
});

test('every validation message of §5 appears on blur, not per keystroke', async ({ page }) => {
  await page.goto('/?modal=register');
  const d = page.getByRole('dialog');
  const blur = async (label: string | RegExp, value: string) => {
    const field = d.getByLabel(label, { exact: typeof label === 'string' });
    await field.fill(value);
    await field.blur();
  };
  await blur('Nickname', '');
  await expect(d.getByText('Nickname is required')).toBeVisible();
  await blur('Email', '');
  await expect(d.getByText('Email is required')).toBeVisible();
  await d.getByLabel('Email', { exact: true }).fill('not-an-email');
  await expect(d.getByText('Email is not valid.')).toHaveCount(0); // typing alone does not validate
  await d.getByLabel('Email', { exact: true }).blur();
  await expect(d.getByText('Email is not valid.')).toBeVisible();
  await blur('Password', '');
  await expect(d.getByText('Password is required')).toBeVisible();
  await blur('Password', '123');
  await expect(d.getByText('Password must be at least 6 characters.')).toBeVisible();

  await d.getByRole('tab', { name: 'Login' }).click();
  await blur('Email', 'x@');
  await expect(d.getByText('Email is not valid.')).toBeVisible();
  await blur('Password', '');
  await expect(d.getByText('Password is required')).toBeVisible();
  await d.getByRole('button', { name: 'Submit' }).click();
  await blur('Email', 'nobody@example.test');
  await blur('Password', 'wrong-password');
  await d.getByRole('button', { name: 'Submit' }).click();
  await expect(d.getByRole('alert').filter({ hasText: 'The user credentials were incorrect.' })).toBeVisible();

  await d.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('dialog', { name: 'Forgot password' })).toBeVisible();
  await blur('Email', '');
  await expect(page.getByRole('dialog').getByText('Email is required')).toBeVisible();
});

test('social sign-in through the development provider; the private channel is subscribed', async ({ page, random }) => {
  // The signed-in page opens the Pusher-protocol socket and is authorised for its own channel.
  // The home page also joins the public drops channel: wait for the private one.
  const subscribed = channelJoined(page, /^private-users\./);
  await page.goto('/?modal=login');
  await page.getByRole('dialog').getByRole('button', { name: 'Google' }).click();
  await expect(page.getByRole('heading', { name: 'Development google sign-in' })).toBeVisible();
  await page.getByLabel('Name').fill('Sol Social');
  await page.getByLabel('Email', { exact: true }).fill(random.email());
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await subscribed).toMatch(/^private-users\.\d+$/);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText('Sol Social');
});

test('forgot password → mail in /dev/mail → reset page → log in with the new password', async ({ page, random }) => {
  const email = random.email();
  await register(page, 'Reset Rita', email, 'old-secret');
  await page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).click();
  const d = page.getByRole('dialog', { name: 'Forgot password' });
  await d.getByLabel('Email', { exact: true }).fill(email);
  await d.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectToast(page, 'If an account exists for this email, we have sent a password reset link.');
  await page.goto('/dev/mail');
  const link = await page
    .locator('article', { hasText: email.toLowerCase() })
    .filter({ hasText: 'Reset your Loot Arcade password' }) // registration also mailed a verification link
    .locator('a')
    .first()
    .getAttribute('href');
  await page.goto(link!);
  await page.getByLabel('New password').fill('new-secret');
  await page.getByLabel('Repeat password').fill('new-secret');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').and(page.locator(':not(#loading)'))).toHaveText(
    'Your password has been reset. Please log in.',
  );
  await expect(page.getByRole('dialog').getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await login(page, email, 'new-secret');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText('Reset Rita');
});

test('verify email: the profile asks, the mailed link verifies, the notice goes away', async ({ page, random }) => {
  const email = random.email();
  await register(page, 'Vera Verify', email, 'secret-pass');
  await login(page, email, 'secret-pass');
  await page.goto('/profile');
  await expect(page.getByTestId('email-verify-notice')).toBeVisible();
  await page.goto('/dev/mail');
  const link = await page
    .locator('article', { hasText: email.toLowerCase() })
    .filter({ hasText: 'Verify your Loot Arcade email address' })
    .locator('a')
    .first()
    .getAttribute('href');
  expect(link).toMatch(/\/verify-email\?token=/);
  await page.goto(link!);
  await expect(page.getByTestId('verify-email').getByRole('status')).toHaveText(
    'Your email address has been verified.',
  );
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText('Vera Verify');
  await expect(page.getByTestId('email-verify-notice')).toHaveCount(0);
});
