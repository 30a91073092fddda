// Support in the browser: a player opens a ticket with an image, an operator answers it with the
// admin CLI (run against the e2e server's DATA_DIR from the test's own process, admin-cli.ts), and the reply
// arrives live on the open thread; a second answer shows the unread badge on another hub page.
import { admin } from './admin-cli.ts';
import { expect, test, channelJoined } from './fixtures.ts';

test.describe.configure({ timeout: 150_000 });

// A 1×1 PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5f1b1f40000000049454e44ae426082',
  'hex',
);

test('@responsive open a ticket, the operator answers with the CLI, the reply arrives live', async ({
  page,
  signIn,
}) => {
  const me = await signIn({ name: 'Support Sam' });
  const joined = channelJoined(page, `private-users.${me.userId}`);
  await page.goto('/profile/support');
  await joined;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
  await page.getByRole('link', { name: 'New ticket' }).click();
  await expect(page).toHaveURL(/\/profile\/support\/create$/);
  const form = page.getByRole('form', { name: 'New ticket' });
  await form.getByRole('button', { name: 'Send ticket' }).click();
  await expect(form.getByText('Subject is required.')).toBeVisible();
  await form.getByLabel('Subject').fill('Card deposit missing');
  await form.getByLabel('Category').selectOption('deposit');
  await form.getByLabel('Message').fill('I paid $20 and my balance did not change.');
  await form.getByLabel(/Images/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Send ticket' }).click();

  await expect(page).toHaveURL(/\/profile\/support\?ticket=\d+$/);
  const id = new URL(page.url()).searchParams.get('ticket')!;
  const thread = page.getByTestId('ticket-thread');
  await expect(thread.getByRole('heading', { name: 'Card deposit missing' })).toBeVisible();
  await expect(thread.getByTestId('ticket-status')).toHaveText('open');
  await expect(thread.getByTestId('ticket-message')).toHaveCount(1);
  await expect(thread.getByRole('img', { name: 'Attachment' })).toBeVisible();

  expect(await admin('ticket:list', '--status', 'open')).toContain(`#${id} open`);
  expect(await admin('ticket:reply', id, 'We found your payment; it is credited now.')).toContain('answered');
  await expect(thread.getByTestId('ticket-message')).toHaveCount(2); // live: no reload
  await expect(thread.getByTestId('ticket-message').nth(1)).toContainText('We found your payment; it is credited now.');
  await expect(thread.getByTestId('ticket-status')).toHaveText('answered');

  await thread.getByLabel('Your reply').fill('Thank you!');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByTestId('ticket-message')).toHaveCount(3);
  await expect(thread.getByTestId('ticket-status')).toHaveText('open');

  // Elsewhere in the hub, a second answer raises the unread badge on Support.
  const nav = page.getByRole('navigation', { name: 'Profile' });
  await nav.getByRole('link', { name: 'Affiliates' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Affiliates');
  await expect(page.getByTestId('support-unread')).toHaveCount(0);
  await admin('ticket:reply', id, 'Anything else?');
  await expect(page.getByTestId('support-unread')).toHaveText('1');
  await nav.getByRole('link', { name: /Support/ }).click();
  await page.getByRole('button', { name: /Card deposit missing/ }).click();
  await expect(thread.getByTestId('ticket-message')).toHaveCount(4);
  await expect(page.getByTestId('support-unread')).toHaveCount(0);
  await thread.getByRole('button', { name: 'Close ticket' }).click();
  await expect(thread.getByTestId('ticket-status')).toHaveText('closed');
  await expect(thread.getByText('This ticket is closed.')).toBeVisible();
});
