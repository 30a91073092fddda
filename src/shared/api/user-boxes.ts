// The custom-box contract: create, preview, list, detail, "my boxes" and the product picker.
// Chances are percent with up to 3 decimals; money is dollars with 2 decimals on the wire.
import { z } from 'zod';
import { mixedScriptMessage, mixesLookAlikeScripts } from '../mixed-script.ts';
import { boxDetailResponseSchema, boxSummarySchema, productSchema } from './boxes.ts';
import { CUSTOM_BOX_ITEMS } from '../games/boxes/custom-box.quote.ts';

/** The box_type (first URL segment) of every custom box: /custom/{slug}. */
export const CUSTOM_BOX_TYPE = 'custom';

/** Shipped box images a creator may pick (assets/boxes/{name}.svg, served at /img/boxes/). */
export const CUSTOM_BOX_IMAGES = [
  'penny-box',
  'budget-kicks',
  'streetwear',
  'gadget-grab',
  'console-wars',
  'creator-kit',
  'accessory-vault',
  'high-tops',
  'winter-drip',
  'pro-setup',
  'sneakerhead',
  'tech-titans',
  'luxury-closet',
  'everything-box',
] as const;

/** The served URL of a box image name. */
export function customBoxImageUrl(name: (typeof CUSTOM_BOX_IMAGES)[number]): string {
  return `/img/boxes/${name}.svg`;
}

const itemsMessage = `Pick from ${CUSTOM_BOX_ITEMS.min} to ${CUSTOM_BOX_ITEMS.max} items.`;

/** One picked item. */
export const customBoxItemSchema = z.object({
  product_id: z.number({ error: 'Pick a product.' }).int('Pick a product.').positive('Pick a product.'),
  chance: z.number({ error: 'Enter a chance in percent.' }).finite('Enter a chance in percent.'),
});

const itemsSchema = z
  .array(customBoxItemSchema, { error: itemsMessage })
  .min(CUSTOM_BOX_ITEMS.min, itemsMessage)
  .max(CUSTOM_BOX_ITEMS.max, itemsMessage);

/** Body of POST /api/user-boxes/preview. */
export const customBoxPreviewBodySchema = z.object({ items: itemsSchema });

/** Body of POST /api/user-boxes. */
export const customBoxCreateBodySchema = z.object({
  name: z
    .string({ error: 'Enter a box name.' })
    .trim()
    .min(3, 'The name needs at least 3 characters.')
    .max(40, 'The name can have at most 40 characters.')
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} '&!.-]*$/u, "Use letters, digits, spaces and - ' & ! . only.")
    .refine((name) => !mixesLookAlikeScripts(name), mixedScriptMessage('The name')),
  img: z.enum(CUSTOM_BOX_IMAGES, { error: 'Pick one of the box images.' }),
  items: itemsSchema,
});
/** Parsed create body. */
export type CustomBoxCreateBody = z.infer<typeof customBoxCreateBodySchema>;

/** POST /api/user-boxes/preview response: what saving these items would make. */
export const customBoxPreviewResponseSchema = z.object({
  data: z.object({
    price: z.number(), // dollars
    expected_value: z.number(), // dollars
    sell_back_value: z.number(), // dollars
    house_edge: z.number(), // percent
    creator_share: z.number(), // dollars per opening by another player
    total_chance: z.number(), // percent as entered
    valid: z.boolean(),
    problems: z.array(z.string()),
  }),
});

const creatorSchema = z.object({ id: z.number().int(), name: z.string() });

/** A custom box in lists. */
export const customBoxSummarySchema = boxSummarySchema.extend({ creator: creatorSchema, created_at: z.string() });
/** A custom box in lists. */
export type CustomBoxSummary = z.infer<typeof customBoxSummarySchema>;

/** Sort orders of GET /api/user-boxes. */
export const CUSTOM_BOX_SORTS = ['popular', 'price_asc', 'price_desc', 'newest'] as const;

/** Query of GET /api/user-boxes. */
export const customBoxListQuerySchema = z.object({
  search: z.string().trim().max(64, 'The search text is too long.').optional(),
  sort: z.enum(CUSTOM_BOX_SORTS, { error: `Sort by one of: ${CUSTOM_BOX_SORTS.join(', ')}.` }).default('popular'),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1.' })
    .int('page must be a whole number from 1.')
    .min(1, 'page must be a whole number from 1.')
    .max(10_000, 'page is too large.')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 60.' })
    .int('limit must be a whole number from 1 to 60.')
    .min(1, 'limit must be a whole number from 1 to 60.')
    .max(60, 'limit must be a whole number from 1 to 60.')
    .default(24),
});
/** Parsed list query. */
export type CustomBoxListQuery = z.infer<typeof customBoxListQuerySchema>;

/** GET /api/user-boxes response. */
export const customBoxListResponseSchema = z.object({
  data: z.array(customBoxSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
/** GET /api/user-boxes response. */
export type CustomBoxListResponse = z.infer<typeof customBoxListResponseSchema>;

/** GET /api/user-boxes/{slug} and POST /api/user-boxes response: the box with odds and creator. */
export const customBoxDetailResponseSchema = z.object({
  data: boxDetailResponseSchema.shape.data.extend({
    creator: creatorSchema,
    creator_share: z.number() /* percent of the price */,
  }),
});
/** A custom box with its odds. */
export type CustomBoxDetail = z.infer<typeof customBoxDetailResponseSchema>['data'];

/** GET /api/user-boxes/mine response: the player's boxes with openings and earnings. */
export const myCustomBoxesResponseSchema = z.object({
  data: z.array(customBoxSummarySchema.extend({ earnings: z.number() /* dollars earned */ })),
  total_earnings: z.number(), // dollars
  total_openings: z.number().int(),
});
/** GET /api/user-boxes/mine response. */
export type MyCustomBoxesResponse = z.infer<typeof myCustomBoxesResponseSchema>;

/** Query of GET /api/products (the create form's picker). */
export const productSearchQuerySchema = z.object({
  search: z.string().trim().max(64, 'The search text is too long.').optional(),
  sort: z
    .enum(['price_asc', 'price_desc', 'name'], { error: 'Sort by price_asc, price_desc or name.' })
    .default('price_desc'),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100.' })
    .int('limit must be a whole number from 1 to 100.')
    .min(1, 'limit must be a whole number from 1 to 100.')
    .max(100, 'limit must be a whole number from 1 to 100.')
    .default(40),
});
/** Parsed product search query. */
export type ProductSearchQuery = z.infer<typeof productSearchQuerySchema>;

/** GET /api/products response. */
export const productListResponseSchema = z.object({ data: z.array(productSchema) });
