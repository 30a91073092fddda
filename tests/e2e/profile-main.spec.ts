// The profile main page in the browser (1440×900 and 390×844): stats from real play with the biggest
// win linking to its fair check, a name change and a shipped avatar seen in the header, an uploaded
// avatar served back, a password change that signs another device out, and "Sign out everywhere";
// the seed pair panel (client seed change, rotate, revealed history).
import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { e2eDatabase, signInPlayer } from './players.ts';

test.describe.configure({ timeout: 120_000 });

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function setPassword(userId: number, password: string): Promise<string> {
  const { database } = e2eDatabase();
  try {
    const row = await database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password, { logN: 10, r: 8, p: 1 }) })
      .where('id', '=', userId)
      .returning('email')
      .executeTakeFirstOrThrow();
    return row.email;
  } finally {
    await database.close();
  }
}

async function passwordLogin(request: APIRequestContext, email: string, password: string) {
  const { oauth } = await (await request.get('/api/config')).json();
  const res = await request.post('/oauth/token', {
    data: { grant_type: 'password', username: email, password, scope: '*', ...oauth },
  });
  const body = (await res.json()) as { refresh_token?: string };
  return { status: res.status(), refresh: body.refresh_token ?? '' };
}

/** The refresh grant's status for `refresh` (400 once its session was signed out). */
async function refreshStatus(request: APIRequestContext, refresh: string): Promise<number> {
  const { oauth } = await (await request.get('/api/config')).json();
  const res = await request.post('/oauth/token', {
    data: { grant_type: 'refresh_token', refresh_token: refresh, scope: '*', ...oauth },
  });
  return res.status();
}

test('the main page: stats, name, avatars, password change and sign out everywhere', async ({
  page,
  context,
  baseURL,
}) => {
  const player = await signInPlayer(context, baseURL!, { name: 'Main Tester', balanceCents: 50_00, wagerCents: 30_00 });
  const email = await setPassword(player.userId, 'first-secret');
  const other = await passwordLogin(page.request, email, 'first-secret'); // a second device
  expect(other.status).toBe(200);
  const opened = await page.request.post('/api/boxes/penny-box/open', { headers: player.auth, data: { count: 1 } });
  expect(opened.status()).toBe(200);
  const reel = (await opened.json()).data.reels[0];

  await page.goto('/profile');
  const stats = page.getByTestId('profile-stats');
  const cost = (await opened.json()).data.cost as number;
  await expect(stats.getByTestId('stat-wagered')).toHaveText(`$${(30 + cost).toFixed(2)}`);
  await expect(stats.getByTestId('stat-openings')).toHaveText('1');
  await expect(stats.getByTestId('stat-bets')).toHaveText('1'); // the $30 wager: a settled dice stake
  // XP follows expected house profit (dice 1 %, boxes 7.4 %): the page shows the API's level, ≥ 2 after $30 on dice.
  const { level } = (await (await page.request.get('/api/profile', { headers: player.auth })).json()).data.user_level;
  expect(level).toBeGreaterThanOrEqual(2);
  await expect(stats.getByTestId('level-progress')).toContainText(`Level ${level}`);
  await expect(stats.getByTestId('level-progress')).toContainText(`XP to level ${level + 1}`);
  await expect(stats.getByTestId('stat-biggest-win')).toContainText(reel.item.name);
  // The biggest win links to its filled-in fair check.
  await stats.getByTestId('stat-biggest-win').getByRole('link').click();
  await expect(page).toHaveURL(/\/boxes\/provably-fair\?/);
  await expect(page.getByTestId('box-fair-page')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('nonce')).toBe(String(reel.nonce));
  expect(new URL(page.url()).searchParams.get('box')).toBe('penny-box');
  await page.goBack();
  await expect(page.getByTestId('profile-stats')).toBeVisible();

  // Name and shipped avatar: the header follows at once.
  const header = phoneOrDesktop(page.viewportSize()!.width);
  await page.getByLabel('Nickname').fill('Renamed Tester');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByTestId('profile-name')).toHaveText('Renamed Tester');
  if (header === 'desktop') await expect(page.getByTestId('header-account')).toContainText('Renamed Tester');
  await page.getByRole('button', { name: 'Use the fox avatar' }).click();
  await expect(page.getByRole('button', { name: 'Use the fox avatar' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('header-account').locator('img.avatar')).toHaveAttribute('src', '/img/avatars/fox.svg');

  // Upload: served back and shown (the image really loads).
  await page.getByTestId('avatar-file').setInputFiles({ name: '../../me.png', mimeType: 'image/png', buffer: PNG });
  const headerImg = page.getByTestId('header-account').locator('img.avatar');
  await expect(headerImg).toHaveAttribute('src', new RegExp(`^/uploads/avatars/${player.userId}-[0-9a-f]{24}\\.png$`));
  await expect.poll(() => headerImg.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  // A large picture is scaled to 256 px by the browser before it goes up.
  const big = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 600;
    c.height = 400;
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = '#36c';
    ctx.fillRect(0, 0, 600, 400);
    return c.toDataURL('image/png').split(',')[1]!;
  });
  await page
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.from(big, 'base64') });
  await expect(headerImg).toHaveAttribute('src', /\.webp$/);
  await expect.poll(() => headerImg.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  await page
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a') });
  await expect(page.getByTestId('avatar-picker').getByRole('alert')).toHaveText(/PNG, JPEG or WebP/);

  // Password: the wrong current one is refused; the right one signs the other device out.
  const form = page.getByTestId('password-form');
  await form.getByLabel('Current password', { exact: true }).fill('wrong-one');
  await form.getByLabel('New password', { exact: true }).fill('second-secret');
  await form.getByLabel('Repeat the new password').fill('second-secret');
  await form.getByLabel('Repeat the new password').press('Enter'); // submits (a toast may cover the button on a phone)
  await expect(form).toContainText('The current password is incorrect.');
  await form.getByLabel('Current password', { exact: true }).fill('first-secret');
  await form.getByLabel('Repeat the new password').press('Enter'); // submits (a toast may cover the button on a phone)
  await expect(page.getByText('Other devices have been signed out.')).toBeVisible();
  expect(await refreshStatus(page.request, other.refresh)).toBe(400); // that device was signed out
  const third = await passwordLogin(page.request, email, 'second-secret');
  expect(third.status).toBe(200);

  // Sessions, then sign out everywhere: this browser goes to / signed out.
  await page.reload();
  const sessions = page.getByTestId('profile-sessions');
  await expect(sessions.getByTestId('session')).toHaveCount(2); // this browser and the new login
  await expect(sessions.getByTestId('session').filter({ hasText: 'This device' })).toHaveCount(1);
  await sessions.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-account')).toHaveCount(0);
  expect(await refreshStatus(page.request, third.refresh)).toBe(400); // and so was every other one
});

