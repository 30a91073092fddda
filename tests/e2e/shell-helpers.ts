// Helpers for the shell's browser tests.
import type { BrowserContext, Page } from '@playwright/test';

/** Marks the bonus dialog as already shown today, so it does not cover the page under test. The
 * day is read when the app asks, so a test that moves the page clock (past midnight) still skips it.
 * The fixtures (fixtures.ts) do this for every context unless a spec sets `test.use({ bonus: true })`. */
export async function skipBonus(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key: string) {
      if (key !== 'bonus-shown-on') return getItem.call(this, key);
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
  });
}

/** Records every path the app pushes to history (client-side navigations), in window.__pushed. */
export async function recordNavigations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __pushed: string[] };
    w.__pushed = [];
    const push = history.pushState.bind(history);
    history.pushState = (data, unused, url) => {
      if (url) w.__pushed.push(new URL(String(url), location.href).pathname);
      push(data, unused, url);
    };
  });
}

/** Paths pushed so far. */
export async function pushedPaths(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __pushed: string[] }).__pushed);
}

/** Waits until the app's first page rendered (the loading overlay is gone). */
export async function ready(page: Page): Promise<void> {
  await page.locator('#loading').waitFor({ state: 'detached' });
}

/** Opens the desktop chat column if it is collapsed: waits for the dock to render first (it shows the
 * toggle or the room, from the remembered state, in its first render), then clicks the toggle if any. */
export async function openChatColumn(page: Page): Promise<void> {
  const dock = page.getByTestId('chat-dock');
  await dock.waitFor();
  const toggle = dock.getByTestId('chat-toggle');
  if (await toggle.count()) await toggle.click();
  await dock.getByRole('heading', { name: 'Chat' }).waitFor();
}
