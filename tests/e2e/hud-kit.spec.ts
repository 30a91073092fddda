// No game shows an unstyled control (issue 25, "One HUD kit"): on /dice, /bounce, /rocket, /wheel,
// /upgrade and a box page, every visible button, select and input of the HUD (its auto-bet fields
// opened) and of the history tabs under it (leaderboard filters shown) carries a class of the kit or, if the game draws it itself (upgrade's item tiles), looks
// unlike the browser's default control; none sticks out of the viewport, and on a phone each is a
// touch target at least 44 px tall. ½ / 2× agreement across the games: amount-field.spec.ts.
import type { Page } from '@playwright/test';
import { expect, test, phoneAtPixelRatio2 } from './fixtures.ts';

test.use(phoneAtPixelRatio2); // the controls' hit targets (44 px on a phone)

interface Hud {
  path: string;
  region: string; // CSS selector of the HUD's parts
  open?: (page: Page) => Promise<void>; // shows the fields a click hides (auto-bet)
}

const HUDS: Hud[] = [
  {
    path: '/dice',
    region: 'form[aria-label="Dice bet"], .dice-history',
    open: (p) => p.locator('summary', { hasText: 'Auto bet' }).click(),
  },
  {
    path: '/bounce',
    region: '[data-testid="plinko-hud"], .plinko-history',
    open: async (p) => {
      await p.getByText('Auto', { exact: true }).click();
      await p.getByRole('tab', { name: 'Leaderboard' }).click(); // its sort and period selects
    },
  },
  {
    path: '/rocket',
    region: '[data-testid="crash-hud"], .crash-lists',
    open: async (p) => {
      await p.getByRole('tab', { name: 'Auto' }).click();
      await p.getByRole('tab', { name: 'Leaderboard' }).click();
    },
  },
  { path: '/wheel', region: '.wheel-amount, [data-testid^="panel-"]' },
  { path: '/upgrade', region: 'form[aria-label="Upgrade"]' },
  { path: '/boxes/penny-box', region: '[data-testid="box-opener"] .open-controls' },
];

interface Control {
  what: string; // tag, type and name, for the failure message
  kit: boolean; // has a hud-* class
  styled: boolean; // background or corner radius differs from a bare control of its kind
  left: number;
  right: number;
  height: number; // of the touch target: a checkbox's label, else the control
}

/** Every visible button, select and input inside `region`, as the page draws it. */
function controls(page: Page, region: string): Promise<Control[]> {
  return page.evaluate((selector) => {
    const bare = (el: Element) => {
      const twin = document.createElement(el.tagName);
      if (el instanceof HTMLInputElement) (twin as HTMLInputElement).type = el.type;
      document.body.append(twin);
      const s = getComputedStyle(twin);
      const look = { background: s.backgroundColor, radius: s.borderTopLeftRadius };
      twin.remove();
      return look;
    };
    const found: Control[] = [];
    for (const root of document.querySelectorAll(selector))
      for (const el of root.querySelectorAll<HTMLElement>('button, select, input')) {
        const box = el.getBoundingClientRect();
        if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
        const s = getComputedStyle(el);
        const def = bare(el);
        const target = el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.closest('label') ?? el) : el;
        found.push({
          what: `${el.tagName.toLowerCase()}[${(el as HTMLInputElement).type}] "${el.getAttribute('name') ?? el.textContent?.trim() ?? ''}"`,
          kit: [...el.classList].some((c) => c.startsWith('hud-')),
          styled: s.backgroundColor !== def.background && s.borderTopLeftRadius !== def.radius,
          left: box.left,
          right: box.right,
          height: target.getBoundingClientRect().height,
        });
      }
    return found;
  }, region);
}

test('every HUD control is the kit’s (or styled), inside the viewport, 44 px tall on a phone @responsive', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn({ balanceCents: 10_000, name: 'E2E Hud Kit' });
  const width = page.viewportSize()!.width;
  const phone = width < 721;
  for (const hud of HUDS) {
    await page.goto(hud.path);
    await expect(page.locator(hud.region).first(), hud.path).toBeVisible();
    await hud.open?.(page);
    if (hud.path === '/upgrade') await expect(page.getByTestId('upgrade-target').first()).toBeVisible();
    // the colour panels render once the wheel's layout and round have loaded, after the amount field
    if (hud.path === '/wheel') await expect(page.locator('[data-testid^="panel-"]').first()).toBeVisible();
    const found = await controls(page, hud.region);
    expect(found.length, hud.path).toBeGreaterThan(3);
    expect(
      found.filter((c) => !c.kit && !c.styled).map((c) => c.what),
      `${hud.path}: controls the browser draws`,
    ).toEqual([]);
    expect(
      found.filter((c) => c.left < -0.5 || c.right > width + 0.5).map((c) => c.what),
      `${hud.path}: controls outside the viewport`,
    ).toEqual([]);
    if (phone)
      expect(
        found.filter((c) => c.height < 43.5).map((c) => `${c.what} ${c.height}px`),
        `${hud.path}: touch targets under 44 px`,
      ).toEqual([]);
  }
});
