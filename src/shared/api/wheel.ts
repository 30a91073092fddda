// Crazy Wheel API contract (issue #13): config, day seeds, bets and cancels, round lists. Amounts in
// dollars with 2 decimals; the socket events are in rounds.ts (`wheel:game`, `wheel:bets`).
import { z } from 'zod';
import { ROUND_STATUSES, WHEEL_COLORS, roundUserSchema } from './rounds.ts';

/** Bet limits in cents (documented in the OpenAPI summaries). */
export const WHEEL_LIMITS = {
  minBetCents: 10, // $0.10
  maxBetCents: 100_000, // $1,000.00 per bet
  maxPayoutCents: 2_000_000, // $20,000.00: a bet's win (amount × multiplier) never passes it
} as const;

/** Rounds kept in GET /api/wheel/recent-games at most. */
export const WHEEL_RECENT_MAX = 100;

const color = z.enum(WHEEL_COLORS, { error: 'The color must be grey, red, blue or gold.' });

/** GET /api/wheel/config. */
export const wheelConfigSchema = z.object({
  data: z.object({
    segments: z.array(color),
    payouts: z.object({ grey: z.number(), red: z.number(), blue: z.number(), gold: z.number() }),
    min_bet: z.number(),
    max_bet: z.number(),
    max_payout: z.number(),
  }),
});

/** GET /api/wheel/seeds: newest day first; server_seed null until revealed. */
export const wheelSeedsSchema = z.object({
  data: z.array(
    z.object({
      date: z.string(), // YYYY-MM-DD (UTC)
      server_seed_hash: z.string(),
      public_seed: z.string(),
      server_seed: z.string().nullable(),
    }),
  ),
});

/** Body of POST /api/wheel/bet. */
export const wheelBetBodySchema = z.object({
  amount: z
    .number({ error: 'The amount must be a number.' })
    .refine(
      (v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      'The amount must have at most 2 decimals.',
    ),
  color,
});
export type WheelBetBody = z.infer<typeof wheelBetBodySchema>;

/** A bet as lists and the bettor see it; payout null until the round ends. */
export const wheelBetSchema = z.object({
  id: z.number().int(),
  round_id: z.number().int(),
  user: roundUserSchema,
  amount: z.number(),
  color,
  status: z.enum(['active', 'canceled', 'won', 'lost']),
  payout: z.number().nullable(),
  created_at: z.string(), // ISO 8601
});
export type WheelBet = z.infer<typeof wheelBetSchema>;

/** POST /api/wheel/bet and POST /api/wheel/bet/{id}/cancel → body. */
export const wheelBetResponseSchema = z.object({ data: wheelBetSchema, balance: z.number(), msg: z.string() });

/** Path of POST /api/wheel/bet/{id}/cancel. */
export const wheelBetParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** A finished round in GET /api/wheel/recent-games. */
export const wheelRecentGameSchema = z.object({
  id: z.number().int(),
  segment: z.number().int(),
  color,
  multiplier: z.number(),
  ended_at: z.string(),
});
export const wheelRecentGamesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(WHEEL_RECENT_MAX).default(WHEEL_RECENT_MAX),
});
export const wheelRecentGamesSchema = z.object({ data: z.array(wheelRecentGameSchema) });

/** GET /api/wheel/recent-bets (this round's) and /top-payouts (largest wins of 24 h). */
export const wheelBetListSchema = z.object({ data: z.array(wheelBetSchema) });

/** Bets GET /api/wheel/my-bets returns at most. */
export const WHEEL_MY_BETS_MAX = 100;
const myBetsLimit = `limit must be a whole number from 1 to ${WHEEL_MY_BETS_MAX}.`;
/** GET /api/wheel/my-bets?limit=N: the player's settled bets (won or lost), newest first. */
export const wheelMyBetsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: myBetsLimit })
    .int(myBetsLimit)
    .min(1, myBetsLimit)
    .max(WHEEL_MY_BETS_MAX, myBetsLimit)
    .default(20),
});

/** GET /api/wheel/current: the round snapshot (segment, color, multiplier once ended) and its bets. */
export const wheelCurrentSchema = z.object({
  data: z.object({
    id: z.number().int(),
    status: z.enum(ROUND_STATUSES),
    server_time: z.number(),
    betting_ends_at: z.number().optional(),
    segment: z.number().int().optional(),
    color: color.optional(),
    multiplier: z.number().optional(),
    bets: z.array(wheelBetSchema),
  }),
});
export type WheelCurrent = z.infer<typeof wheelCurrentSchema>['data'];
