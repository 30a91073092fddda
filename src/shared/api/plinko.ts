// Plinko API contract (spec §7): GET /api/plinko/config, GET /api/plinko/current, POST /api/plinko/bet,
// GET /api/plinko/leaderboard, and the public channel event for recent drops. Amounts in dollars.
import { z } from 'zod';
import { isPlinkoRows, PLINKO_ROWS, RISKS } from '../fair/plinko.ts';

/** Bet limits in cents (documented in the OpenAPI summary). */
export const PLINKO_LIMITS = {
  minBetCents: 1, // $0.01
  maxBetCents: 100_000, // $1,000.00
  maxPayoutCents: 1_000_000, // $10,000.00 per bet: amount × the table's top multiplier may not exceed it
} as const;

/** Public channel and event carrying every settled drop. */
export const PLINKO_CHANNEL = 'plinko-bets';
export const PLINKO_BET_EVENT = 'plinkoBet';

const riskSchema = z.enum(RISKS as ['low', 'medium', 'high'], { error: 'The risk must be low, medium or high.' });

/** Body of POST /api/plinko/bet. */
export const plinkoBetBodySchema = z.object({
  amount: z
    .number({ error: 'The amount must be a number.' })
    .refine(
      (v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      'The amount must have at most 2 decimals.',
    ),
  rows: z
    .number({ error: 'The rows must be a number.' })
    .refine((v) => isPlinkoRows(v), `The rows must be a whole number from ${PLINKO_ROWS[0]} to ${PLINKO_ROWS.at(-1)}.`),
  risk: riskSchema,
});

/** A settled drop as the bettor sees it. */
export const plinkoBetSchema = z.object({
  id: z.number().int(),
  path: z.string(), // "L"/"R" per row
  bucket: z.number().int(), // 0 … rows, left to right
  multiplier: z.number(),
  payout: z.number(), // dollars
  rows: z.number().int(),
  risk: riskSchema,
  nonce: z.number().int(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  created_at: z.string(), // ISO 8601
});

/** POST /api/plinko/bet → body. */
export const plinkoBetResponseSchema = z.object({ data: plinkoBetSchema, balance: z.number(), msg: z.string() });

/** A drop in a list (mine or the public channel). */
export const plinkoHistoryItemSchema = plinkoBetSchema.extend({
  amount: z.number(), // dollars
  user: z.object({ id: z.number().int(), name: z.string() }),
  server_seed: z.string().nullable(), // set once the pair is revealed
});

/** GET /api/plinko/config → body. */
export const plinkoConfigSchema = z.object({
  data: z.object({
    rows: z.array(z.number().int()),
    risks: z.array(riskSchema),
    multipliers: z.record(z.string(), z.record(z.string(), z.array(z.number()))), // risk → rows → row
    min_bet: z.number(),
    max_bet: z.number(),
    max_payout: z.number(),
  }),
});

/** GET /api/plinko/current → body. */
export const plinkoCurrentSchema = z.object({
  data: z.object({
    server_seed_hash: z.string(),
    client_seed: z.string(),
    nonce: z.number().int(),
    bets: z.array(plinkoHistoryItemSchema), // the last 20, newest first
  }),
});

/** GET /api/plinko/leaderboard query: every filter optional. */
export const plinkoLeaderboardQuerySchema = z.object({
  sort: z.enum(['win_amount', 'multiplier'], { error: 'The sort must be win_amount or multiplier.' }).optional(),
  period: z.enum(['day', 'week', 'all'], { error: 'The period must be day, week or all.' }).optional(),
});

/** One leaderboard row. */
export const plinkoLeaderboardItemSchema = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), avatar_url: z.string().nullable() }),
  amount: z.number(),
  multiplier: z.number(),
  win_amount: z.number(),
  rows: z.number().int(),
  risk: riskSchema,
  created_at: z.string(),
});

/** GET /api/plinko/leaderboard → body. */
export const plinkoLeaderboardSchema = z.object({ data: z.array(plinkoLeaderboardItemSchema) });

export type PlinkoBetBody = z.infer<typeof plinkoBetBodySchema>;
export type PlinkoBet = z.infer<typeof plinkoBetSchema>;
export type PlinkoHistoryItem = z.infer<typeof plinkoHistoryItemSchema>;
export type PlinkoConfig = z.infer<typeof plinkoConfigSchema>['data'];
export type PlinkoCurrent = z.infer<typeof plinkoCurrentSchema>['data'];
export type PlinkoLeaderboardQuery = z.infer<typeof plinkoLeaderboardQuerySchema>;
export type PlinkoLeaderboardItem = z.infer<typeof plinkoLeaderboardItemSchema>;
