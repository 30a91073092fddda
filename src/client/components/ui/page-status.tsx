// What a page shows before its data is there: the load error, or "Loading...".
import type { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/api.ts';

/** The page-wide error of a failed load. */
export function PageError({ error }: { error: ApiError | Error }) {
  return (
    <section className="page">
      <p className="notice notice-error" role="alert">
        {errorText(error)}
      </p>
    </section>
  );
}

/** The page while its data loads. */
export function PageLoading() {
  return (
    <section className="page" aria-busy="true">
      <p className="muted">Loading...</p>
    </section>
  );
}
