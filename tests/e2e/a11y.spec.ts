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

/** Goes to `path` client-side: the router follows a pushed history entry as it does a link's (the
 * entry in the router's own form: a new location key, which the ?modal= effect runs once per). */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Goes to page `path` client-side and waits until its heading replaced the previous page's. */
async function visit(page: Page, path: string) {
  const before = await page.locator('#main h1').textContent();
  await navigate(page, path);
  await expect(page.locator('#main h1')).not.toHaveText(before ?? '');
}

test.describe('pages', () => {
  // Each layout shows other parts (sidebar and header, or bottom bar): checked at both viewports.
  // One page load per viewport: the app then goes to each page client-side (the router follows a
  // history entry), as a player's clicks do; the scan is of each page's content, not of the load.
  const paths = ['/', '/provably-fair', '/faq', '/cookie-policy', '/leaderboard', '/rocket'];
  test(`no serious or critical axe violations on ${paths.join(', ')} @responsive`, async ({ page }) => {
    test.setTimeout(120_000); // six scans: one-scan tests took 7–10 s each in loaded full runs
    await page.goto(paths[0]!);
    await ready(page);
    for (const path of paths) {
      if (path !== paths[0]) await visit(page, path);
      await expect(page.locator('#main h1'), path).toBeVisible();
      expect.soft(await seriousViolations(page), `axe on ${path}`).toEqual([]);
      expect.soft(await page.locator('img:not([alt])').count(), `images without alt on ${path}`).toBe(0);
    }
  });

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
  // One page load: the app opens each ?modal= dialog on a client-side navigation too. Signed in, so
  // that ?modal=deposit shows the deposit dialog (signed out it opens the Sign Up tab, scanned here too).
  test('the ?modal=login, register and deposit dialogs have no serious or critical axe violations', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000); // three axe scans
    await signIn({ balanceCents: 1_000 });
    const modal = page.getByTestId('modal');
    await page.goto('/?modal=login');
    await expect(modal).toHaveAttribute('data-auth-tab', 'login');
    await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
    expect.soft(await seriousViolations(page, '[role="dialog"]'), 'login').toEqual([]);
    await navigate(page, '/?modal=register');
    await expect(modal).toHaveAttribute('data-auth-tab', 'register');
    await expect(page.getByRole('form', { name: 'Sign Up' })).toBeVisible();
    expect.soft(await seriousViolations(page, '[role="dialog"]'), 'register').toEqual([]);
    await navigate(page, '/?modal=deposit');
    await expect(modal).toHaveAttribute('data-modal', 'deposit');
    await expect(page.getByTestId('deposit-modal')).toBeVisible();
    expect.soft(await seriousViolations(page, '[role="dialog"]'), 'deposit').toEqual([]);
  });

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
