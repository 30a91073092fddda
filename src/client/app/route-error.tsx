// Error boundary of the router: a 404 response shows "Page Not Found", anything else a plain error.
import { isRouteErrorResponse, useRouteError } from 'react-router';

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
  return (
    <section className="page" role="alert">
      <h1>Something went wrong</h1>
      <p className="muted">Please reload the page. If it keeps happening, contact support.</p>
    </section>
  );
}
