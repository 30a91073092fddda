// Developer pages that exist outside production only. The client knows it is outside production
// when Vite's dev server serves it (import.meta.env.DEV) or when the server (NODE_ENV ≠ production)
// marked index.html with <meta name="la-dev-pages"> (src/server/http/static.ts); a production
// server neither marks the page nor serves /dev/scenes, so these routes are never registered there.
import type { SiteRoute } from './route-table.ts';

/** Whether this page may register the dev pages. */
export function devPagesEnabled(doc: Document | undefined = typeof document === 'undefined' ? undefined : document) {
  if (import.meta.env.DEV) return true;
  return doc?.querySelector('meta[name="la-dev-pages"]') != null;
}

/** The dev pages' routes. */
export const devRoutes: SiteRoute[] = [
  {
    path: '/dev/scenes',
    title: 'Scenes (dev)',
    load: () => import('../games/dev-scenes/dev-scenes-page.tsx'),
  },
];
