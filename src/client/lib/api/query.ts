// Query strings of the API's GET calls: typed by the shared query schemas, empty filters left out.
import type { z } from 'zod';

/** A query typed by the keys of a shared query schema (values as the URL carries them). */
export type QueryOf<S extends z.ZodType> = { [K in keyof z.input<S>]?: string | number | null };

/** `path` with the query of `params`, leaving out undefined, null and empty values (no `?` when none is left). */
export function withQuery(path: string, params: { [key: string]: string | number | null | undefined }): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
