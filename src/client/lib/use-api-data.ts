// The fetch hook every page uses: loads one API resource through its typed call (src/client/lib/api/):
// data, error, loading and a reload, ignoring late answers.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ApiError } from './api.ts';

/** The state of a GET. */
export interface ApiData<T> {
  data: T | null; // last good answer
  error: ApiError | Error | null;
  loading: boolean;
  reload(): void;
}

/**
 * Calls `load(...args)` (a module-level API function; args null = nothing to load) and again whenever
 * the args' values or `version` change or reload() is called.
 */
export function useApiData<A extends readonly unknown[], T>(
  load: (...args: A) => Promise<T>,
  args: A | null,
  version = 0,
): ApiData<T> {
  const [state, setState] = useState<{ data: T | null; error: ApiError | Error | null; loading: boolean }>({
    data: null,
    error: null,
    loading: args !== null,
  });
  const [tick, setTick] = useState(0);
  const key = args === null ? null : JSON.stringify(args);
  // the args by value: a new array of the same values is the same request
  const request = useMemo(() => args, [key]);
  useEffect(() => {
    if (request === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load(...request).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) =>
        live &&
        setState((s) => ({
          data: s.data,
          error: error instanceof Error ? error : new Error(String(error)),
          loading: false,
        })),
    );
    return () => {
      live = false;
    };
  }, [load, request, version, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}
