// Contracts of the responsible-play limits, the weekly leaderboard and cashback (issue 16).
// Money crosses the wire in dollars (2 decimals); times as ISO 8601 strings.
import { z } from 'zod';
import { DEPOSIT_LIMIT_PERIODS, SELF_EXCLUSION_DAYS } from '../constants.ts';
import { dollarsSchema } from '../money.ts';

/** One deposit limit: the amount in force and a raise waiting for its 24 h. */
export const depositLimitSchema = z.object({
  period: z.enum(DEPOSIT_LIMIT_PERIODS),
  amount: z.number().nullable(), // dollars in force; null = no limit
  pending_amount: z.number().nullable(), // dollars a raise will set (null with pending_from set = removal)
  pending_from: z.string().nullable(), // ISO 8601: when the pending change applies; null = none
});
export type DepositLimit = z.infer<typeof depositLimitSchema>;

/** GET /api/profile/limits (also the answer of the two changes, with a msg). */
export const limitsSchema = z.object({
  deposit_limits: z.array(depositLimitSchema),
  self_excluded_until: z.string().nullable(), // ISO 8601; null when not self-excluded
});
export type Limits = z.infer<typeof limitsSchema>;
export const limitsResponse = z.object({ data: limitsSchema });
export const limitsChangeResponse = z.object({ msg: z.string(), data: limitsSchema });

/** PUT /api/profile/limits: amount in dollars (0.01 … 1,000,000, ≤ 2 decimals) or null to remove. */
export const setLimitBody = z.object({
  period: z.enum(DEPOSIT_LIMIT_PERIODS, { error: 'The period must be day, week or month.' }),
  amount: dollarsSchema(0.01).nullable(),
});

const daysMessage = `Choose between ${SELF_EXCLUSION_DAYS.min} and ${SELF_EXCLUSION_DAYS.max} days.`;
/** POST /api/profile/self-exclusion */
export const selfExclusionBody = z.object({
  days: z
    .number({ message: daysMessage })
    .int(daysMessage)
    .min(SELF_EXCLUSION_DAYS.min, daysMessage)
    .max(SELF_EXCLUSION_DAYS.max, daysMessage),
});

const periodSchema = z.object({ starts_at: z.string(), ends_at: z.string() }); // ISO 8601
const entrySchema = z.object({
  place: z.number().int(),
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    avatar_url: z.string().nullable(),
    level: z.number().int(),
  }),
  wagered: z.number(), // dollars
  prize: z.number(), // dollars (0 past the prize table)
});
export type LeaderboardEntry = z.infer<typeof entrySchema>;

/** GET /api/leaderboard */
export const leaderboardResponse = z.object({
  data: z.object({
    period: periodSchema,
    time_zone: z.string(), // IANA zone the period is counted in
    prizes: z.array(z.object({ place: z.number().int(), amount: z.number() })),
    prize_cap_percent: z.number(), // a prize pays at most this percent of the winner's week's expected house profit
    entries: z.array(entrySchema),
    me: z.object({ place: z.number().int(), wagered: z.number() }).nullable(),
    previous: z.object({ period: periodSchema, entries: z.array(entrySchema) }),
  }),
});
export type Leaderboard = z.infer<typeof leaderboardResponse>['data'];

const cashbackWindowSchema = z.object({ from: z.string(), to: z.string() }); // ISO 8601
/** GET /api/cashback */
export const cashbackResponse = z.object({
  data: z.object({
    rate: z.number(), // percent of the expected house profit of the window's settled wagers
    time_zone: z.string(),
    window: cashbackWindowSchema, // the open window
    wagered: z.number(), // dollars of wagers settled in the open window so far
    house_edge: z.number(), // dollars the house expects to keep of them (stake × the game's edge)
    accrued: z.number(), // dollars of cashback the open window has earned so far (claimable after it closes)
    claimable: z.number(), // dollars claimable from the last closed window (0 when claimed or nothing settled)
    claimable_window: cashbackWindowSchema,
    next_reset_at: z.string(),
    history: z.array(
      z.object({
        window: cashbackWindowSchema,
        wagered: z.number(),
        house_edge: z.number(),
        amount: z.number(),
        claimed_at: z.string(),
      }),
    ),
  }),
});
export type Cashback = z.infer<typeof cashbackResponse>['data'];

/** POST /api/cashback/claim */
export const cashbackClaimResponse = z.object({ msg: z.string(), balance: z.number() });

/** GET/PUT /api/profile/public-stats: whether the leaderboard shows the player's name and avatar. */
export const publicStatsBody = z.object({ public: z.boolean({ error: 'public must be true or false.' }) });
export const publicStatsResponse = z.object({ msg: z.string().optional(), data: z.object({ public: z.boolean() }) });
