// Custom boxes in the browser: a player builds a box through the form (live chance sum and price
// from the shared quote), saves it, lands on its page, sees it listed, and another player opens
// it; the creator's "my boxes" page then shows the opening and the earned share.
import { formatUsd } from '../../src/shared/money.ts';
import { expect, test } from './fixtures.ts';

test.describe.configure({ timeout: 150_000 }); // software WebGL on a loaded machine runs the reels slowly

test('create a box through the form, see it listed, open it, and the creator earns @desktop', async ({
  newContext,
  random,
}) => {
  const { context: maker } = await newContext({});
  const page = await maker.newPage();
  await page.goto('/custom-boxes');
  await page.getByTestId('create-box-link').click();
  await expect(page).toHaveURL(/\/custom-boxes\/create$/);

  // pick two cheap items from the catalog picker
  // the grid keeps the previous sort's items until the new answer is in: wait for it, or the first
  // tile may still be the priciest item (a box over $1,000)
  const sorted = page.waitForResponse((r) => r.url().includes('/api/products?sort=price_asc'));
  await page.getByLabel('Sort items').selectOption('price_asc');
  await sorted;
  await expect(page.getByTestId('picker-grid')).toHaveAttribute('aria-busy', 'false');
  const picker = page.getByTestId('picker-item');
  await expect(picker.first()).toBeVisible();
  await picker.nth(0).getByRole('button', { name: /^Add / }).click();
  await picker.nth(1).getByRole('button', { name: /^Add / }).click();
  await expect(page.getByTestId('picked-item')).toHaveCount(2);
  const name = `E2E Box ${random.word(6)}`;
  await page.getByLabel('Box name').fill(name);
  await page.getByLabel('Image sneakerhead').check();

  const chances = page.getByTestId('picked-item').locator('input[type=number]');
  await chances.nth(0).fill('70');
  await chances.nth(1).fill('29.5');
  await expect(page.getByTestId('chance-sum')).toHaveText('99.5% of 100%');
  await expect(page.getByTestId('quote-problem')).toHaveText('The chances must add up to exactly 100% (now 99.5%).');
  await expect(page.getByTestId('save-box')).toBeDisabled();
  await chances.nth(1).fill('30');
  await expect(page.getByTestId('chance-sum')).toHaveText('100% of 100%');
  await expect(page.getByTestId('save-box')).toBeEnabled();

  // the price shown before saving is the price the server saves
  const shown = await page.getByTestId('quote-price').textContent();
  const created = page.waitForResponse((r) => r.url().endsWith('/api/user-boxes') && r.request().method() === 'POST');
  await page.getByTestId('save-box').click();
  const res = await created;
  expect(res.status()).toBe(201);
  const box = (await res.json()).data as { slug: string; url: string; price: number };
  expect(shown).toBe(formatUsd(Math.round(box.price * 100))); // the one money format: $1,234.50
  await expect(page).toHaveURL(new RegExp(`${box.url}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('box-creator')).toContainText('by ');
  await expect(page.getByTestId('item-chance')).toHaveText(['70%', '30%']);

  // listed on /custom-boxes/all, newest first and found by search
  await page.goto('/custom-boxes/all?sort=newest');
  await expect(page.getByTestId('custom-box-card').first()).toHaveAttribute('data-slug', box.slug);
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByTestId('custom-box-card')).toHaveCount(1);

  // another player opens it from the list
  const { context: opener } = await newContext({ balanceCents: Math.round(box.price * 100) * 2 });
  const other = await opener.newPage();
  await other.goto('/custom-boxes/all?sort=newest');
  await other.locator(`[data-testid="custom-box-card"][data-slug="${box.slug}"]`).click();
  await expect(other).toHaveURL(new RegExp(`${box.url}$`));
  await expect(other.getByTestId('reel-stage')).toHaveAttribute('data-renderer', /\w/, { timeout: 30_000 }); // the reels are drawn
  const answer = other.waitForResponse(
    (r) => r.url().endsWith(`/api/boxes/${box.slug}/open`) && r.request().method() === 'POST',
  );
  await other.getByTestId('open-button').click();
  const opened = await answer;
  expect(opened.status()).toBe(200);
  const body = (await opened.json()) as { data: { reels: { item: { id: number } }[] }; balance: number };
  expect(body.balance).toBeCloseTo(box.price, 2);
  await expect(other.getByTestId('skip-button')).toBeEnabled();
  await other.getByTestId('skip-button').click();
  await expect(other.getByTestId('reel-stage')).toHaveAttribute('data-phase', 'ended', { timeout: 60_000 });
  await expect(other.getByTestId('won-item')).toHaveAttribute('data-item-id', String(body.data.reels[0]!.item.id));

  // the creator sees the opening and the 1 % share
  const shareCents = Math.floor(Math.round(box.price * 100) / 100);
  await page.goto('/profile/my-boxes');
  const card = page.locator(`[data-testid="custom-box-card"][data-slug="${box.slug}"]`);
  await expect(card).toContainText('1 opening');
  await expect(card.getByTestId('box-earnings')).toHaveText(`Earned ${formatUsd(shareCents)}`);
  await expect(page.getByTestId('my-earnings')).toHaveText(formatUsd(shareCents));
});

test('on a phone: the list sorts by price, a guest opens a custom box page and Create asks to log in @phone', async ({
  newContext,
  page,
  baseURL,
}) => {
  const { auth } = (await newContext({ name: 'Box Maker' })).player!;
  const products = (await (await fetch(`${baseURL}/api/products?sort=price_desc&limit=2`)).json()).data as {
    id: number;
  }[];
  const made = await fetch(`${baseURL}/api/user-boxes`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Phone Grail',
      img: 'luxury-closet',
      items: [
        { product_id: products[0]!.id, chance: 0.5 },
        { product_id: products[1]!.id, chance: 99.5 },
      ],
    }),
  });
  expect(made.status).toBe(201);
  const box = (await made.json()).data as { slug: string; url: string };

  await page.goto('/custom-boxes/all');
  await page.getByTestId('custom-sort').selectOption('price_desc');
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect(page.getByTestId('custom-box-card').first()).toHaveAttribute('data-slug', box.slug); // the priciest items make the priciest box
  await page.getByTestId('custom-box-card').first().click();
  await expect(page).toHaveURL(new RegExp(`${box.url}$`));
  await expect(page.getByRole('heading', { name: 'Phone Grail' })).toBeVisible();
  await expect(page.getByTestId('box-creator')).toHaveText('by Box Maker · the creator earns 1% of each opening');
  await expect(page.getByTestId('item-chance')).toHaveText(['0.5%', '99.5%']);

  await page.goto('/custom-boxes');
  await page.getByTestId('create-box-link').click();
  await expect(page.getByRole('dialog')).toHaveAttribute('data-auth-tab', 'login');
});
