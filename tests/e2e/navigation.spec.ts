// Every sidebar, header, footer, bottom-bar and menu link leads to its route (spec §2), at
// 1440×900 (@desktop) and 390×844 (@phone); the cashback banner and the menu's scroll lock.
import type { Locator, Page } from '@playwright/test';
import { expect, frames, test } from './fixtures.ts';
import { pushedPaths, ready, recordNavigations } from './shell-helpers.ts';

const footer: [string, string][] = [
  ['Contacts', '/contacts'],
  ['Leaderbord', '/leaderboard'],
  ['How it works', '/how-it-works'],
  ['FAQ', '/faq'],
  ['Affiliates', '/profile/referral'],
  ['Terms of service', '/terms-of-service'],
  ['Privacy statement', '/privacy-statement'],
  ['Provably fair', '/provably-fair'],
  ['Support', '/profile/support'],
  ['Partnership', '/partnership'],
  ['Cookie policy', '/cookie-policy'],
  ['AML policy', '/aml-policy'],
];

test.beforeEach(({ page }) => recordNavigations(page));

/** Login-only routes (spec §5): a guest is sent to / with the login dialog open. */
const guarded = (path: string) => path === '/freeloot' || path.startsWith('/profile');

/** Clicks `link` and checks the app navigated to `path`; for a login-only route the guard then
 * opens the login dialog, which is closed again so the next link can be clicked. */
async function followsTo(page: Page, link: Locator, path: string) {
  await expect(link).toHaveAttribute('href', path);
  await link.click();
  await expect.poll(() => pushedPaths(page)).toContain(path);
  if (guarded(path)) {
    await expect(page.getByRole('dialog')).toHaveAttribute('data-auth-tab', 'login');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    return;
  }
  await expect.poll(() => pushedPaths(page).then((p) => p.at(-1))).toBe(path);
}

test(
  'desktop sidebar links lead to their routes; Dice carries the New badge',
  { tag: '@desktop' },
  async ({ page }) => {
    await page.goto('/');
    await ready(page);
    const sidebar = page.getByRole('navigation', { name: 'Games' });
    const links: [string, string][] = [
      ['Boxes', '/boxes'],
      ['Battles', '/battles'],
      ['Upgrade', '/upgrade'],
      ['Rocket', '/rocket'],
      ['Crazy Wheel', '/wheel'],
      ['Bounce', '/bounce'],
      ['Dice', '/dice'],
      ['Free loot', '/freeloot'],
    ];
    await expect(sidebar.getByRole('link')).toHaveCount(links.length);
    for (const [label, path] of links)
      await followsTo(page, sidebar.getByRole('link', { name: new RegExp(`^${label}`) }), path);
    await expect(sidebar.getByRole('link', { name: /^Dice/ })).toContainText('New');
  },
);

test(
  'desktop header: Free loot link, Boxes opens register for a guest, Login and Sign up open their tabs',
  { tag: '@desktop' },
  async ({ page }) => {
    await page.goto('/faq');
    await ready(page);
    const header = page.getByRole('banner');
    await followsTo(page, header.getByRole('link', { name: 'Free loot' }), '/freeloot');
    await header.getByRole('button', { name: 'Boxes' }).click();
    await expect(page.getByRole('dialog')).toHaveAttribute('data-auth-tab', 'register');
    await page.keyboard.press('Escape');
    await header.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog')).toHaveAttribute('data-auth-tab', 'login');
    await page.keyboard.press('Escape');
    await header.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('dialog')).toHaveAttribute('data-auth-tab', 'register');
    await page.keyboard.press('Escape');
    await page.goto('/faq'); // the guard above left us on /, where the logo link would only replace
    await ready(page);
    await followsTo(page, header.getByRole('link', { name: 'Loot Arcade' }), '/');
  },
);

