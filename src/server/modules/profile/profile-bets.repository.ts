// The bets archive (GET /api/profile/bets): one UNION ALL over every game's own bet table — dice
// bets, upgrades, Bounce drops, Rocket bets of ended rounds, settled wheel bets, seats the player paid
// in ended battles, and box reels — filtered, ordered newest first and paged in SQL. Only settled
// results: an active or refunded Rocket bet, a canceled wheel bet and an unfinished battle never show.
// Titles and verifier links of the page's rows: profile-bets.links.ts.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { ARCHIVE_GAMES, type ArchiveGame, type BetsQuery } from '../../../shared/api/profile-bets.ts';

type Q = Kysely<Tables>;
/** One row of the union: which game's row, its stake and payout (cents), when placed (epoch ms). */
export interface BetRow {
  game: ArchiveGame;
  id: number;
  stake: number;
  payout: number;
  created_at: number;
}
// The branches join different tables; only their selection (BetRow) matters to the union.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Branch = SelectQueryBuilder<Tables, any, BetRow>;

const game = (g: ArchiveGame) => sql<ArchiveGame>`${sql.lit(g)}`.as('game');

const BRANCHES: Record<ArchiveGame, (db: Q, userId: number) => Branch> = {
  dice: (db, userId) =>
    db
      .selectFrom('dice_bets')
      .select([game('dice'), 'id', 'amount_cents as stake', 'payout_cents as payout', 'created_at'])
      .where('user_id', '=', userId),
  upgrade: (db, userId) =>
    db
      .selectFrom('upgrades')
      .select([
        game('upgrade'),
        'id',
        sql<number>`stake_items_cents + stake_balance_cents`.as('stake'),
        sql<number>`case when win = 1 then target_price_cents else 0 end`.as('payout'),
        'created_at',
      ])
      .where('user_id', '=', userId),
  plinko: (db, userId) =>
    db
      .selectFrom('plinko_bets')
      .select([game('plinko'), 'id', 'amount_cents as stake', 'payout_cents as payout', 'created_at'])
      .where('user_id', '=', userId),
  crash: (db, userId) =>
    db
      .selectFrom('crash_bets')
      .innerJoin('crash_rounds', 'crash_rounds.id', 'crash_bets.round_id')
      .select([
        game('crash'),
        'crash_bets.id',
        'crash_bets.amount_cents as stake',
        sql<number>`coalesce(crash_bets.payout_cents, 0)`.as('payout'),
        'crash_bets.created_at',
      ])
      .where('crash_bets.user_id', '=', userId)
      .where('crash_bets.status', 'in', ['cashed_out', 'lost'])
      .where('crash_rounds.status', '=', 'ended'), // its game hash (the link) reveals the crash point
  wheel: (db, userId) =>
    db
      .selectFrom('wheel_bets')
      .select([
        game('wheel'),
        'id',
        'amount_cents as stake',
        sql<number>`coalesce(payout_cents, 0)`.as('payout'),
        'created_at',
      ])
      .where('user_id', '=', userId)
      .where('status', 'in', ['won', 'lost']),
  // Every seat the player paid (a bot seat too: it is counted in the stats' bets); the player's own
  // seat is paid the FFA drops granted to them or their team share (ledger battle_win).
  battle: (db, userId) =>
    db
      .selectFrom('battle_seats')
      .innerJoin('battles', 'battles.id', 'battle_seats.battle_id')
      .select([
        game('battle'),
        'battle_seats.id',
        'battles.cost_cents as stake',
        sql<number>`case when battle_seats.user_id = ${userId} then
          coalesce((select sum(bd.price_cents) from battle_drops bd
            inner join inventory_items ii on ii.id = bd.inventory_item_id
            where bd.battle_id = battles.id and ii.user_id = ${userId}), 0)
          + coalesce((select sum(l.delta_cents) from ledger l
            where l.user_id = ${userId} and l.kind = 'battle_win' and l.reference = 'battle:' || battles.id), 0)
          else 0 end`.as('payout'),
        'battle_seats.created_at',
      ])
      .where('battle_seats.payer_id', '=', userId)
      .where('battles.status', '=', 'ended'),
  box: (db, userId) =>
    db
      .selectFrom('box_openings')
      .innerJoin('inventory_items', 'inventory_items.id', 'box_openings.inventory_item_id')
      .select([
        game('box'),
        'box_openings.id',
        'box_openings.price_cents as stake',
        'inventory_items.price_cents as payout',
        'box_openings.created_at',
      ])
      .where('box_openings.user_id', '=', userId),
};

const DAY_MS = 86_400_000;

/** A row of the union as numbers (PostgreSQL answers bigint and sums as strings). */
const betRow = (r: BetRow): BetRow => ({
  game: r.game,
  id: Number(r.id),
  stake: Number(r.stake),
  payout: Number(r.payout),
  created_at: Number(r.created_at),
});

/** Bet `id` of `game` when it is one of `userId`'s settled bets (a chat share, a replay), else undefined. */
export async function findSettledBet(
  db: Q,
  userId: number,
  game: ArchiveGame,
  id: number,
): Promise<BetRow | undefined> {
  const row = await db
    .selectFrom(BRANCHES[game](db, userId).as('b'))
    .selectAll()
    .where('b.id', '=', id)
    .executeTakeFirst();
  return row && betRow(row);
}

/** Whether bet `id` of `game` is one of `userId`'s settled bets (a chat share, issue 29). */
export async function ownsSettledBet(db: Q, userId: number, game: ArchiveGame, id: number): Promise<boolean> {
  return (await findSettledBet(db, userId, game, id)) !== undefined;
}

/** The archive of `userId` filtered by `q` (game, result, UTC days): one page and the total. */
export async function findBets(db: Q, userId: number, q: BetsQuery): Promise<{ rows: BetRow[]; total: number }> {
  const [first, ...rest] = (q.game ? [q.game] : ARCHIVE_GAMES).map((g) => BRANCHES[g](db, userId));
  const union = rest.reduce((acc, b) => acc.unionAll(b), first!);
  let filtered = db.selectFrom(union.as('b'));
  if (q.result === 'win') filtered = filtered.whereRef('b.payout', '>', 'b.stake');
  if (q.result === 'loss') filtered = filtered.whereRef('b.payout', '<=', 'b.stake');
  if (q.from) filtered = filtered.where('b.created_at', '>=', Date.parse(`${q.from}T00:00:00Z`));
  if (q.to) filtered = filtered.where('b.created_at', '<', Date.parse(`${q.to}T00:00:00Z`) + DAY_MS);
  const [rows, count] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('b.created_at', 'desc')
      .orderBy('b.game')
      .orderBy('b.id', 'desc')
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
  ]);
  return {
    rows: rows.map(betRow),
    total: Number(count?.n ?? 0),
  };
}