test('the seed pair panel: change the client seed, rotate, and the revealed seed matches its hash', async ({
  page,
  context,
  baseURL,
}) => {
  const player = await signInPlayer(context, baseURL!, { name: 'Seed Tester', balanceCents: 50_00 });
  const opened = await page.request.post('/api/boxes/penny-box/open', { headers: player.auth, data: { count: 1 } });
  expect(opened.status()).toBe(200); // one opening with the active pair (nonce 0 → 1)

  await page.goto('/profile');
  const panel = page.getByTestId('seed-pair-panel');
  await expect(panel.getByTestId('nonce')).toHaveText('1');
  const hash = (await panel.getByTestId('server-seed-hash').textContent())!;
  const next = (await panel.getByTestId('next-server-seed-hash').textContent())!;
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await expect(panel.getByText(/None yet/)).toBeVisible();

  // A used pair: changing the client seed rotates it (revealing the old seed into the history).
  await panel.getByLabel('Client seed').fill('profile-seed-1');
  await panel.getByRole('button', { name: 'Change client seed' }).click();
  await expect(panel.getByTestId('client-seed')).toHaveText('profile-seed-1');
  await expect(panel.getByTestId('server-seed-hash')).toHaveText(next);
  await expect(panel.getByTestId('nonce')).toHaveText('0');
  await expect(panel.getByTestId('seed-history-row')).toHaveCount(1);
  const seed = (await panel.getByTestId('seed-history-seed').first().textContent())!;
  expect(createHash('sha256').update(seed).digest('hex')).toBe(hash);

  // Rotate: the committed next hash becomes active, the revealed pair goes first in the history.
  await panel.getByRole('button', { name: 'Rotate seed' }).click();
  await expect(panel.getByTestId('seed-history-row')).toHaveCount(2);
  await expect(panel.getByTestId('revealed-seed')).toContainText('(0 bets)');
  await expect(panel.getByTestId('seed-history-row').first()).toContainText(next);
  await page.reload(); // the history comes from the server
  await expect(page.getByTestId('seed-pair-panel').getByTestId('seed-history-row')).toHaveCount(2);
  await expect(page.getByTestId('seed-pair-panel').getByTestId('seed-history-seed').last()).toHaveText(seed);
});

function phoneOrDesktop(width: number): 'phone' | 'desktop' {
  return width < 1024 ? 'phone' : 'desktop';
}
