// Upgrade API contract: POST /api/upgrade, GET /api/upgrade/history (mine), GET /api/upgrade/targets.
// Money is dollars with 2 decimals on the wire; chance and roll are percent.
import { z } from 'zod';
import { productSchema } from './boxes.ts';
import { inventoryItemSchema } from './inventory.ts';
import { UPGRADE_MAX_ITEMS } from '../games/upgrade/upgrade.odds.ts';

const itemId = z
  .number({ error: 'Item ids must be whole numbers.' })
  .int('Item ids must be whole numbers.')
  .positive('Item ids must be whole numbers.')
  .max(Number.MAX_SAFE_INTEGER, 'Item ids must be whole numbers.');

/** Body of POST /api/upgrade. */
export const upgradeBodySchema = z.object({
  item_ids: z
    .array(itemId, { error: 'Choose the items to stake.' })
    .min(1, 'Choose at least one item to stake.')
    .max(UPGRADE_MAX_ITEMS, `Stake at most ${UPGRADE_MAX_ITEMS} items.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each item can be staked once.'),
  balance: z
    .number({ error: 'The balance stake must be a number.' })
    .min(0, 'The balance stake cannot be negative.')
    .max(100_000, 'The balance stake is too high.')
    .refine(
      (v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      'The balance stake must have at most 2 decimals.',
    )
    .default(0),
  target_product_id: z
    .number({ error: 'Choose a target item.' })
    .int('Choose a target item.')
    .positive('Choose a target item.')
    .max(Number.MAX_SAFE_INTEGER, 'Choose a target item.'),
});
/** Parsed POST /api/upgrade body. */
export type UpgradeBody = z.infer<typeof upgradeBodySchema>;

/** One settled upgrade with everything needed to verify it. */
export const upgradeSchema = z.object({
  id: z.number().int(),
  roll: z.number(), // [0, 100): fair float × 100
  win: z.boolean(),
  chance: z.number(), // percent, 2 decimals (after the cap)
  edge: z.number(), // percent
  stake: z.object({
    item_ids: z.array(z.number().int()), // consumed (status used_in_upgrade) whatever the result
    items_value: z.number(), // dollars: the items' price snapshots
    balance: z.number(), // dollars debited from the balance
    total: z.number(), // dollars
  }),
  target: productSchema, // with the price the chance was computed from
  new_item: inventoryItemSchema.nullable(), // the target in the inventory when won
  nonce: z.number().int(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  server_seed: z.string().nullable(), // set once the pair is rotated (revealed)
  created_at: z.string(), // ISO 8601
});
/** One settled upgrade. */
export type Upgrade = z.infer<typeof upgradeSchema>;

/** POST /api/upgrade response. */
export const upgradeResponseSchema = z.object({ data: upgradeSchema, balance: z.number() });
/** POST /api/upgrade response. */
export type UpgradeResponse = z.infer<typeof upgradeResponseSchema>;

/** GET /api/upgrade/history query and answer. */
export const upgradeHistoryQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const upgradeHistorySchema = z.object({ data: z.array(upgradeSchema) });

/** Sort orders of GET /api/upgrade/targets. */
export const UPGRADE_TARGET_SORTS = ['price_asc', 'price_desc'] as const;

const money = z.coerce
  .number({ error: 'Enter a price in dollars.' })
  .finite('Enter a price in dollars.')
  .min(0, 'The price cannot be negative.')
  .max(1_000_000, 'The price is too high.');

/** Query of GET /api/upgrade/targets. */
export const upgradeTargetsQuerySchema = z.object({
  search: z.string().trim().max(64, 'The search text is too long.').optional(),
  min_price: money.optional(), // dollars, inclusive
  max_price: money.optional(),
  sort: z
    .enum(UPGRADE_TARGET_SORTS, { error: `Sort by one of: ${UPGRADE_TARGET_SORTS.join(', ')}.` })
    .default('price_asc'),
  limit: z.coerce.number().int().min(1).max(100).default(48),
});
/** Parsed targets query. */
export type UpgradeTargetsQuery = z.infer<typeof upgradeTargetsQuerySchema>;

/** GET /api/upgrade/targets response: catalog products and the rules the chance follows. */
export const upgradeTargetsResponseSchema = z.object({
  data: z.array(productSchema),
  rules: z.object({ edge: z.number(), min_chance: z.number(), max_chance: z.number(), max_items: z.number().int() }), // percents
});
/** GET /api/upgrade/targets response. */
export type UpgradeTargetsResponse = z.infer<typeof upgradeTargetsResponseSchema>;
