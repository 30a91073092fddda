// Public replay contract (issue 29): GET /api/bets/{game}/{id} — one settled bet of any game, as the
// replay page /bets/{game}/{id} draws it: the player (null when they hide their public stats), the
// money (dollars, 2 decimals, as the bets archive), the outcome the game's scene replays, and the
// verifier's inputs. The server seed is null until it is revealed, never before; the verify link is
// given only once it is. An unknown or unsettled id (a Rocket bet still riding, a running wheel round,
// a battle not ended, a seat of a private battle) is a 404; a bad game or id a 422. No token needed;
// limited per address (429).
import { z } from 'zod';
import { battleSchema } from './battles.ts';
import { boxItemSchema, productSchema } from './boxes.ts';
import { ARCHIVE_GAMES } from './profile-bets.ts';
import { publicPlayerSchema } from './replay-basics.ts';
import { WHEEL_COLORS } from './rounds.ts';
import { RISKS } from '../fair/plinko.ts';

const idMessage = 'The bet id must be a positive whole number.';

/** Path of GET /api/bets/{game}/{id} (and of the page /bets/{game}/{id}). */
export const replayParamsSchema = z.object({
  game: z.enum(ARCHIVE_GAMES, { error: 'Unknown game.' }),
  id: z.coerce
    .number({ error: idMessage })
    .int(idMessage)
    .positive(idMessage)
    .max(2 ** 53 - 1, idMessage),
});
/** Parsed replay path. */
export type ReplayParams = z.infer<typeof replayParamsSchema>;

export { replayPath } from './replay-basics.ts';

/** Dice: the roll (0.00 … 100.00) against the target, over or under. */
const diceOutcome = z.object({
  game: z.literal('dice'),
  roll: z.number(),
  target: z.number(),
  direction: z.enum(['over', 'under']),
  chance: z.number(), // percent
  win: z.boolean(),
  multiplier: z.number(), // the bet's multiplier (99 / chance), paid when won
});

/** Bounce: the ball's path, one L/R per row, into its bucket. */
const plinkoOutcome = z.object({
  game: z.literal('plinko'),
  rows: z.number().int(),
  risk: z.enum(RISKS as ['low', 'medium', 'high']),
  path: z.string(), // "LRRL…", rows letters
  bucket: z.number().int(), // 0 … rows, left to right
  multiplier: z.number(),
});

/** An item staked in an upgrade (its price snapshot). */
const stakedItem = z.object({
  id: z.number().int(), // inventory item id
  product_id: z.number().int(),
  name: z.string(),
  img_url: z.string(),
  rarity: z.string(),
  price: z.number(), // dollars
});

/** Upgrade: the roll in [0, 100) against the chance; the items and balance staked, the target. */
const upgradeOutcome = z.object({
  game: z.literal('upgrade'),
  roll: z.number(),
  chance: z.number(), // percent, 2 decimals (after the cap)
  win: z.boolean(), // roll < chance
  stake_items: z.array(stakedItem),
  stake_balance: z.number(), // dollars
  target: productSchema, // price = the snapshot the chance was computed from
});

/** Box: one reel — its ticket, the item it won and every item of that box version (the reel's filler). */
const boxOutcome = z.object({
  game: z.literal('box'),
  box: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    img_url: z.string(),
    version: z.number().int(),
  }),
  ticket: z.number().int(), // 1..100,000
  item: boxItemSchema, // the item won (its ticket range holds the ticket)
  items: z.array(boxItemSchema), // the box version's items, ticket order
});

/** Rocket: the round's crash point and the player's cash-out (null: rode it to the bust). */
const crashOutcome = z.object({
  game: z.literal('crash'),
  round_id: z.number().int(),
  crash_point: z.number(),
  cashed_out_at: z.number().nullable(), // the multiplier cashed out at
  auto_cashout: z.number().nullable(),
});

/** Crazy Wheel: where the round landed (segment 0–53, its colour and payout) and the bet's colour. */
const wheelOutcome = z.object({
  game: z.literal('wheel'),
  round_id: z.number().int(),
  segment: z.number().int(),
  color: z.enum(WHEEL_COLORS), // landed
  multiplier: z.number(), // the landed colour's payout
  choice: z.enum(WHEEL_COLORS), // the bet's colour
});

/** Battle: the whole ended battle as GET /api/battles/{id} shows it (invite code always null), and the bet's seat. */
const battleOutcome = z.object({
  game: z.literal('battle'),
  seat: z.number().int(),
  battle: battleSchema,
});

/** What the game's scene replays, by game. */
export const replayOutcomeSchema = z.discriminatedUnion('game', [
  diceOutcome,
  plinkoOutcome,
  upgradeOutcome,
  boxOutcome,
  crashOutcome,
  wheelOutcome,
  battleOutcome,
]);
/** A replayed outcome. */
export type ReplayOutcome = z.infer<typeof replayOutcomeSchema>;

/**
 * The verifier's inputs. Seeded games: the pair's hash, client seed and nonce. Rocket: server_seed = the
 * round's game hash, server_seed_hash = SHA-256 of it (the chain's next link), client_seed = the salt,
 * nonce = the round id. Crazy Wheel: the day's seed hash, public seed as client_seed, nonce = the round
 * id. Battle: client_seed = the public seed, nonce null (each drop is `${public_seed}:${round}:${seat}`).
 */
export const replayFairSchema = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int().nullable(),
  server_seed: z.string().nullable(), // null until revealed — never before
  verify_link: z.string().nullable(), // site path of the verifier filled in; null until revealed
});
/** A replay's fairness inputs. */
export type ReplayFair = z.infer<typeof replayFairSchema>;

/** The player of a replay, or null when they hide their public stats ("Hidden"). */
export const replayPlayerSchema = publicPlayerSchema;

/** One settled bet to replay. */
export const replaySchema = z.object({
  game: z.enum(ARCHIVE_GAMES),
  id: z.number().int(),
  player: replayPlayerSchema,
  mine: z.boolean(), // true only when the caller's bearer token is the bet's owner (who sees their own name and Share)
  stake: z.number(), // dollars (a free box: 0)
  payout: z.number(), // dollars
  multiplier: z.number().nullable(), // payout / stake, 2 decimals; null when nothing was staked
  result: z.enum(['win', 'loss']), // win when payout > stake
  created_at: z.string(), // ISO 8601
  title: z.string(), // as the bets archive titles it
  outcome: replayOutcomeSchema,
  fair: replayFairSchema,
});
/** One replay. */
export type Replay = z.infer<typeof replaySchema>;

/** GET /api/bets/{game}/{id} → body. */
export const replayResponseSchema = z.object({ data: replaySchema });
/** GET /api/bets/{game}/{id} → body. */
export type ReplayResponse = z.infer<typeof replayResponseSchema>;
