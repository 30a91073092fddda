// The browser router built from the route table: lazy pages, the 404 page and chunk-failure reload.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { RouteError } from './route-error.tsx';
import { routeTable } from './route-table.ts';
import { lazyPage } from './lazy-page.tsx';
import { RequireAuth } from './require-auth.tsx';

/** Route objects for react-router; the route table's title travels in `handle`. */
export function routeObjects(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <RouteError />,
      children: [
        ...routeTable.map((r): RouteObject => {
          const route: RouteObject = {
            path: r.path,
            handle: { title: r.title, game: r.game ?? false, auth: r.auth ?? false },
            errorElement: <RouteError />,
            lazy: () => lazyPage(r.load),
          };
          // Login-only pages sit under the guard (a pathless layout route).
          return r.auth ? { element: <RequireAuth />, children: [route] } : route;
        }),
        { path: '*', lazy: () => lazyPage(() => import('../features/pages/not-found-page.tsx')) },
      ],
    },
  ];
}

/** Creates the app's browser router. */
export function createAppRouter() {
  return createBrowserRouter(routeObjects());
}
