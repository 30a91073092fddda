// POST /api/boxes/{slug}/open: one to five reels, each a separate fair bet with its own nonce,
// and the public channel's live-drop event. Money in dollars with 2 decimals.
import { z } from 'zod';
import { productSchema } from './boxes.ts';

/** Reels per opening. */
export const OPEN_LIMITS = { minCount: 1, maxCount: 5 } as const;
/** The public channel carrying live drops. */
export const PUBLIC_CHANNEL = 'public';
/** The event name of a live drop on the public channel (spec §3). */
export const LAST_DROP_EVENT = 'lastDrop';

const countMessage = `count must be a whole number from ${OPEN_LIMITS.minCount} to ${OPEN_LIMITS.maxCount}.`;

/** Body of POST /api/boxes/{slug}/open. */
export const openBodySchema = z.object({
  count: z
    .number({ error: countMessage })
    .int(countMessage)
    .min(OPEN_LIMITS.minCount, countMessage)
    .max(OPEN_LIMITS.maxCount, countMessage)
    .default(1),
  demo: z.boolean({ error: 'demo must be true or false.' }).default(false),
});
/** Parsed opening body. */
export type OpenBody = z.infer<typeof openBodySchema>;

/** One reel's outcome and the fields that verify it. */
export const reelResultSchema = z.object({
  reel: z.number().int(), // 0-based position in the opening
  ticket: z.number().int(), // 1..100,000 = floor(f × 100000) + 1
  item: productSchema.extend({ ticket_from: z.number().int(), ticket_to: z.number().int() }),
  inventory_item_id: z.number().int().nullable(), // null for a demo
  nonce: z.number().int(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  server_seed: z.string().nullable(), // revealed only for a demo's throwaway seed
  box_version: z.number().int(),
});
/** One reel's outcome. */
export type ReelResult = z.infer<typeof reelResultSchema>;

/** POST /api/boxes/{slug}/open response. */
export const openResponseSchema = z.object({
  data: z.object({
    demo: z.boolean(),
    box: z.object({ slug: z.string(), version: z.number().int(), price: z.number() }),
    cost: z.number(), // dollars debited (0 for a demo)
    reels: z.array(reelResultSchema),
  }),
  balance: z.number().nullable(), // dollars after the opening; null for a guest demo
});
/** POST /api/boxes/{slug}/open response. */
export type OpenResponse = z.infer<typeof openResponseSchema>;
