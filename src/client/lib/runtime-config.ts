// The public runtime configuration (GET /api/config), fetched once per page load.
import type { PublicConfig } from '../../shared/api/config.ts';

let pending: Promise<PublicConfig> | null = null;

/** Loads /api/config once; a failure is retried on the next call. */
export function runtimeConfig(): Promise<PublicConfig> {
  pending ??= fetch('/api/config', { headers: { Accept: 'application/json' } })
    .then((r) => {
      if (!r.ok) throw new Error(`config ${r.status}`);
      return r.json() as Promise<PublicConfig>;
    })
    .catch((e: unknown) => {
      pending = null;
      throw e;
    });
  return pending;
}
