// Page-view analytics (spec §2): an adapter that pushes to window.dataLayer when a tag-manager
// id is configured (GET /api/config gtm_id) and does nothing otherwise. No third-party script
// loads unless an id is configured.
import { runtimeConfig } from './runtime-config.ts';

/** One analytics event as pushed to the tag manager. */
export interface PageView {
  event: 'page_view';
  page_path: string; // path + search
  page_title: string;
}

/** A deposit as tracked (spec §4 Deposit tracking): after a payment redirect, gift code or voucher. */
export interface DepositEvent {
  event: 'deposit';
  method: string; // card, skins, giftcard, voucher
  amount: number | null; // dollars, when known
}

/** Where events go. */
export interface Analytics {
  pageView(path: string, title: string): void;
  /** Tracks a deposit (optional so page-view-only adapters stay valid). */
  deposit?(method: string, amount: number | null): void;
}

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/** The do-nothing adapter (no id configured). */
export const noAnalytics: Analytics = { pageView: () => undefined };

/** Adapter for a tag manager: loads its script once and pushes page views to window.dataLayer. */
export function tagManagerAnalytics(gtmId: string, win: DataLayerWindow = window, loadScript = true): Analytics {
  win.dataLayer ??= [];
  if (loadScript && !win.document.getElementById('gtm-script')) {
    win.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const s = win.document.createElement('script');
    s.id = 'gtm-script';
    s.async = true;
    s.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
    win.document.head.appendChild(s);
  }
  return {
    pageView: (path, title) => {
      const event: PageView = { event: 'page_view', page_path: path, page_title: title };
      win.dataLayer!.push(event);
    },
    deposit: (method, amount) => {
      const event: DepositEvent = { event: 'deposit', method, amount };
      win.dataLayer!.push(event);
    },
  };
}

/** The adapter for a configured id, or the do-nothing one. */
export function createAnalytics(gtmId: string | null | undefined, win?: DataLayerWindow): Analytics {
  return gtmId ? tagManagerAnalytics(gtmId, win) : noAnalytics;
}

let current: Promise<Analytics> | null = null;

/** The app's adapter, built once from the runtime config (no id or a failed call → do nothing). */
export function appAnalytics(): Promise<Analytics> {
  current ??= runtimeConfig()
    .then((c) => createAnalytics(c.gtm_id))
    .catch(() => noAnalytics);
  return current;
}

/** Tracks a deposit through the app's adapter (spec §4). */
export function trackDeposit(
  method: string,
  amount: number | null,
  source: () => Promise<Analytics> = appAnalytics,
): Promise<void> {
  return source().then((a) => a.deposit?.(method, amount));
}
