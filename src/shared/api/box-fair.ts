// Box fairness contract: GET /api/boxes/openings (my openings, each with what verifies it) and
// GET /api/boxes/{slug}/versions/{version} (one immutable version's ticket ranges and prices).
// Money is dollars with 2 decimals on the wire.
import { z } from 'zod';
import { pageMetaSchema, pagingFields } from './paging.ts';
import { productSchema } from './boxes.ts';

/** Query of GET /api/boxes/openings; `box` keeps one box's openings. */
export const openingsQuerySchema = z.object({
  box: z
    .string()
    .trim()
    .max(64, 'Unknown box.')
    .regex(/^[a-z0-9-]*$/, 'Unknown box.')
    .optional(),
  ...pagingFields(20),
});
/** Parsed openings query. */
export type OpeningsQuery = z.infer<typeof openingsQuerySchema>;

/** One reel of an opening as its player sees it (server seed once the pair was rotated). */
export const openingRecordSchema = z.object({
  id: z.number().int(),
  box: z.object({ slug: z.string(), name: z.string(), img_url: z.string(), url: z.string() }),
  version: z.number().int(), // the box version the reel rolled against
  ticket: z.number().int(), // 1..100,000 = floor(f × 100000) + 1
  item: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), img_url: z.string(), rarity: z.string() }),
  price: z.number(), // dollars this reel cost (0 for a free box)
  nonce: z.number().int(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  server_seed: z.string().nullable(), // null until the pair is revealed by rotation
  created_at: z.string(), // ISO 8601
});
/** One recorded reel. */
export type OpeningRecord = z.infer<typeof openingRecordSchema>;

/** GET /api/boxes/openings response, newest first. */
export const openingsResponseSchema = z.object({
  data: z.array(openingRecordSchema),
  meta: pageMetaSchema,
});
/** GET /api/boxes/openings response. */
export type OpeningsResponse = z.infer<typeof openingsResponseSchema>;

/** Path of GET /api/boxes/{slug}/versions/{version}. */
export const boxVersionParamsSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9-]+$/, 'Unknown box.'),
  version: z.coerce
    .number({ error: 'Unknown version.' })
    .int('Unknown version.')
    .min(1, 'Unknown version.')
    .max(1_000_000, 'Unknown version.'),
});

/** An item of a version: product with the version's price snapshot and its ticket range. */
export const versionItemSchema = productSchema.extend({
  tickets: z.number().int(),
  ticket_from: z.number().int(),
  ticket_to: z.number().int(),
});
/** An item of a version. */
export type VersionItem = z.infer<typeof versionItemSchema>;

/** GET /api/boxes/{slug}/versions/{version} response. */
export const boxVersionResponseSchema = z.object({
  data: z.object({
    box: z.object({ slug: z.string(), name: z.string(), img_url: z.string(), url: z.string() }),
    version: z.number().int(),
    current: z.boolean(), // whether players open this version now
    price: z.number(), // dollars: the version's price
    expected_value: z.number(), // dollars
    house_edge: z.number(), // percent
    total_tickets: z.number().int(),
    created_at: z.string(), // ISO 8601
    items: z.array(versionItemSchema),
  }),
});
/** One box version with its ranges. */
export type BoxVersion = z.infer<typeof boxVersionResponseSchema>['data'];
