// Box fairness in the browser: a credited player opens a box, sees the reel in "My openings",
// rotates the seed pair, follows the verify link and /boxes/provably-fair recomputes the same
// ticket and item in the browser; home shows featured boxes that link to their box pages.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { ready } from './shell-helpers.ts';

const SLUG = 'penny-box';
test.describe.configure({ timeout: 150_000 }); // software WebGL on a loaded machine runs the reels slowly

type Reel = { ticket: number; nonce: number; server_seed_hash: string; item: { id: number; name: string } };

test('a player opens a box, sees it in My openings and verifies it after rotating the seed @desktop', async ({
  page,
  signIn,
  baseURL,
}) => {
  const price = (await (await fetch(`${baseURL}/api/boxes/${SLUG}`)).json()).data.price as number;
  await signIn({ balanceCents: Math.round(price * 100) * 2 });
  await page.goto(`/boxes/${SLUG}`);
  const panel = page.getByTestId('box-openings');
  await expect(panel).toContainText('You have not opened this box yet.');

  // open only once the reels' scene is up and its debug handle installed
  await expect(page.getByTestId('reel-stage')).toHaveAttribute('data-renderer', /\w/, { timeout: 60_000 });
  await expect
    .poll(() => page.evaluate(() => typeof (window as unknown as { __boxes?: unknown }).__boxes), { timeout: 30_000 })
    .toBe('object');
  const answer = page.waitForResponse(
    (r) => r.url().endsWith(`/api/boxes/${SLUG}/open`) && r.request().method() === 'POST',
  );
  await page.getByTestId('open-button').click();
  const res = await answer;
  expect(res.status()).toBe(200);
  const reel = ((await res.json()) as { data: { reels: Reel[] } }).data.reels[0]!;
  await expect(page.getByTestId('skip-button')).toBeEnabled();
  await page.getByTestId('skip-button').click();
  await expect(page.getByTestId('reel-stage')).toHaveAttribute('data-phase', 'ended', { timeout: 60_000 });

  // the row appears once the reels have stopped, with the ticket and item the API rolled
  const row = panel.getByTestId('opening-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-ticket', String(reel.ticket));
  await expect(row).toHaveAttribute('data-item-id', String(reel.item.id));
  await expect(row).toContainText(reel.item.name);
  await expect(row).toContainText(/\d\d\.\d\d\.\d\d, \d\d:\d\d/); // German short date and time
  const link = row.getByTestId('verify-link');
  await expect(link).toHaveText('Verify (after rotation)');
  const hashOnly = await link.getAttribute('href');
  expect(hashOnly).toContain(`server_seed_hash=${reel.server_seed_hash}`);
  expect(hashOnly).not.toContain('server_seed=');

  await page.getByTestId('rotate-seed').click();
  await expect(link).toHaveText('Verify');
  await expect(page.getByTestId('rotate-seed')).toHaveCount(0);
  await link.click();

  await expect(page).toHaveURL(/\/boxes\/provably-fair\?/);
  await expect(page.getByRole('heading', { name: 'Boxes — provably fair' })).toBeVisible();
  await expect(page.getByTestId('box-fair-ticket')).toHaveText(String(reel.ticket));
  await expect(page.getByTestId('box-fair-item')).toHaveAttribute('data-item-id', String(reel.item.id));
  await expect(page.getByTestId('box-fair-item')).toContainText(reel.item.name);
  await expect(page.getByTestId('commitment')).toHaveText(
    'The server seed matches the hash shown before the openings.',
  );

  // a changed nonce recomputes a different ticket in the browser; a wrong seed fails the commitment
  const nonce = page.locator('input[name="nonce"]');
  await nonce.fill(String(reel.nonce + 1));
  await expect(page.getByTestId('box-fair-ticket')).not.toHaveText(String(reel.ticket));
  await nonce.fill(String(reel.nonce));
  await expect(page.getByTestId('box-fair-ticket')).toHaveText(String(reel.ticket));
  const seed = page.locator('input[name="server_seed"]');
  const revealed = await seed.inputValue();
  await seed.fill(`${revealed.slice(0, -1)}${revealed.endsWith('0') ? '1' : '0'}`);
  await expect(page.getByTestId('commitment')).toHaveText('The server seed does NOT match this hash.');

  // the link made before the rotation carries only the hash and says to rotate first
  await page.goto(hashOnly!);
  await expect(page.getByTestId('fair-hint')).toContainText('rotate your seed pair');
  await expect(page.getByTestId('box-fair-ticket')).toHaveCount(0);
});

test('home shows the most opened boxes, each linking to its box page', async ({ page }) => {
  // the order the page itself received (other tests may open boxes meanwhile)
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/boxes?sort=popular'));
  await page.goto('/');
  const popular = (
    (await (await answer).json()) as { data: { slug: string; url: string; name: string; openings: number }[] }
  ).data;
  expect(popular.length).toBeGreaterThan(8);
  expect(popular.every((b, i) => i === 0 || popular[i - 1]!.openings >= b.openings)).toBe(true);
  const cards = page.getByTestId('featured-boxes').getByTestId('box-card');
  await expect(cards).toHaveCount(Math.min(8, popular.length));
  expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-slug')))).toEqual(
    popular.slice(0, 8).map((b) => b.slug),
  );
  await expect(cards.first()).toHaveAttribute('href', popular[0]!.url);
  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`${popular[0]!.url}$`));
  await expect(page.getByTestId('box-page').getByRole('heading', { level: 1 })).toHaveText(popular[0]!.name);
});

test('the box verify page has no serious or critical axe violations @desktop', async ({ page }) => {
  await page.goto(`/boxes/provably-fair?server_seed=${'a'.repeat(64)}&client_seed=abc&nonce=2&box=${SLUG}&version=1`);
  await expect(page.getByTestId('box-fair-ticket')).toHaveText('54598'); // Stake vector f0 = 0.5459779207594693
  await expect(page.getByTestId('box-fair-item')).toBeVisible();
  // the page can be drawn while the loading overlay still fades out: its half-transparent
  // "Loading..." is a contrast violation of its own, so axe runs once it is gone
  await ready(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
