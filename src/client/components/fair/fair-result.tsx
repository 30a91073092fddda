// The provably-fair pages' answer box: what the form recomputed, or the hint why it cannot yet.
import type { ReactNode } from 'react';

/** The whole recomputed result as JSON (what the verify CLI prints). */
const asJson = (result: object): ReactNode => <pre>{JSON.stringify(result, null, 2)}</pre>;

/** A page's computed result without its "cannot compute yet" case. */
type Computed<T> = Exclude<T, { error: unknown }>;

/** The `fair-result` output: `result.error` as a muted hint, else `children(result)` (JSON by default). */
export function FairResult<T extends object>({
  result,
  children = asJson,
}: {
  result: T;
  children?: (result: Computed<T>) => ReactNode;
}) {
  return (
    <output className="fair-result" data-testid="fair-result">
      {'error' in result ? (
        <span className="muted" data-testid="fair-hint">
          {String(result.error)}
        </span>
      ) : (
        children(result as Computed<T>)
      )}
    </output>
  );
}
