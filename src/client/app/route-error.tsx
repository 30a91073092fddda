// Error boundary of the router: a 404 response shows "Page Not Found", an unknown route check its
// §8 message, anything else a plain error.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { UnknownRouteCheckError } from './route-checks.tsx';

/** Shown when a route throws. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="page">
        <h1>404</h1>
        <p>Page Not Found</p>
      </section>
    );
  }
  if (error instanceof UnknownRouteCheckError) {
    return (
      <section className="page" role="alert">
        <h1>{error.message}</h1>
      </section>
    );
  }
  return (
    <section className="page" role="alert">
      <h1>Something went wrong</h1>
      <p className="muted">Please reload the page. If it keeps happening, contact support.</p>
    </section>
  );
}
