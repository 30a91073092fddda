// Effects that run on every route change: the ?modal= query (spec §2: deposit, login or register
// opens the matching dialog on load and on every route change; promocode and amount stay in the
// URL for the deposit form), the page-view analytics event, and the bonus dialog schedule.
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { scheduleBonus } from '../../features/bonus/bonus-schedule.ts';
import { modalContent } from '../../app/modal-registry.ts';
import { appAnalytics, type Analytics } from '../../lib/analytics.ts';
import { getCookie } from '../../lib/cookies.ts';
import { useModals } from '../../stores/modals.ts';
import { whenGameIdle } from '../../stores/game-busy.ts';
import { useSession } from '../../stores/session.ts';
import { localTimeZone } from '../ui/use-now.ts';

/** Values of ?modal= that open a dialog. */
export const QUERY_MODALS = ['deposit', 'login', 'register'] as const;

/** The dialog named by a query string, if any. */
export function modalFromSearch(search: string): (typeof QUERY_MODALS)[number] | null {
  const v = new URLSearchParams(search).get('modal');
  return (QUERY_MODALS as readonly string[]).includes(v ?? '') ? (v as (typeof QUERY_MODALS)[number]) : null;
}

/**
 * Opens the ?modal= dialog once per navigation. A deposit request waits while a token exists but
 * the profile has not loaded yet, so a signed-in player gets the deposit dialog, not register.
 */
export function useModalQuery(): void {
  const location = useLocation();
  const user = useSession((s) => s.user);
  const handled = useRef<string | null>(null);
  const show = useModals((s) => s.show);
  useEffect(() => {
    if (handled.current === location.key) return;
    const name = modalFromSearch(location.search);
    if (name === 'deposit' && !user && getCookie('token')) return; // profile still loading
    handled.current = location.key;
    if (name) show(name, user !== null);
  }, [location.key, location.search, user, show]);
}

/** Sends a page view for each route change (after the page title is known). */
export function usePageViews(source: () => Promise<Analytics> = appAnalytics): void {
  const location = useLocation();
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? 'Page not found';
  useEffect(() => {
    let live = true;
    void source().then((a) => live && a.pageView(location.pathname + location.search, title));
    return () => {
      live = false;
    };
  }, [location.key, location.pathname, location.search, title, source]);
}

/** Opens the bonus dialog about 4 s after start (its code preloaded meanwhile), once per local day per
 *  browser, and not over a game in progress (it waits until the game pages report idle). */
export function useBonusDialog(): void {
  useEffect(
    () =>
      scheduleBonus({
        open: () => useModals.getState().show('bonus', useSession.getState().user !== null),
        otherOpen: () => useModals.getState().open !== null,
        timeZone: localTimeZone(),
        preload: () => modalContent.bonus?.preload() ?? Promise.resolve(),
        whenIdle: whenGameIdle,
      }),
    [],
  );
}
