// The site's Content-Security-Policy is enforced (no inline script, no eval) and the games still draw
// under it: /engine-check reads WebGL pixels back and /dice renders with WebGL, with no CSP violation
// (securitypolicyviolation events and console reports are both collected).
import type { Page } from '@playwright/test';
import { expect, frames, test } from './fixtures.ts';

type W = Window & {
  __cspViolations?: string[];
  __inlineRan?: boolean;
  __engineCheck?: { pixelAt(x: number, y: number): Promise<number[]> };
};

/** Records CSP violations from the first script on; returns the console's CSP reports. */
async function watchCsp(page: Page): Promise<string[]> {
  await page.addInitScript(() => {
    const w = window as W;
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const reports: string[] = [];
  page.on('console', (m) => {
    if (/content security policy|refused to (execute|evaluate|load|apply|create)/i.test(m.text()))
      reports.push(m.text());
  });
  return reports;
}

const violations = (page: Page) => page.evaluate(() => (window as W).__cspViolations ?? []);

test('@desktop /engine-check draws with WebGL under the CSP, which has no inline script or eval', async ({ page }) => {
  const reports = await watchCsp(page);
  const res = await page.goto('/engine-check');
  const csp = res!.headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.getByTestId('renderer')).toHaveText('webgl');
  await page.waitForFunction(() => Boolean((window as W).__engineCheck));
  expect(await page.evaluate(() => (window as W).__engineCheck!.pixelAt(40, 80))).toEqual([255, 0, 0, 255]);
  expect(await page.evaluate(() => (window as W).__engineCheck!.pixelAt(280, 80))).toEqual([0, 255, 0, 255]);
  expect(await violations(page)).toEqual([]);
  expect(reports).toEqual([]);

  // The policy is really enforced: an injected inline script does not run and is reported.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.head.appendChild(s);
  });
  await expect.poll(() => violations(page)).toContainEqual(expect.stringMatching(/^script-src/));
  expect(await page.evaluate(() => (window as W).__inlineRan ?? false)).toBe(false);
});

test('@desktop /dice renders its stage with WebGL and no CSP violation', async ({ page }) => {
  const reports = await watchCsp(page);
  await page.goto('/dice');
  await expect(page.getByTestId('dice-stage')).toHaveAttribute('data-renderer', 'webgl');
  await expect(page.getByRole('button', { name: 'Bet', exact: true })).toBeVisible();
  await frames(page, 8); // a few frames drawn (≥ half a second at the tests' 15 fps)
  expect(await violations(page)).toEqual([]);
  expect(reports).toEqual([]);
});

test('@desktop a box page renders its reel stage with WebGL and no CSP violation', async ({ page }) => {
  const reports = await watchCsp(page);
  await page.goto('/boxes/penny-box');
  await expect(page.getByTestId('reel-stage')).toHaveAttribute('data-renderer', 'webgl', { timeout: 30_000 });
  await frames(page, 15); // ≥ a second of frames at the tests' 15 fps
  expect(await violations(page)).toEqual([]);
  expect(reports).toEqual([]);
});

test('@desktop Pixi loads data: textures under the CSP (the box reel on /dev/scenes)', async ({ page }) => {
  test.slow(); // three masked reels in software WebGL
  const reports = await watchCsp(page);
  await page.goto('/dev/scenes?scene=boxes&outcome=5,0,7&muted');
  await expect(page.getByRole('button', { name: 'Replay' })).toBeEnabled({ timeout: 30_000 }); // textures loaded, spin started
  expect(await violations(page)).toEqual([]);
  expect(reports).toEqual([]);
});
