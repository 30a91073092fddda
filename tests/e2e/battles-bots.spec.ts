// The bots of GET /api/battles/bots in the browser (issue 26, item 13): the creator's add-bots picker
// shows the names and avatars of the bots that will sit, in the server's order; a bot seat shows the
// same name and avatar once seated; the picker then offers the next ones.
import { expect, test } from './fixtures.ts';

const BOX = 'penny-box';

type Bot = { id: number; name: string; avatar_url: string };

test('the add-bots picker and the bot seats show the bots list’s names and avatars @responsive', async ({
  page,
  signIn,
}) => {
  const { auth } = await signIn({ balanceCents: 100_000 });
  const bots = ((await (await page.request.get('/api/battles/bots')).json()) as { data: Bot[] }).data;
  expect(bots.length).toBeGreaterThanOrEqual(3);
  const res = await page.request.post('/api/battles/create', { headers: auth, data: { boxes: [BOX], mode: '2v2' } });
  const id = ((await res.json()) as { data: { id: number } }).data.id;

  const listed = page.waitForResponse((r) => r.url().endsWith('/api/battles/bots') && r.status() === 200);
  await page.goto(`/battles/${id}`);
  await listed; // the page asks the server for its bots
  const preview = page.getByTestId('bot-preview');
  await expect(preview).toHaveText(bots.slice(0, 3).map((b) => b.name)); // every open seat by default
  await expect(preview.first().locator('img')).toHaveAttribute('src', bots[0]!.avatar_url);
  await expect(page.getByTestId('add-bots-button')).toContainText('Add 3 bots');

  await page.getByRole('group', { name: 'How many bots' }).getByRole('button', { name: '1', exact: true }).click();
  await expect(preview).toHaveText([bots[0]!.name]);
  await page.getByTestId('add-bots-button').click();

  const botSeat = page.getByTestId('seat-card').filter({ hasText: bots[0]!.name });
  await expect(botSeat).toHaveCount(1);
  await expect(botSeat.getByTestId('seat-name')).toContainText('Bot');
  await expect(botSeat.locator('img').first()).toHaveAttribute('src', bots[0]!.avatar_url);
  await expect(preview).toHaveText([bots[1]!.name]); // the next one would sit now (one still chosen)
  await page.getByRole('group', { name: 'How many bots' }).getByRole('button', { name: '2', exact: true }).click();
  await expect(preview).toHaveText(bots.slice(1, 3).map((b) => b.name));
  const cancel = await page.request.post(`/api/battles/${id}/cancel`, { headers: auth });
  expect(cancel.status()).toBe(200);
});
