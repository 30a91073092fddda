// The site shell as a player sees it: title, loading overlay, routes, 404 page.
import { expect, test } from './fixtures.ts';

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
