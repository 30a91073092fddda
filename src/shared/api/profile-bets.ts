// Bets archive contract: GET /api/profile/bets — the player's settled bets in every game, newest
// first, filtered by game, result and date, paginated, each with the link that verifies it.
// Money is dollars with 2 decimals on the wire.
import { z } from 'zod';
import { pageMetaSchema, pagingFields } from './paging.ts';

/** Games the archive covers (a box opening is one bet per reel, a battle one per seat paid). */
export const ARCHIVE_GAMES = ['dice', 'upgrade', 'plinko', 'crash', 'wheel', 'battle', 'box'] as const;
/** A game of the archive. */
export type ArchiveGame = (typeof ARCHIVE_GAMES)[number];

const dateMessage = 'Dates are YYYY-MM-DD.';
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, dateMessage)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), dateMessage)
  .optional();

/** Query of GET /api/profile/bets; `from`/`to` are UTC days, both included. */
export const betsQuerySchema = z.object({
  game: z.enum(ARCHIVE_GAMES, { error: 'Unknown game.' }).optional(),
  result: z.enum(['win', 'loss'], { error: 'result must be win or loss.' }).optional(),
  from: day,
  to: day,
  ...pagingFields(20),
});
/** Parsed archive query. */
export type BetsQuery = z.infer<typeof betsQuerySchema>;

/** One settled bet: a win when it paid more than it staked. */
export const archivedBetSchema = z.object({
  game: z.enum(ARCHIVE_GAMES),
  id: z.number().int(), // the row of the game's own table (dice bet, upgrade, drop, Rocket bet, wheel bet, seat, reel)
  title: z.string(), // e.g. "Dice over 50.00", "Bounce 8 rows low ×1.10", "Battle #12", the box's name
  stake: z.number(), // dollars: balance and items staked (a free box: 0)
  payout: z.number(), // dollars: paid out, or the value of the items won
  result: z.enum(['win', 'loss']),
  created_at: z.string(), // ISO 8601: when it was placed
  link: z.string(), // site path of its provably-fair page filled in (a battle: its page and verify panel)
});
/** One archived bet. */
export type ArchivedBet = z.infer<typeof archivedBetSchema>;

/** GET /api/profile/bets response. */
export const betsResponseSchema = z.object({
  data: z.array(archivedBetSchema),
  meta: pageMetaSchema,
});
/** GET /api/profile/bets response. */
export type BetsResponse = z.infer<typeof betsResponseSchema>;
