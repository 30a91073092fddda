// The boxes contract: list and detail of boxes and the live-drop shape (spec §3 "Live drop").
// Money is dollars with 2 decimals on the wire.
import { z } from 'zod';
import { RARITIES, CATEGORIES } from '../games/boxes/boxes.types.ts';

/** Sort orders of GET /api/boxes. */
export const BOX_SORTS = ['popular', 'price_asc', 'price_desc', 'name', 'newest'] as const;

const money = z.coerce
  .number({ error: 'Enter a price in dollars.' })
  .finite('Enter a price in dollars.')
  .min(0, 'The price cannot be negative.')
  .max(1_000_000, 'The price is too high.');

/** Query of GET /api/boxes. */
export const boxListQuerySchema = z.object({
  search: z.string().trim().max(64, 'The search text is too long.').optional(),
  type: z
    .string()
    .trim()
    .max(32, 'Unknown box type.')
    .regex(/^[a-z0-9-]*$/, 'Unknown box type.')
    .optional(),
  min_price: money.optional(),
  max_price: money.optional(),
  sort: z.enum(BOX_SORTS, { error: `Sort by one of: ${BOX_SORTS.join(', ')}.` }).default('popular'),
});
/** Parsed box list query. */
export type BoxListQuery = z.infer<typeof boxListQuerySchema>;

/** A box slug in a path. */
export const boxSlugParamsSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9-]+$/, 'Unknown box.'),
});

/** A box in lists. */
export const boxSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  type: z.string(),
  url: z.string(), // /{type}/{slug}
  img_url: z.string(),
  price: z.number(), // dollars
  items_count: z.number().int(),
  openings: z.number().int(),
});
/** A box in lists. */
export type BoxSummary = z.infer<typeof boxSummarySchema>;

/** GET /api/boxes response. */
export const boxListResponseSchema = z.object({ data: z.array(boxSummarySchema), types: z.array(z.string()) });
/** GET /api/boxes response. */
export type BoxListResponse = z.infer<typeof boxListResponseSchema>;

/** A catalog product as the API shows it. */
export const productSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  rarity: z.enum(RARITIES),
  img_url: z.string(),
  price: z.number(), // dollars
  sale_price: z.number(), // dollars: instant sell-back value
  sizes: z.array(z.string()), // empty when the product has no size
});
/** A catalog product. */
export type Product = z.infer<typeof productSchema>;

/** An item of a box version: product, ticket range and chance. */
export const boxItemSchema = productSchema.extend({
  tickets: z.number().int(),
  ticket_from: z.number().int(),
  ticket_to: z.number().int(),
  chance: z.number(), // percent, 3 decimals (tickets / 1000)
});
/** An item of a box version. */
export type BoxItem = z.infer<typeof boxItemSchema>;

/** GET /api/boxes/{slug} response. */
export const boxDetailResponseSchema = z.object({
  data: boxSummarySchema.extend({
    version: z.number().int(), // current version number
    version_id: z.number().int(),
    expected_value: z.number(), // dollars
    sell_back_value: z.number(), // dollars: expected instant sale value of one opening
    house_edge: z.number(), // percent: price = EV × (1 + edge)
    total_tickets: z.number().int(),
    items: z.array(boxItemSchema),
  }),
});
/** A box with its odds. */
export type BoxDetail = z.infer<typeof boxDetailResponseSchema>['data'];

/** A live drop (spec §3); the price shown is sale_price when present. */
export const dropSchema = z.object({
  id: z.number().int(),
  source: z.string(), // box | free_box | user_box
  created_at: z.string(), // ISO 8601
  box: z.object({ slug: z.string(), name: z.string(), img_url: z.string() }),
  item: z.object({
    id: z.number().int(),
    name: z.string(),
    img_url: z.string(),
    rarity: z.string(),
    price: z.number(),
    sale_price: z.number().nullable(),
  }),
  user: z.object({ id: z.number().int(), name: z.string(), avatar_url: z.string().nullable() }),
  // the box reel (box opening row) this drop is: its replay is /bets/box/{opening_id}; null when none
  opening_id: z.number().int().nullable(),
});
/** A live drop. */
export type Drop = z.infer<typeof dropSchema>;

/** `{data: [drop]}`. */
export const dropListResponseSchema = z.object({ data: z.array(dropSchema) });

const flag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', ''])], { error: 'best must be true or false.' })
  .transform((v) => v === true || v === '1' || v === 'true');

/** Query of GET /api/boxes/{slug}/last-drops: best sorts by item price descending. */
export const lastDropsQuerySchema = z.object({
  best: flag.default(false),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 50.' })
    .int('limit must be a whole number from 1 to 50.')
    .min(1, 'limit must be a whole number from 1 to 50.')
    .max(50, 'limit must be a whole number from 1 to 50.')
    .default(20),
});
