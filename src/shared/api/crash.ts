// Rocket (crash) HTTP contract (issue #13): POST /api/crash/bet, POST /api/crash/close-bet,
// GET /api/crash/current, /recent-games, /leaderboard, /my-bets, /fairness. Amounts, payouts and
// multipliers are numbers with 2 decimals (payout = amount × multiplier floored to the cent); times in
// /current are epoch ms of the server's clock (as in the socket events of ./rounds.ts), list times ISO 8601.
// The crash point and the game hash of a round appear only once it has ended.
import { z } from 'zod';
import { ROUND_STATUSES, crashGameEventSchema, roundUserSchema } from './rounds.ts';

/** Limits in cents; a round's potential payouts beyond maxRoundPayoutCents cash everyone out (bustabit's rule). */
export const CRASH_LIMITS = {
  minBetCents: 10, // $0.10
  maxBetCents: 100_000, // $1,000.00
  maxRoundPayoutCents: 2_500_000, // $25,000.00 paid per round at most, all bets together
  minAutoCashout: 1.01,
  maxAutoCashout: 1_000_000,
} as const;

const twoDecimals = (v: number) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** Body of POST /api/crash/bet. */
export const crashBetBodySchema = z.object({
  amount: z
    .number({ error: 'The amount must be a number.' })
    .refine(twoDecimals, 'The amount must have at most 2 decimals.'),
  auto_cashout: z
    .number({ error: 'The auto cash-out must be a number.' })
    .min(CRASH_LIMITS.minAutoCashout, `The auto cash-out must be at least ${CRASH_LIMITS.minAutoCashout}.`)
    .max(CRASH_LIMITS.maxAutoCashout, `The auto cash-out must be at most ${CRASH_LIMITS.maxAutoCashout}.`)
    .refine(twoDecimals, 'The auto cash-out must have at most 2 decimals.')
    .nullish(),
});

/** A bet's state: active until cashed out or lost; refunded when its round was voided (an outage). */
export const CRASH_BET_STATUSES = ['active', 'cashed_out', 'lost', 'refunded'] as const;

/** A bet as the API shows it (the socket `bets` event carries its first six fields). */
export const crashBetSchema = z.object({
  id: z.number().int(),
  user: roundUserSchema,
  amount: z.number(),
  auto_cashout: z.number().nullable(),
  multiplier: z.number().nullable(), // null until cashed out
  payout: z.number().nullable(), // null until cashed out; 0 when lost; the amount when refunded
  round_id: z.number().int(),
  status: z.enum(CRASH_BET_STATUSES),
  created_at: z.string(), // ISO 8601
});

/** POST /api/crash/bet → body. */
export const crashBetResponseSchema = z.object({ data: crashBetSchema, balance: z.number(), msg: z.string() });

/** POST /api/crash/close-bet → body (the multiplier comes from the server's clock). */
export const crashCloseBetResponseSchema = z.object({
  data: z.object({ bet: crashBetSchema, multiplier: z.number(), payout: z.number() }),
  balance: z.number(),
  msg: z.string(),
});

/** GET /api/crash/current → the round now (the `game` event's fields plus when each status began) and its bets. */
export const crashRoundSchema = crashGameEventSchema.extend({
  status: z.enum(ROUND_STATUSES),
  created_at: z.number().int(), // new
  starting_at: z.number().int().nullable(),
  betting_ends_at: z.number().int().optional(),
  pending_at: z.number().int().nullable(),
  in_progress_at: z.number().int().nullable(),
  ended_at: z.number().int().nullable(),
});
export const crashCurrentResponseSchema = z.object({
  data: z.object({ round: crashRoundSchema.nullable(), bets: z.array(crashBetSchema) }),
});

/** GET /api/crash/recent-games?limit=N (N ≤ 100, default 20), newest first. */
export const crashRecentQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const crashRecentGameSchema = z.object({
  id: z.number().int(),
  crash_point: z.number(),
  hash: z.string(),
  ended_at: z.string(), // ISO 8601
  voided: z.literal(true).optional(), // the round was voided (its bets refunded); its crash point still verifies
});
export const crashRecentResponseSchema = z.object({ data: z.array(crashRecentGameSchema) });

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GET /api/crash/leaderboard: only truthy filters are sent; sort by win_amount (payout) or multiplier. */
export const crashLeaderboardQuerySchema = z.object({
  sort: z.preprocess(blankToUndefined, z.enum(['win_amount', 'multiplier']).default('win_amount')),
  period: z.preprocess(blankToUndefined, z.enum(['day', 'week', 'all']).default('day')),
});
export const crashLeaderboardEntrySchema = z.object({
  id: z.number().int(), // the bet (its replay: /bets/crash/{id})
  user: roundUserSchema,
  amount: z.number(),
  multiplier: z.number(),
  win_amount: z.number(), // the payout (amount × multiplier floored to the cent)
  round_id: z.number().int(),
  created_at: z.string(), // ISO 8601 of the bet
});
export const crashLeaderboardResponseSchema = z.object({ data: z.array(crashLeaderboardEntrySchema) });

/** GET /api/crash/my-bets?limit=N (≤ 100): the player's bets, newest first, with the crash point once ended. */
export const crashMyBetsQuerySchema = crashRecentQuerySchema;
export const crashMyBetSchema = crashBetSchema.extend({ crash_point: z.number().nullable() });
export const crashMyBetsResponseSchema = z.object({ data: z.array(crashMyBetSchema) });

/** GET /api/crash/fairness: the published end of the chain, the salt, and how many games were played. */
export const crashFairnessResponseSchema = z.object({
  data: z.object({ terminating_hash: z.string(), salt: z.string(), games_played: z.number().int() }),
});

export type CrashBetBody = z.infer<typeof crashBetBodySchema>;
export type CrashBet = z.infer<typeof crashBetSchema>;
export type CrashBetStatus = (typeof CRASH_BET_STATUSES)[number];
export type CrashRound = z.infer<typeof crashRoundSchema>;
export type CrashRecentGame = z.infer<typeof crashRecentGameSchema>;
export type CrashLeaderboardEntry = z.infer<typeof crashLeaderboardEntrySchema>;
export type CrashMyBet = z.infer<typeof crashMyBetSchema>;
export type CrashBetResponse = z.infer<typeof crashBetResponseSchema>;
export type CrashCloseBetResponse = z.infer<typeof crashCloseBetResponseSchema>;
export type CrashCurrentResponse = z.infer<typeof crashCurrentResponseSchema>;
export type CrashFairness = z.infer<typeof crashFairnessResponseSchema>['data'];
