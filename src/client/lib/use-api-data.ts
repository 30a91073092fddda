// The fetch hook every page uses: loads one API resource: data, error, loading and a reload, ignoring late answers.
import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from './api.ts';
import { api } from './api.ts';

/** The state of a GET. */
export interface ApiData<T> {
  data: T | null; // last good answer
  error: ApiError | Error | null;
  loading: boolean;
  reload(): void;
}

/** GETs `path` (null = nothing to load) and again whenever it or `version` changes or reload() is called. */
export function useApiData<T>(path: string | null, version = 0): ApiData<T> {
  const [state, setState] = useState<{ data: T | null; error: ApiError | Error | null; loading: boolean }>({
    data: null,
    error: null,
    loading: path !== null,
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    api<T>('GET', path).then(
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
  }, [path, version, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}
