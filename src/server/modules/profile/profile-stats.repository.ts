// Profile statistics over every game. Wagers come from settled_wagers (one row per wager that
// settled: a canceled Crazy Wheel bet, a refunded battle seat or a voided Rocket round never has
// one), so `wagered` and the counted bets are exactly what the XP and the programmes count. Box
// reels are counted as openings (box_openings: paid, custom and free), upgrades from `upgrades` (an
// items-only upgrade stakes no balance, so it has no settled wager). Biggest wins: profile-wins.repository.ts.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { ProfileStats } from '../../../shared/api/profile.ts';
import { levelProgressForEdge } from '../../../shared/levels.ts';
import { biggestWins } from './profile-wins.repository.ts';
import { toDollars } from '../../../shared/money.ts';

type Q = Kysely<Tables>;

/** Wager kinds (the stake's ledger kind) counted as bets: dice, Bounce, Rocket, Crazy Wheel, battle seats. */
export const BET_KINDS: readonly string[] = ['bet', 'plinko_bet', 'crash_bet', 'wheel_bet', 'battle'];

async function count(db: Q, table: 'upgrades' | 'box_openings', userId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The player's settled wagers per kind: how many and their stakes (cents). */
function settledByKind(db: Q, userId: number) {
  return db
    .selectFrom('settled_wagers')
    .select((eb) => [
      'kind',
      eb.fn.countAll<string | number>().as('n'),
      eb.fn.sum<string | number>('stake_cents').as('cents'),
    ])
    .where('user_id', '=', userId)
    .groupBy('kind')
    .execute();
}

/** The statistics of `userId` (null when the user does not exist). */
export async function profileStats(db: Q, userId: number): Promise<ProfileStats | null> {
  const user = await db.selectFrom('users').select(['edge_units', 'level']).where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const [settled, upgrades, openings, wins] = await Promise.all([
    settledByKind(db, userId),
    count(db, 'upgrades', userId),
    count(db, 'box_openings', userId),
    biggestWins(db, userId),
  ]);
  const wageredCents = settled.reduce((a, r) => a + Number(r.cents), 0);
  const bets = settled.filter((r) => BET_KINDS.includes(r.kind)).reduce((a, r) => a + Number(r.n), 0);
  // The largest amount; on a tie the earlier win.
  const best = wins
    .filter((w) => w !== null)
    .sort((a, b) => b.cents - a.cents || a.created_at.localeCompare(b.created_at))[0];
  return {
    wagered: toDollars(wageredCents),
    bets: bets + upgrades,
    openings,
    biggest_win: best
      ? { game: best.game, amount: best.amount, title: best.title, created_at: best.created_at, link: best.link }
      : null,
    level: levelProgressForEdge(Number(user.edge_units), user.level), // XP from expected house profit, as /freeloot
  };
}
