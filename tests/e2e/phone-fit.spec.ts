// Every game page fits a 390×844 phone (issue 26 item 6): signed in with a five-figure balance, at
// scroll 0 the main action button is inside the first screen (above the bottom bar) with at least
// half of the scene; no visible control — at the top or scrolled to the end — lies under the
// bottom bar; the bar's deposit button holds the balance without overflowing itself or the bar.
import type { Locator, Page } from '@playwright/test';
import { expect, test, phoneAtPixelRatio2 } from './fixtures.ts';

test.use(phoneAtPixelRatio2); // the first screen as a phone shows it (screenshots attached)

const BALANCE_CENTS = 1_234_567; // $12,345.67: the widest balance the bar must hold here

type Box = { x: number; y: number; width: number; height: number };

/** The part of `el` the player can see: its box clipped by every scrolling or clipping ancestor and the viewport. */
function visibleBoxes(page: Page, selector: string, exclude: string): Promise<(Box & { what: string })[]> {
  return page.evaluate(
    ([selector, exclude]) => {
      const out: { x: number; y: number; width: number; height: number; what: string }[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(selector)) {
        if (el.closest(exclude)) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
        const r = el.getBoundingClientRect();
        let [x0, y0, x1, y1] = [r.left, r.top, r.right, r.bottom];
        for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.position === 'fixed') break;
          if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
          const c = a.getBoundingClientRect();
          [x0, y0, x1, y1] = [Math.max(x0, c.left), Math.max(y0, c.top), Math.min(x1, c.right), Math.min(y1, c.bottom)];
        }
        [x0, y0, x1, y1] = [Math.max(x0, 0), Math.max(y0, 0), Math.min(x1, innerWidth), Math.min(y1, innerHeight)];
        if (x1 - x0 < 1 || y1 - y0 < 1) continue;
        const what = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
        out.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0, what });
      }
      return out;
    },
    [selector, exclude] as const,
  );
}

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

const CONTROLS =
  'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"]';

/** The checks of item 6 on the page as it is now (loaded, at scroll 0). */
async function checkFit(page: Page, action: Locator, stage: Locator): Promise<void> {
  const vw = page.viewportSize()!;
  const bar = (await page.locator('.bottom-bar').boundingBox())!;
  expect(bar.y + bar.height).toBeCloseTo(vw.height, 0);
  const firstScreen: Box = { x: 0, y: 0, width: vw.width, height: bar.y }; // what the bar leaves uncovered
  await expect(page.locator('.shell-main')).toHaveJSProperty('scrollTop', 0);

  // the main action button: wholly inside the first screen
  await expect(action).toBeVisible();
  const button = (await action.boundingBox())!;
  expect(button.x).toBeGreaterThanOrEqual(0);
  expect(button.y).toBeGreaterThanOrEqual(0);
  expect(button.x + button.width).toBeLessThanOrEqual(vw.width);
  expect(button.y + button.height, 'the action button ends above the bottom bar').toBeLessThanOrEqual(bar.y);

  // at least half of the scene is on the first screen
  const scene = (await stage.boundingBox())!;
  expect(scene.width * scene.height).toBeGreaterThan(0);
  const shown = overlap(scene, firstScreen) / (scene.width * scene.height);
  expect(shown, `share of the stage on the first screen (stage ${JSON.stringify(scene)})`).toBeGreaterThanOrEqual(0.5);

  // no visible control under the bar, neither at the top nor scrolled to the end
  for (const end of [false, true]) {
    if (end) await page.locator('.shell-main').evaluate((m) => m.scrollTo(0, m.scrollHeight));
    const under = (await visibleBoxes(page, CONTROLS, '.bottom-bar')).filter((c) => overlap(c, bar) > 0);
    expect(
      under.map((c) => c.what),
      `controls under the bottom bar (${end ? 'scrolled to the end' : 'at the top'})`,
    ).toEqual([]);
  }

  // the deposit button: inside the bar, its balance inside it
  const deposit = page.getByTestId('bottom-deposit');
  await expect(deposit).toContainText(/\$12,3\d\d\.\d\d/); // a battle's seat cost took a few cents
  const circle = (await deposit.boundingBox())!;
  expect(circle.y).toBeGreaterThanOrEqual(bar.y - 0.5);
  expect(circle.y + circle.height).toBeLessThanOrEqual(bar.y + bar.height + 0.5);
  expect(circle.x).toBeGreaterThanOrEqual(bar.x);
  expect(circle.x + circle.width).toBeLessThanOrEqual(bar.x + bar.width);
  const amount = (await deposit.locator('.bottom-center-amount').boundingBox())!;
  expect(amount.x).toBeGreaterThanOrEqual(circle.x);
  expect(amount.x + amount.width).toBeLessThanOrEqual(circle.x + circle.width);
  expect(await deposit.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
}

const PAGES: { path: string; action: (p: Page) => Locator; stage: string }[] = [
  { path: '/dice', action: (p) => p.getByRole('button', { name: 'Bet', exact: true }), stage: 'dice-stage' },
  { path: '/upgrade', action: (p) => p.getByTestId('upgrade-button'), stage: 'upgrade-stage' },
  { path: '/rocket', action: (p) => p.getByTestId('crash-button'), stage: 'crash-stage' },
  { path: '/wheel', action: (p) => p.locator('.wheel-bet').first(), stage: 'wheel-stage' },
  { path: '/bounce', action: (p) => p.getByTestId('plinko-drop'), stage: 'plinko-stage' },
  { path: '/boxes/penny-box', action: (p) => p.getByTestId('open-button'), stage: 'reel-stage' },
];

for (const { path, action, stage } of PAGES) {
  test(`${path} fits the phone: action and half the scene on the first screen, nothing under the bottom bar @phone`, async ({
    page,
    signIn,
  }, info) => {
    await signIn({ balanceCents: BALANCE_CENTS });
    await page.goto(path);
    await expect(page.getByTestId(stage)).toHaveAttribute('data-renderer', 'webgl', { timeout: 20_000 });
    await info.attach('first screen', { body: await page.screenshot(), contentType: 'image/png' });
    await checkFit(page, action(page), page.getByTestId(stage));
  });
}

test('a battle page fits the phone: Add bots and half the reels on the first screen, nothing under the bottom bar @phone', async ({
  page,
  signIn,
}, info) => {
  const { auth } = await signIn({ balanceCents: BALANCE_CENTS });
  const res = await page.request.post('/api/battles/create', {
    headers: auth,
    data: { boxes: ['penny-box', 'penny-box'], mode: '1v1' },
  });
  expect(res.status()).toBe(200);
  const { id } = ((await res.json()) as { data: { id: number } }).data;
  await page.goto(`/battles/${id}`);
  await expect(page.getByTestId('battle-stage')).toHaveAttribute('data-renderer', 'webgl', { timeout: 20_000 });
  await info.attach('first screen', { body: await page.screenshot(), contentType: 'image/png' });
  await checkFit(page, page.getByTestId('add-bots-button'), page.getByTestId('battle-stage'));
});
