// Dice API contract: POST /api/dice/bet, GET /api/dice/bets (mine), GET /api/dice/bets/recent,
// and the public channel event for recent bets. Amounts in dollars with 2 decimals.
import { z } from 'zod';
import { diceBasisPoints } from '../fair/dice.ts';

/** Bet limits in cents (documented in the OpenAPI summary and README). */
export const DICE_LIMITS = {
  minBetCents: 1, // $0.01
  maxBetCents: 100_000, // $1,000.00
  maxPayoutCents: 1_000_000, // $10,000.00 per bet
} as const;

/** Public channel and event carrying every settled dice bet. */
export const DICE_CHANNEL = 'dice-bets';
export const DICE_BET_EVENT = 'diceBet';

const dollars = (field: string) =>
  z
    .number({ error: `The ${field} must be a number.` })
    .refine(
      (v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      `The ${field} must have at most 2 decimals.`,
    );

/** Body of POST /api/dice/bet. */
export const diceBetBodySchema = z.object({
  amount: dollars('amount'),
  target: z
    .number({ error: 'The target must be a number.' })
    .refine((v) => diceBasisPoints(v) !== null, 'The target must have at most 2 decimals.'),
  direction: z.enum(['over', 'under'], { error: 'The direction must be "over" or "under".' }),
});

/** A settled bet as the bettor sees it. */
export const diceBetSchema = z.object({
  id: z.number().int(),
  roll: z.number(), // 0.00 … 100.00
  win: z.boolean(),
  multiplier: z.number(),
  payout: z.number(), // dollars, 0 when lost
  target: z.number(),
  direction: z.enum(['over', 'under']),
  nonce: z.number().int(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
});

/** POST /api/dice/bet → body. */
export const diceBetResponseSchema = z.object({ data: diceBetSchema, balance: z.number() });

/** A bet in a history list (mine or recent). */
export const diceHistoryItemSchema = diceBetSchema.extend({
  amount: z.number(), // dollars
  user: z.object({ id: z.number().int(), name: z.string() }),
  server_seed: z.string().nullable(), // set once the pair is revealed
  created_at: z.string(), // ISO 8601
});

/** GET list answers. */
export const diceHistorySchema = z.object({ data: z.array(diceHistoryItemSchema) });
export const diceHistoryQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export type DiceBetBody = z.infer<typeof diceBetBodySchema>;
export type DiceBet = z.infer<typeof diceBetSchema>;
export type DiceHistoryItem = z.infer<typeof diceHistoryItemSchema>;
