// What a page shows before its data is there (the load error, or "Loading..."), and an error notice inside it.
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

/** A failed load or action inside a page; nothing when there is no error. */
export function ErrorNotice({ error }: { error: ApiError | Error | null | undefined }) {
  if (!error) return null;
  return (
    <p className="notice notice-error" role="alert">
      {errorText(error)}
    </p>
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

/** A panel's data while it loads: "Loading...", or that `what` could not be loaded once `failed`. */
export function PanelLoading({ failed, what }: { failed: unknown; what: string }) {
  return failed ? <p role="alert">{what} could not be loaded.</p> : <p className="muted">Loading...</p>;
}
