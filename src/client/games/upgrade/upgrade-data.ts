// Loads one GET for the upgrade page: data, error and reload, ignoring late answers.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

/** GETs `path` (null = nothing) whenever it or `version` changes, or reload() is called. */
export function useGet<T>(path: string | null, version = 0): { data: T | null; error: unknown; reload(): void } {
  const [state, setState] = useState<{ data: T | null; error: unknown }>({ data: null, error: null });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    api<T>('GET', path).then(
      (data) => live && setState({ data, error: null }),
      (error: unknown) => live && setState((s) => ({ data: s.data, error })),
    );
    return () => {
      live = false;
    };
  }, [path, version, tick]);
  return { ...state, reload: useCallback(() => setTick((n) => n + 1), []) };
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** $1,234.50 */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}
