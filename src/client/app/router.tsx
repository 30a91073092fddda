// The browser router built from the route table: lazy pages, the 404 page and chunk-failure reload.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { RouteError } from './route-error.tsx';
import { routeTable, type SiteRoute } from './route-table.ts';
import { lazyPage } from './lazy-page.tsx';
import { RequireAuth } from './require-auth.tsx';
import { routeCheck } from './route-checks.tsx';

function pageRoute(r: SiteRoute): RouteObject {
  return {
    path: r.path,
    handle: { title: r.title, game: r.game ?? false, auth: r.auth ?? false },
    errorElement: <RouteError />,
    lazy: () => lazyPage(r.load),
  };
}

/** Route objects for react-router; the route table's title travels in `handle`. */
export function routeObjects(): RouteObject[] {
  // The profile hub's pages share one layout route (its navigation stays mounted between them).
  const hub: RouteObject = {
    element: <RequireAuth />,
    children: [
      {
        lazy: () => lazyPage(() => import('../features/profile/profile-layout.tsx')),
        errorElement: <RouteError />,
        children: routeTable.filter((r) => r.hub).map(pageRoute),
      },
    ],
  };
  return [
    {
      element: <AppLayout />,
      errorElement: <RouteError />,
      children: [
        ...routeTable
          .filter((r) => !r.hub)
          .map((r): RouteObject => {
            // Each named check wraps the page as a pathless layout route (login-only pages: "auth").
            const names = [...(r.auth ? ['auth'] : []), ...(r.checks ?? [])];
            return names.reduceRight<RouteObject>((route, name) => {
              const Guard = routeCheck(name);
              return { element: <Guard />, errorElement: <RouteError />, children: [route] };
            }, pageRoute(r));
          }),
        hub,
        { path: '*', lazy: () => lazyPage(() => import('../features/pages/not-found-page.tsx')) },
      ],
    },
  ];
}

/** Creates the app's browser router. */
export function createAppRouter() {
  return createBrowserRouter(routeObjects());
}
