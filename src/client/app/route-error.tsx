// Error boundary of the router: chunk failures reload, a 404 shows the not-found text.
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { isChunkLoadError, reloadForChunk } from './chunk-reload.ts';

/** Shown when a route throws or fails to load. */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  if (isChunkLoadError(error) && reloadForChunk(location.pathname + location.search)) return <p className="page">Loading...</p>;
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
