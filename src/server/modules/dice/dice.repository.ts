// Dice bet queries and row → API mapping.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { DiceBet, DiceBetBody, DiceHistoryItem } from '../../../shared/api/dice.ts';
import { diceOutcome } from '../../../shared/games/dice/dice.outcome.ts';
import { listedPlayer, withRevealedSeeds } from '../fair/fair.repository.ts';
import { userName } from '../../db/hot/reads.ts';

type BetFields = {
  id: number;
  roll_bp: number;
  win: number;
  multiplier: number;
  payout_cents: number;
  target_bp: number;
  direction: 'over' | 'under';
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
};

/** A bet row (its id apart: an insert learns it last) as the API shows it. */
export function toBet(r: Omit<BetFields, 'id'>, id: number): DiceBet {
  return {
    id: Number(id),
    roll: Number(r.roll_bp) / 100,
    win: Number(r.win) === 1,
    multiplier: Number(r.multiplier),
    payout: Number(r.payout_cents) / 100,
    target: Number(r.target_bp) / 100,
    direction: r.direction,
    nonce: Number(r.nonce),
    client_seed: r.client_seed,
    server_seed_hash: r.server_seed_hash,
  };
}

/** Latest bets, of one user or of everyone, with the server seed once revealed. */
export async function listBets(
  db: Kysely<Tables>,
  opts: { userId?: number; limit: number },
): Promise<DiceHistoryItem[]> {
  let q = db
    .selectFrom('dice_bets')
    .innerJoin('users', 'users.id', 'dice_bets.user_id')
    .selectAll('dice_bets')
    .select(['users.name as user_name'])
    .orderBy('dice_bets.id', 'desc')
    .limit(opts.limit);
  if (opts.userId !== undefined) q = q.where('dice_bets.user_id', '=', opts.userId);
  const rows = await q.execute();
  return withRevealedSeeds(db, rows, (r, seed) =>
    historyRow(toBet(r, r.id), Number(r.amount_cents), listedPlayer(r), seed, Number(r.created_at)),
  );
}

/** A bet with its stake, player, server seed (null until revealed) and time: one history row. Spelled
 * out: V8 in Node 20 builds `{ ...bet, more }` in about 1 µs, and the public feed makes one per bet. */
function historyRow(
  bet: DiceBet,
  amountCents: number,
  user: { id: number; name: string },
  serverSeed: string | null,
  createdAt: number,
): DiceHistoryItem {
  const { id, roll, win, multiplier, payout, target, direction, nonce, client_seed, server_seed_hash } = bet;
  return {
    id,
    roll,
    win,
    multiplier,
    payout,
    target,
    direction,
    nonce,
    client_seed,
    server_seed_hash,
    amount: amountCents / 100,
    user,
    server_seed: serverSeed,
    created_at: new Date(createdAt).toISOString(),
  };
}

/** One bet in history form (for the public channel); reads the player's name unless given. */
export async function historyItem(
  db: Kysely<Tables>,
  bet: DiceBet,
  userId: number,
  amountCents: number,
  createdAt: number,
  knownName?: string, // the bet's answer may carry it (the one-statement and synchronous paths)
): Promise<DiceHistoryItem> {
  const name = knownName ?? (await userName(db, userId)); // off the writer's queue on SQLite
  return historyRow(bet, amountCents, { id: userId, name: name ?? '' }, null, createdAt);
}

/** A bet checked against the rules (dice.service checkBet), ready to settle. */
export interface CheckedDiceBet {
  userId: number;
  body: DiceBetBody;
  amountCents: number;
  targetBp: number;
  multiplier: number; // bp
  payoutIfWinCents: number;
  now: number; // epoch ms
}

/** The dice_bets row of a bet rolled on `pair`'s nonce (both settle paths insert exactly this). */
export function diceBetRow(
  b: CheckedDiceBet,
  pair: { server_seed: string; server_seed_hash: string; client_seed: string; nonce: number },
) {
  const seeds = { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: pair.nonce };
  const { roll, win } = diceOutcome(seeds, b.body.target, b.body.direction);
  return {
    user_id: b.userId,
    amount_cents: b.amountCents,
    payout_cents: win ? b.payoutIfWinCents : 0,
    target_bp: b.targetBp,
    direction: b.body.direction,
    roll_bp: Math.round(roll * 100),
    multiplier: b.multiplier,
    win: win ? 1 : 0,
    server_seed_hash: pair.server_seed_hash,
    client_seed: pair.client_seed,
    nonce: pair.nonce,
    created_at: b.now,
  };
}

/** The ledger kinds of a dice bet's stake and win. */
export const DICE_KINDS = { bet: 'bet', win: 'win' } as const;

/** A settled bet and the balance after it. */
export interface PlacedBet {
  bet: DiceBet;
  balanceCents: number;
  amountCents: number;
  createdAt: number;
  userName?: string; // the player's name when the bet read it (the one-statement and synchronous paths), for the public feed
}
