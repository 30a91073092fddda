// The site shell as a player sees it: title, loading overlay, routes, 404 page.
import { expect, test } from '@playwright/test';
import { skipBonus } from './shell-helpers.ts';

// The bonus dialog (4 s after start, once a day) would cover these pages; modals.spec tests it.
test.beforeEach(({ page }) => skipBonus(page));

test('home loads with the spec title and the loading overlay goes away', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Open Mystery Boxes, provably fair and authentic');
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.locator('#loading')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('home.png') });
});

test('the overlay reads "Loading..." before the app starts', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => new Promise((r) => setTimeout(r, 800)).then(() => route.continue()));
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('#loading')).toHaveText('Loading...');
});

test('an unknown route shows the 404 text with its path', async ({ page }) => {
  await page.goto('/this/does/not-exist');
  await expect(page.getByTestId('not-found')).toContainText('Page not found: /this/does/not-exist');
});

test('a route whose feature has not landed is an honest coming-soon page', async ({ page }) => {
  await page.goto('/wheel');
  await expect(page.getByTestId('coming-soon')).toContainText('Coming soon');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crazy Wheel');
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
  await page.route(/coming-soon-page-.*\.js$/, (route) => route.abort());
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Battles' }).first().click();
  await reloaded;
  expect(new URL(page.url()).pathname).toBe('/battles');
  // A full reload wiped the marker; the reload guard then stops a loop and shows an error page.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  await expect(page.getByRole('alert')).toContainText('Something went wrong');
});
