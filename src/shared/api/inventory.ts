// The inventory contract: owned items with status, filters, total value and selling.
import { z } from 'zod';
import { pageMetaSchema, pagingFields } from './paging.ts';
import { productSchema } from './boxes.ts';
import { RARITIES, CATEGORIES } from '../games/boxes/boxes.types.ts';

/** Item statuses (spec: owned, sold, used in upgrade, delivery requested, shipped, delivered). */
export const ITEM_STATUSES = [
  'owned',
  'sold',
  'used_in_upgrade',
  'delivery_requested',
  'shipped',
  'delivered',
] as const;
/** An item status. */
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** Labels for statuses. */
export const ITEM_STATUS_TITLES: Record<ItemStatus, string> = {
  owned: 'In inventory',
  sold: 'Sold',
  used_in_upgrade: 'Used in upgrade',
  delivery_requested: 'Delivery requested',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/** Sort orders of GET /api/inventory. */
export const INVENTORY_SORTS = ['newest', 'oldest', 'price_desc', 'price_asc'] as const;

/** Query of GET /api/inventory. */
export const inventoryQuerySchema = z.object({
  status: z.enum([...ITEM_STATUSES, 'all'], { error: 'Unknown status.' }).default('owned'),
  category: z.enum(CATEGORIES, { error: 'Unknown category.' }).optional(),
  rarity: z.enum(RARITIES, { error: 'Unknown rarity.' }).optional(),
  search: z.string().trim().max(64, 'The search text is too long.').optional(),
  sort: z.enum(INVENTORY_SORTS, { error: 'Unknown sort order.' }).default('newest'),
  ...pagingFields(48),
});
/** Parsed inventory query. */
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>;

/** One inventory item. */
export const inventoryItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(ITEM_STATUSES),
  price: z.number(), // dollars, value when won
  sale_price: z.number(), // dollars, what selling credits
  size: z.string().nullable(),
  source: z.string(),
  created_at: z.string(), // ISO 8601
  product: productSchema,
});
/** One inventory item. */
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/** GET /api/inventory response. */
export const inventoryResponseSchema = z.object({
  data: z.array(inventoryItemSchema),
  total_value: z.number(), // dollars: sale value of every owned item
  owned_count: z.number().int(),
  meta: pageMetaSchema,
});
/** GET /api/inventory response. */
export type InventoryResponse = z.infer<typeof inventoryResponseSchema>;

const itemId = z
  .number({ error: 'Item ids must be whole numbers.' })
  .int('Item ids must be whole numbers.')
  .positive('Item ids must be whole numbers.')
  .max(Number.MAX_SAFE_INTEGER, 'Item ids must be whole numbers.');

/** POST /api/inventory/sell body: one or many items. */
export const sellBodySchema = z.object({
  ids: z
    .array(itemId, { error: 'Choose the items to sell.' })
    .min(1, 'Choose the items to sell.')
    .max(200, 'Sell at most 200 items at once.')
    .refine((ids) => new Set(ids).size === ids.length, 'Each item can be sold once.'),
});

/** POST /api/inventory/sell response. */
export const sellResponseSchema = z.object({
  msg: z.string(),
  sold: z.array(z.number().int()),
  amount: z.number(), // dollars credited
  balance: z.number(), // dollars after the sale
});
/** POST /api/inventory/sell response. */
export type SellResponse = z.infer<typeof sellResponseSchema>;
