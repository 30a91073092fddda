// The site shell as a player sees it: title, loading overlay, routes, 404 page.
import { expect, test } from './fixtures.ts';
import { signInPlayer } from './players.ts';

test('home loads with the spec title and the loading overlay goes away', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Open Mystery Boxes, provably fair and authentic');
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.locator('#loading')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('home.png') });
});

test('the overlay reads "Loading..." before the app starts', async ({ page }) => {
  // the scripts are held back until the overlay was seen, then let through
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/assets/*.js', (route) => held.then(() => route.continue()));
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('#loading')).toHaveText('Loading...');
  release();
  await expect(page.locator('#loading')).toHaveCount(0); // and the app then starts
});

test('an unknown route shows the 404 text with its path', async ({ page }) => {
  await page.goto('/this/does/not-exist');
  await expect(page.getByTestId('not-found')).toContainText('Page not found: /this/does/not-exist');
});

test('navigating between lazy routes works without a reload', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.getByRole('link', { name: 'Dice' }).first().click();
  await expect(page).toHaveURL(/\/dice$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test('a failed page chunk load reloads the browser at the target path', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.route(/battles-page-.*\.js$/, (route) => route.abort());
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Battles' }).first().click();
  await reloaded;
  expect(new URL(page.url()).pathname).toBe('/battles');
  // A full reload wiped the marker; the reload guard then stops a loop and shows an error page.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  await expect(page.getByRole('alert')).toContainText('Something went wrong');
});

test(
  'a signed-in player with a long name and a large balance: the phone header fits the 390 px screen',
  { tag: '@phone' },
  async ({ page, context, baseURL }) => {
    await signInPlayer(context, baseURL!, { name: 'Maximilian_Longname', balanceCents: 123_456_789 });
    for (const path of ['/', '/dice', '/battles']) {
      await page.goto(path);
      const header = page.locator('header.header');
      await expect(header.getByTestId('header-balance')).toHaveText('$1,234,567.89');
      // nothing in the header reaches past the screen's right edge, and the page does not scroll sideways
      // (the layout viewport widens to fit overflowing content on a phone, so the screen is the viewport size)
      const width = page.viewportSize()!.width;
      const overflow = await header.evaluate((h, w) => {
        const right = Math.max(...[...h.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right));
        return { right, width: w, scroll: document.documentElement.scrollWidth };
      }, width);
      await expect(header.getByRole('button', { name: 'Deposit', exact: true })).toBeHidden(); // desktop only (spec §2)
      expect(overflow.right, path).toBeLessThanOrEqual(overflow.width);
      expect(overflow.scroll, path).toBeLessThanOrEqual(overflow.width);
    }
  },
);