for (const device of ['@desktop', '@phone']) {
  test(
    `footer: the 12 links in order lead to their routes; community and 7 payment images ${device}`,
    { tag: device },
    async ({ page }) => {
      await page.goto('/');
      await ready(page);
      const nav = page.getByRole('navigation', { name: 'Footer' });
      await expect(nav.getByRole('link')).toHaveText(footer.map(([l]) => l));
      for (const [label, path] of footer)
        await followsTo(page, nav.getByRole('link', { name: label, exact: true }), path);
      const community = page.getByRole('region', { name: 'Join our Community' });
      await expect(community.getByRole('link')).toHaveCount(3);
      for (const a of await community.getByRole('link').all()) {
        await expect(a).toHaveAttribute('href', /^https:\/\//);
        await expect(a).toHaveAttribute('target', '_blank');
      }
      const networks = page.getByRole('region', { name: 'Accepted Networks' }).getByRole('img');
      await expect(networks).toHaveCount(7);
      for (const img of await networks.all())
        expect(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    },
  );
}

test(
  'bottom bar: Games sub-menu with Back, Boxes, Profile and the central button open the right things',
  { tag: '@phone' },
  async ({ page }) => {
    test.setTimeout(120_000); // five game pages, each now a real scene loading its engine chunk
    await page.goto('/');
    await ready(page);
    const bar = () => page.getByRole('navigation', { name: 'Mobile' });
    await expect(page.getByRole('navigation', { name: 'Games', exact: true })).toBeHidden(); // desktop sidebar
    for (const [label, path] of [
      ['Battles', '/battles'],
      ['Upgrade', '/upgrade'],
      ['Rocket', '/rocket'],
      ['Crazy Wheel', '/wheel'],
      ['Bounce', '/bounce'],
    ]) {
      await bar().getByRole('button', { name: 'Games' }).click();
      const games = page.getByRole('navigation', { name: 'Games menu' });
      await followsTo(page, games.getByRole('link', { name: label! }), path!);
    }
    await bar().getByRole('button', { name: 'Games' }).click();
    await page.getByRole('navigation', { name: 'Games menu' }).getByRole('button', { name: 'Back' }).click();
    await expect(bar().getByRole('button', { name: 'Menu' })).toBeVisible();
    await followsTo(page, bar().getByRole('link', { name: 'Boxes' }), '/boxes');
    await bar().getByRole('button', { name: 'Profile' }).click();
    await expect(page.getByRole('dialog')).toHaveAttribute('data-auth-tab', 'login');
    await page.keyboard.press('Escape');
    await bar().getByTestId('bottom-login').click();
    await expect(page.getByRole('dialog')).toHaveAttribute('data-auth-tab', 'login');
  },
);

test(
  'mobile menu: 11 main links and the information grid lead to their routes',
  { tag: '@phone' },
  async ({ page }) => {
    test.setTimeout(120_000); // two dozen lazy-route navigations on a phone viewport
    await page.goto('/');
    await ready(page);
    const main: [string, string][] = [
      ['Boxes', '/boxes'],
      ['Battles', '/battles'],
      ['Upgrade', '/upgrade'],
      ['Free loot', '/freeloot'],
      ['Custom boxes', '/custom-boxes'],
      ['Leaderboard', '/leaderboard'],
      ['Rocket', '/rocket'],
      ['Bounce', '/bounce'],
      ['Crazy Wheel', '/wheel'],
      ['Support', '/profile/support'],
      ['Partnership', '/partnership'],
    ];
    const open = async () => {
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Menu' }).click();
      return page.getByTestId('mobile-menu');
    };
    let menu = await open();
    await expect(menu.getByRole('navigation', { name: 'Menu links' }).getByRole('link')).toHaveText(
      main.map(([l]) => l),
    );
    await page.getByRole('button', { name: 'Close menu' }).click();
    for (const [label, path] of main) {
      menu = await open();
      await followsTo(
        page,
        menu.getByRole('navigation', { name: 'Menu links' }).getByRole('link', { name: label, exact: true }),
        path,
      );
      await expect(page.getByTestId('mobile-menu')).toHaveCount(0);
    }
    menu = await open();
    const info = await menu
      .getByRole('navigation', { name: 'Information' })
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(info.length).toBeGreaterThanOrEqual(8);
    await page.getByRole('button', { name: 'Close menu' }).click();
    for (const path of info) {
      menu = await open();
      await followsTo(page, menu.getByRole('navigation', { name: 'Information' }).locator(`a[href="${path}"]`), path);
    }
  },
);

test(
  'mobile menu locks page scrolling while open and shows the cashback link except on /plinko',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/faq');
    await ready(page);
    const main = page.locator('#main');
    await main.evaluate((m) => (m.scrollTop = 0));
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('body')).toHaveClass(/scroll-locked/);
    await expect(main).toHaveCSS('overflow-y', 'hidden');
    await expect(page.getByTestId('mobile-menu').getByTestId('menu-cashback')).toContainText('Until cashback');
    await page.mouse.wheel(0, 800);
    await frames(page, 10); // the compositor would have scrolled by now
    expect(await main.evaluate((m) => m.scrollTop)).toBe(0);
    await page.screenshot({ path: test.info().outputPath('mobile-menu.png') });
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.locator('body')).not.toHaveClass(/scroll-locked/);
    await expect(main).toHaveCSS('overflow-y', 'auto');

    await page.goto('/plinko');
    await ready(page);
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByTestId('mobile-menu')).toBeVisible();
    await expect(page.getByTestId('menu-cashback')).toHaveCount(0);
  },
);

test(
  'cashback banner: visible with "Until cashback" on / on a phone, absent on /rocket',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/');
    await ready(page);
    const banner = page.getByTestId('cashback-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Until cashback');
    await expect(banner).toHaveAttribute('href', '/cashback');
    await expect(banner.getByRole('timer')).toHaveText(/^(\d+ days? )?\d\d:\d\d:\d\d$/);
    await page.goto('/rocket');
    await ready(page);
    await expect(page.getByTestId('crash-hud')).toBeVisible();
    await expect(page.getByTestId('cashback-banner')).toHaveCount(0);
    await expect(page.locator('.shell')).toHaveClass(/shell-game/);
    await expect(page.locator('#main')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  },
);

test('cashback banner is not shown on large screens', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await expect(page.getByTestId('cashback-banner')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
});
