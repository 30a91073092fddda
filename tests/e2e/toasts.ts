// Toasts close themselves after 2 s (spec §9): a test that looks for one after another wait may come
// too late on a busy machine. Every browser context records each toast as it appears (fixtures.ts),
// and a test asks whether one was shown, whenever it asks.
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** A toast as it was shown. */
export interface ShownToast {
  text: string;
  type: string | null; // sonner's data-type: success, error, info …
}

/** Records every sonner toast of the context's pages into window.__toasts (text as last seen). */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __toasts: { text: string; type: string | null }[] };
    w.__toasts = [];
    const seen = new WeakMap<Element, number>();
    const scan = () => {
      for (const el of document.querySelectorAll('[data-sonner-toast]')) {
        const shown = { text: el.textContent ?? '', type: el.getAttribute('data-type') };
        const at = seen.get(el);
        if (at === undefined) seen.set(el, w.__toasts.push(shown) - 1);
        else w.__toasts[at] = shown;
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The toasts `page` has shown so far. */
export function shownToasts(page: Page): Promise<ShownToast[]> {
  return page.evaluate(() => (window as unknown as { __toasts?: ShownToast[] }).__toasts ?? []);
}

/** Passes once `page` has shown a toast containing `text` (of `type`, when given), counting from the
 * `since`-th toast (shownToasts(page).length before the action). */
export async function expectToast(page: Page, text: string | RegExp, type?: string, since = 0): Promise<void> {
  const matches = (t: ShownToast) =>
    (typeof text === 'string' ? t.text.includes(text) : text.test(t.text)) && (type === undefined || t.type === type);
  await expect
    .poll(async () => (await shownToasts(page)).slice(since).some(matches), {
      message: `a toast ${String(text)} (${type ?? 'any'})`,
    })
    .toBe(true);
}
