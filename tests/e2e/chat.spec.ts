// The chat in the browser: a message one player sends from the panel reaches another player's open
// page live on the public channel `chat`, as text (markup is not parsed); the sender's own message
// is marked; the desktop column's collapsed state survives a reload; on a phone the sheet opens
// from the bottom bar and counts unread messages while it is closed.
import { expect, test, channelJoined } from './fixtures.ts';

test('@desktop a message reaches another player live, as text, marked as own for its sender', async ({
  page,
  signIn,
  newContext,
  random,
}) => {
  await signIn({ name: 'Reader Rita' });
  await page.goto('/');
  const dock = page.getByTestId('chat-dock');
  await dock.getByTestId('chat-toggle').click(); // collapsed until the player opens it
  await expect(dock.getByRole('heading', { name: 'Chat' })).toBeVisible();
  const joined = channelJoined(page, 'chat');
  await page.reload(); // the open column is remembered
  await joined;
  await expect(dock.getByRole('heading', { name: 'Chat' })).toBeVisible();

  const { context } = await newContext({ name: 'Writer Wes' });
  const writer = await context.newPage();
  const writerJoined = channelJoined(writer, 'chat');
  await writer.goto('/boxes');
  await writerJoined;
  await writer.getByTestId('chat-toggle').click();
  const text = `<b>gg</b> ${random.word(8)} <img src=x onerror="document.title='pwned'"> https://evil.example/x`;
  await writer.getByTestId('chat-input').fill(text);
  await writer.getByTestId('chat-send').click();
  const own = writer.getByTestId('chat-message').filter({ hasText: 'gg' }).last();
  await expect(own).toHaveAttribute('data-mine', 'true');
  await expect(writer.getByTestId('chat-input')).toHaveValue('');

  const line = dock.getByTestId('chat-message').filter({ hasText: 'Writer Wes' }).last();
  await expect(line.getByTestId('chat-text')).toHaveText(text);
  await expect(line).not.toHaveAttribute('data-mine');
  const shown = line.getByTestId('chat-text');
  await expect(shown.locator('b, img')).toHaveCount(0); // the markup is characters, not elements
  await expect(shown.getByRole('link')).toHaveCount(0); // another site's address stays text
  expect(await page.title()).not.toBe('pwned');

  await dock.getByTestId('chat-close').click();
  await expect(dock.getByTestId('chat-toggle')).toBeVisible();
  await page.reload(); // and so is the collapsed one
  await expect(dock.getByTestId('chat-toggle')).toBeVisible();
  await expect(dock.getByRole('heading', { name: 'Chat' })).toHaveCount(0);
});

test('@phone the chat sheet opens from the bottom bar and counts unread messages', async ({
  page,
  signIn,
  newContext,
  random,
}) => {
  await signIn({ name: 'Phone Pia' });
  const joined = channelJoined(page, 'chat');
  await page.goto('/');
  await joined;
  await expect(page.getByTestId('chat-dock')).toBeHidden();

  const { context, player } = await newContext({ name: 'Sender Sol' });
  const text = `hello ${random.word(8)}`;
  const sent = await context.request.post('/api/chat', { headers: player!.auth, data: { message: text } });
  expect(sent.status()).toBe(201);

  await expect(page.getByTestId('bottom-chat-unread')).toHaveText('1');
  await page.getByTestId('bottom-chat').click();
  const dock = page.getByTestId('chat-dock');
  await expect(dock).toBeVisible();
  await expect(dock.getByTestId('chat-message').last()).toContainText(text);
  await expect(page.getByTestId('bottom-chat-unread')).toHaveCount(0);
  await dock.getByTestId('chat-close').click();
  await expect(dock).toBeHidden();
});
