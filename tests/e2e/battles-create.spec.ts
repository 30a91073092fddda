// The battle create page (at both viewports) and a battle's end for a seated player (issue 26, item 3):
// the chosen mode looks chosen, the Crazy / Terminal / Private switches are visible, a summary line and
// the bot-seat rules show before Create; once the reels land, "You won $X" / "You lost $Y" (or the
// tie-break) as the server settled it (its text, at the desktop viewport).
import { expect, test } from './fixtures.ts';
import { formatUsd } from '../../src/shared/money.ts';

test.describe.configure({ timeout: 120_000 });

const BOX = 'penny-box';
const FUNDS = 100_000; // cents

test('the create page shows the chosen mode, visible option switches, a summary and the bot rules @responsive', async ({
  page,
  signIn,
}) => {
  await signIn({ balanceCents: FUNDS });
  await page.goto('/battles/create');
  const box = page.getByTestId('picker-box').and(page.locator(`[data-slug="${BOX}"]`));
  await box.getByRole('button', { name: /^Add/ }).click();
  const price = (await box.locator('.battle-cost').textContent())!.trim();

  const modes = page.getByRole('group', { name: 'Mode' });
  await modes.getByRole('button', { name: '2v2', exact: true }).click();
  const chosen = modes.getByRole('button', { name: '2v2', exact: true });
  const other = modes.getByRole('button', { name: '1v1', exact: true });
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  await expect(other).toHaveAttribute('aria-pressed', 'false');
  const bg = (l: typeof chosen) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await bg(chosen)).not.toBe(await bg(other)); // the choice is seen, not only announced

  for (const name of [/^Crazy/, /^Terminal/, /^Private/]) {
    const toggle = page.getByRole('checkbox', { name });
    await expect(toggle).toBeVisible();
    const look = await toggle.evaluate((el) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return { opacity: Number(s.opacity), width: r.width, height: r.height };
    });
    expect(look.opacity).toBeGreaterThan(0.5);
    expect(look.width).toBeGreaterThan(10);
    expect(look.height).toBeGreaterThan(10);
  }
  await page.getByRole('checkbox', { name: /^Crazy/ }).check();
  await page.getByRole('checkbox', { name: /^Private/ }).check();
  await expect(page.getByRole('checkbox', { name: /^Crazy/ })).toBeChecked();

  const summary = page.getByTestId('create-summary');
  await expect(summary).toHaveText(`2v2 · 1 round · ${price} a seat · Crazy, Private`);
  await expect(page.getByTestId('bot-rules')).toContainText('you, the creator, pay for every bot');
  await expect(page.getByTestId('bot-rules')).toContainText("a bot teammate's share goes to the house");
  await expect(page.getByTestId('bot-rules')).toContainText('to fill all 3 other seats');
  // the summary sits above Create, on the page
  const width = page.viewportSize()!.width;
  const s = (await summary.boundingBox())!;
  const c = (await page.getByTestId('create-button').boundingBox())!;
  expect(s.y).toBeLessThan(c.y);
  expect(s.x + s.width).toBeLessThanOrEqual(width);
  expect(c.x + c.width).toBeLessThanOrEqual(width);
});

test('a seated player sees "You won $X", "You lost $Y" or the tie-break once the reels land', async ({
  page,
  signIn,
}) => {
  const { auth } = await signIn({ balanceCents: FUNDS });
  const res = await page.request.post('/api/battles/create', { headers: auth, data: { boxes: [BOX], mode: '1v1' } });
  expect(res.status()).toBe(200);
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  await page.goto(`/battles/${id}`);
  await expect(page.getByTestId('battle-page')).toHaveAttribute('data-phase', 'new');
  await expect(page.getByTestId('battle-result')).toHaveCount(0);
  await page.getByTestId('add-bots-button').click();
  await expect(page.getByTestId('battle-page')).toHaveAttribute('data-phase', 'ended', { timeout: 60_000 });

  type Ended = {
    cost: number;
    winners: number[];
    tie_break: { roll: number } | null;
    seats: { drops: { item: { price: number } }[] }[];
  };
  const b = ((await (await page.request.get(`/api/battles/${id}`)).json()) as { data: Ended }).data;
  const value = b.seats.flatMap((s) => s.drops).reduce((a, d) => a + Math.round(d.item.price * 100), 0);
  const money = b.winners.includes(0)
    ? `You won ${formatUsd(value)}`
    : `You lost ${formatUsd(Math.round(b.cost * 100) * 2)}`; // my seat and the bot's, both paid by me
  const result = page.getByTestId('battle-result');
  await expect(result).toBeVisible();
  await expect(result).toContainText(money);
  if (b.tie_break) await expect(result).toContainText(/^Tie — decided by the provably fair tie-break/);
  const box = (await result.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});
