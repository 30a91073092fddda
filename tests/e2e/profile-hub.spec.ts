// The profile hub in the browser (1440×900 and 390×844): the header (desktop) or the bottom bar
// (phone) leads to /profile; its navigation is a row of tabs on the desktop and a list on the phone;
// a click on each entry opens that page (its heading and test id), marked with aria-current, and
// every page is one click from every other through the same navigation.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInPlayer } from './players.ts';
import { skipBonus } from './shell-helpers.ts';

test.describe.configure({ timeout: 120_000 });
test.beforeEach(({ page }) => skipBonus(page));

/** Each hub entry: its label, path, and how its page shows that it loaded. */
const hub: { label: string; path: string; heading: RegExp; testId?: string }[] = [
  { label: 'Main', path: '/profile', heading: /^Profile$/, testId: 'profile' },
  { label: 'Deposits', path: '/profile/deposit', heading: /^Deposits$/ },
  { label: 'Withdraw', path: '/profile/withdraw', heading: /^Withdraw$/ },
  { label: 'Inventory', path: '/profile/inventory', heading: /^Inventory$/, testId: 'inventory-page' },
  { label: 'My boxes', path: '/profile/my-boxes', heading: /^My boxes$/, testId: 'my-boxes-page' },
  { label: 'Delivery', path: '/profile/delivery', heading: /^Delivery$/, testId: 'delivery-page' },
  { label: 'Shipping', path: '/profile/shipping', heading: /^Shipping$/, testId: 'shipping-page' },
  { label: 'Support', path: '/profile/support', heading: /support/i },
  { label: 'Affiliates', path: '/profile/referral', heading: /referral|affiliate/i },
];

const nav = (page: Page) => page.getByRole('navigation', { name: 'Profile' });

async function expectOn(page: Page, entry: (typeof hub)[number]) {
  await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.heading);
  if (entry.testId) await expect(page.getByTestId(entry.testId)).toBeVisible();
  const current = nav(page).locator('a[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(entry.label);
}

async function tops(links: Locator): Promise<number[]> {
  const boxes = await Promise.all((await links.all()).map((l) => l.boundingBox()));
  return boxes.map((b) => Math.round(b!.y));
}

test('a funded player walks the whole profile hub, one click from each page to the next', async ({
  page,
  context,
  baseURL,
}) => {
  await signInPlayer(context, baseURL!, { name: 'Hub Walker', balanceCents: 5_000, items: [] });
  await page.goto('/boxes');
  const phone = page.viewportSize()!.width < 720;
  if (phone) await page.locator('.bottom-bar').getByRole('link', { name: 'Profile' }).click();
  else
    await page
      .getByTestId('header-account')
      .getByRole('link', { name: /Hub Walker/ })
      .click();
  await expectOn(page, hub[0]!);

  const links = nav(page).getByRole('link');
  await expect(links).toHaveText(hub.map((h) => h.label));
  const rows = new Set(await tops(links));
  if (phone)
    expect(rows.size).toBeGreaterThan(1); // a list, several rows on a 390 px phone
  else expect(rows.size).toBe(1); // one row of tabs
  for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });

  // Forward through every entry, then back from the last to the first: each is one click away.
  for (const entry of [...hub.slice(1), hub[0]!]) {
    await nav(page).getByRole('link', { name: entry.label, exact: true }).click();
    await expectOn(page, entry);
  }
  await page.goto('/profile/support/create');
  await expect(nav(page).locator('a[aria-current="page"]')).toHaveText('Support');
  await nav(page).getByRole('link', { name: 'Withdraw', exact: true }).click();
  await expectOn(page, hub[2]!);
  await page.goto('/profile/main');
  await expectOn(page, { ...hub[0]!, path: '/profile/main' });
});
