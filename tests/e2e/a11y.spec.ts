// axe-core finds no serious or critical violation on home, a game page, an information page and
// each dialog; images carry alt text; keyboard focus is visible.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ready } from './shell-helpers.ts';

async function seriousViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('pages', () => {
  // each layout shows other parts (sidebar and header, or bottom bar): checked at both viewports
  for (const path of ['/', '/rocket', '/provably-fair', '/faq', '/cookie-policy', '/leaderboard']) {
    test(`no serious or critical axe violations on ${path} @responsive`, async ({ page }) => {
      await page.goto(path);
      await ready(page);
      await expect(page.locator('#main h1')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const noAlt = await page.locator('img:not([alt])').count();
      expect(noAlt).toBe(0);
    });
  }

  test('the mobile menu has no serious or critical axe violations', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await ready(page);
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByTestId('mobile-menu')).toBeVisible();
    expect(await seriousViolations(page, '#mobile-menu')).toEqual([]);
  });

  test('keyboard focus is visible on links', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/faq');
    await ready(page);
    await page.keyboard.press('Tab'); // skip link
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
  });
});

test.describe('dialogs', () => {
  for (const q of ['login', 'register', 'deposit']) {
    test(`the ?modal=${q} dialog has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(`/?modal=${q}`);
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    });
  }

  test.describe(() => {
    test.use({ bonus: true });
    test('the bonus dialog has no serious or critical axe violations', async ({ page }) => {
      await page.clock.install();
      await page.goto('/');
      await ready(page); // the overlay is gone: the app has started its 4 s bonus timer
      await page.clock.fastForward(5_000);
      await expect(page.getByTestId('bonus-modal')).toBeVisible();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    });
  });
});
