// Plinko bet queries and row → API mapping.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type {
  PlinkoBet,
  PlinkoHistoryItem,
  PlinkoLeaderboardItem,
  PlinkoLeaderboardQuery,
} from '../../../shared/api/plinko.ts';
import { listedPlayer, withRevealedSeeds } from '../fair/fair.repository.ts';
import { userName } from '../../db/hot/reads.ts';
import { toDollars } from '../../../shared/money.ts';

/** A plinko_bets row's fields as the API shows them (bets/games/plinko.plan.ts writes the row). */
export type PlinkoBetRow = Omit<BetFields, 'id'>;

type BetFields = {
  id: number;
  path: string;
  bucket: number;
  multiplier: number;
  payout_cents: number;
  rows: number;
  risk: 'low' | 'medium' | 'high';
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  created_at: number;
};

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** A bet row as the API shows it. */
export function toBet(r: Omit<BetFields, 'id'>, id: number): PlinkoBet {
  return {
    id: Number(id),
    path: r.path,
    bucket: Number(r.bucket),
    multiplier: Number(r.multiplier),
    payout: toDollars(Number(r.payout_cents)),
    rows: Number(r.rows),
    risk: r.risk,
    nonce: Number(r.nonce),
    client_seed: r.client_seed,
    server_seed_hash: r.server_seed_hash,
    created_at: iso(r.created_at),
  };
}

/** Latest bets of one user, or of everyone, with the server seed once revealed. */
export async function listBets(
  db: Kysely<Tables>,
  opts: { userId?: number; limit: number },
): Promise<PlinkoHistoryItem[]> {
  let q = db
    .selectFrom('plinko_bets')
    .innerJoin('users', 'users.id', 'plinko_bets.user_id')
    .selectAll('plinko_bets')
    .select(['users.name as user_name'])
    .orderBy('plinko_bets.id', 'desc')
    .limit(opts.limit);
  if (opts.userId !== undefined) q = q.where('plinko_bets.user_id', '=', opts.userId);
  const rows = await q.execute();
  return withRevealedSeeds(db, rows, (r, seed) =>
    historyRow(toBet(r, r.id), Number(r.amount_cents), listedPlayer(r), seed),
  );
}

/** A drop with its stake, player and server seed (null until revealed): one history row. Spelled
 * out: V8 in Node 20 builds `{ ...bet, more }` in about 1 µs, and the public feed makes one per drop. */
function historyRow(
  bet: PlinkoBet,
  amountCents: number,
  user: { id: number; name: string },
  serverSeed: string | null,
): PlinkoHistoryItem {
  const { id, path, bucket, multiplier, payout, rows, risk, nonce, client_seed, server_seed_hash, created_at } = bet;
  return {
    id,
    path,
    bucket,
    multiplier,
    payout,
    rows,
    risk,
    nonce,
    client_seed,
    server_seed_hash,
    created_at,
    amount: toDollars(amountCents),
    user,
    server_seed: serverSeed,
  };
}

/** One bet in history form (for the public channel). */
export async function historyItem(
  db: Kysely<Tables>,
  bet: PlinkoBet,
  userId: number,
  amountCents: number,
  knownName?: string, // the drop's answer may carry it (the one-statement and synchronous paths)
): Promise<PlinkoHistoryItem> {
  const name = knownName ?? (await userName(db, userId)); // off the writer's queue on SQLite
  return historyRow(bet, amountCents, { id: userId, name: name ?? '' }, null);
}

const PERIOD_MS = { day: 86_400_000, week: 7 * 86_400_000 } as const;

/** The biggest drops by win amount (default) or multiplier, over a day, a week or all time. */
export async function leaderboard(
  db: Kysely<Tables>,
  query: PlinkoLeaderboardQuery,
  now: number,
  limit = 20,
): Promise<PlinkoLeaderboardItem[]> {
  const order = query.sort === 'multiplier' ? 'plinko_bets.multiplier' : 'plinko_bets.payout_cents';
  let q = db
    .selectFrom('plinko_bets')
    .innerJoin('users', 'users.id', 'plinko_bets.user_id')
    .selectAll('plinko_bets')
    .select(['users.name as user_name', 'users.avatar_url as avatar_url'])
    .where('plinko_bets.payout_cents', '>', 0)
    .orderBy(order, 'desc')
    .orderBy('plinko_bets.id', 'desc')
    .limit(limit);
  const period = query.period ?? 'all';
  if (period !== 'all') q = q.where('plinko_bets.created_at', '>=', now - PERIOD_MS[period]);
  const rows = await q.execute();
  return rows.map((r) => ({
    user: { id: Number(r.user_id), name: r.user_name, avatar_url: r.avatar_url },
    amount: toDollars(Number(r.amount_cents)),
    multiplier: Number(r.multiplier),
    win_amount: toDollars(Number(r.payout_cents)),
    rows: Number(r.rows),
    risk: r.risk,
    created_at: iso(r.created_at),
  }));
}

/** A settled drop and the balance after it. */
export interface PlacedPlinko {
  bet: PlinkoBet;
  balanceCents: number;
  amountCents: number;
  userName?: string; // the player's name, for the public feed
}
