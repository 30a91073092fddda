// Free loot (spec §1, /freeloot): free boxes unlocked by level tier, one opening per box per 24 h,
// plus one-time promo openings (case35). Opening answers with the reel shape of box openings.
// A DAILY opening also needs a recent deposit (so fresh accounts are no free-money faucet).
import { z } from 'zod';
import { openResponseSchema } from './box-open.ts';
import { formatUsd } from '../money.ts';

/** Time between two daily openings of the same free box. */
export const FREE_BOX_COOLDOWN_MS = 24 * 60 * 60 * 1000;

/** Least a player must have deposited (net, cents) within the window for daily free openings. */
export const FREE_LOOT_MIN_DEPOSIT_CENTS = 500;
/** How far back deposits count for daily free openings (30 days). */
export const FREE_LOOT_DEPOSIT_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** The refusal (and the /freeloot banner) when the recent deposits fall short. */
export const DEPOSIT_REQUIRED_MESSAGE = `Deposit ${formatUsd(FREE_LOOT_MIN_DEPOSIT_CENTS)} or more within ${FREE_LOOT_DEPOSIT_WINDOW_MS / 86_400_000} days to open daily free boxes.`;

const pad = (n: number) => String(n).padStart(2, '0');

/** A remaining duration as hh:mm:ss (seconds rounded up, so 0 shows only when it is over). */
export function formatHms(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** The message of a refused opening while the box cools down. */
export function cooldownMessage(remainingMs: number): string {
  return `You can open this free box again in ${formatHms(remainingMs)}.`;
}

/** The message of a refused opening below the box's level. */
export function levelMessage(minLevel: number): string {
  return `Reach level ${minLevel} to open this free box.`;
}

/** One free box as a player sees it. */
export const freeBoxSchema = z.object({
  slug: z.string(),
  name: z.string(),
  img_url: z.string(),
  min_level: z.number().int(), // level tier that unlocks it
  items_count: z.number().int(),
  expected_value: z.number(), // dollars
  unlocked: z.boolean(), // the player's level reaches min_level (false for guests)
  available: z.boolean(), // a daily opening is possible now: unlocked, deposit rule met, allowance covers it, not cooling down
  next_available_at: z.string().nullable(), // ISO 8601 end of the cooldown; null when not cooling down
});
/** One free box as a player sees it. */
export type FreeBox = z.infer<typeof freeBoxSchema>;

/** GET /api/free-boxes. */
export const freeBoxListResponseSchema = z.object({
  data: z.array(freeBoxSchema),
  level: z
    .object({
      level: z.number().int(),
      xp: z.number().int(),
      level_xp: z.number().int(),
      next_level_xp: z.number().int().nullable(),
    })
    .nullable(), // null for guests
  promo_openings: z.number().int(), // unused one-time free-box openings (e.g. from case35)
  // the daily-opening deposit rule: min and deposited_30d in dollars (deposits − reversals in the window); null for guests
  deposit_required: z.object({ min: z.number(), deposited_30d: z.number(), met: z.boolean() }).nullable(),
  // the free-loot allowance (shared/free-loot-economics.ts), dollars; null for guests
  allowance: z
    .object({
      share_percent: z.number(), // of the expected house profit of the last 30 days
      profit_30d: z.number(), // expected house profit generated in the last 30 days (= XP / 100)
      taken_30d: z.number(), // expected value of the daily free boxes opened in the last 30 days
      available: z.number(), // what is left; a daily box opens while this covers its expected value
    })
    .nullable(),
  server_time: z.string(), // ISO 8601, so countdowns do not depend on the browser clock
});
/** GET /api/free-boxes. */
export type FreeBoxListResponse = z.infer<typeof freeBoxListResponseSchema>;

/** Body of POST /api/free-boxes/{slug}/open: promo=true spends a one-time opening instead of the daily one. */
export const freeOpenBodySchema = z.object({
  promo: z.boolean({ error: 'promo must be true or false.' }).default(false),
});
/** Parsed free opening body. */
export type FreeOpenBody = z.infer<typeof freeOpenBodySchema>;

/** POST /api/free-boxes/{slug}/open: the box opening's shape (one reel, cost 0) and the new state. */
export const freeOpenResponseSchema = openResponseSchema.extend({
  free: z.object({
    via: z.enum(['daily', 'promo']),
    next_available_at: z.string().nullable(), // ISO 8601 end of the daily cooldown
    promo_openings: z.number().int(), // left after this opening
  }),
});
/** POST /api/free-boxes/{slug}/open response. */
export type FreeOpenResponse = z.infer<typeof freeOpenResponseSchema>;
