// Paging of the list endpoints: the `page` and `per_page` query fields (with the spec's messages) and
// the `meta` block of a page of results.
import { z } from 'zod';

const pageMessage = 'page must be a whole number.';
const perPageMessage = 'per_page must be 1 to 100.';

/** The `page` (1–10,000, default 1) and `per_page` (1–100, default `perPage`) query fields; spread them into a query schema. */
export function pagingFields(perPage: number) {
  return {
    page: z.coerce
      .number({ error: pageMessage })
      .int(pageMessage)
      .min(1, pageMessage)
      .max(10_000, pageMessage)
      .default(1),
    per_page: z.coerce
      .number({ error: perPageMessage })
      .int(perPageMessage)
      .min(1, perPageMessage)
      .max(100, perPageMessage)
      .default(perPage),
  };
}

/** The `meta` of a page of results. */
export const pageMetaSchema = z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() });
