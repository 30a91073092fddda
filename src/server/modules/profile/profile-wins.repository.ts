// The player's biggest win per game, each with its provably-fair link (profile stats): a box reel's
// item, a won dice bet's payout, a won upgrade's target, a Bounce drop or a Rocket cash-out that paid
// more than its stake, a won Crazy Wheel bet, and what a battle gave its winner (FFA: every drop's
// value; team modes: the player's battle_win credits). Only settled results: a Rocket cash-out shows
// once its round has ended (its hash would reveal the crash point), refunds never appear.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { openingsWithBox } from '../../db/box-queries.ts';
import type { ProfileStats } from '../../../shared/api/profile.ts';
import { WHEEL_PAYOUTS } from '../../../shared/games/wheel/wheel.layout.ts';
import { boxLink, crashLink, diceLink, plinkoLink, upgradeLink, wheelLink } from './fair-links.ts';
import { fromHundredths } from '../../../shared/units.ts';
import { toDollars } from '../../../shared/money.ts';

type Q = Kysely<Tables>;
/** A biggest win with its amount in cents (for ranking). */
export type RankedWin = NonNullable<ProfileStats['biggest_win']> & { cents: number };

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** A ranked win of `game`: the cents won, what it was, when, and where it verifies. */
function rankedWin(
  game: RankedWin['game'],
  cents: number | string | null, // a settled payout column: never null where a win is read
  title: string,
  at: number | string,
  link: string,
): RankedWin {
  return { game, cents: Number(cents), amount: toDollars(Number(cents)), title, created_at: iso(at), link };
}

/** The revealed server seed of a hash, if its pair was rotated (so the link verifies in full). */
async function revealedSeed(db: Q, userId: number, hash: string): Promise<string | null> {
  const row = await db
    .selectFrom('fair_seeds')
    .select('server_seed')
    .where('user_id', '=', userId)
    .where('server_seed_hash', '=', hash)
    .where('revealed_at', 'is not', null)
    .executeTakeFirst();
  return row?.server_seed ?? null;
}

/** The first row of `ranked` (best first) as a win, with its seed revealed if its pair was rotated (so the link verifies in full). */
async function fairWin<R extends { server_seed_hash: string }>(
  db: Q,
  userId: number,
  ranked: { limit(n: 1): { executeTakeFirst(): Promise<R | undefined> } },
  win: (r: R, seed: string | null) => RankedWin,
): Promise<RankedWin | null> {
  const r = await ranked.limit(1).executeTakeFirst();
  return r ? win(r, await revealedSeed(db, userId, r.server_seed_hash)) : null;
}

function biggestBoxWin(db: Q, userId: number): Promise<RankedWin | null> {
  const ranked = openingsWithBox(db)
    .innerJoin('inventory_items', 'inventory_items.id', 'box_openings.inventory_item_id')
    .select([
      'inventory_items.price_cents as cents',
      'products.name',
      'boxes.slug',
      'box_versions.version',
      'box_openings.server_seed_hash',
      'box_openings.client_seed',
      'box_openings.nonce',
      'box_openings.created_at',
    ])
    .where('box_openings.user_id', '=', userId)
    .orderBy('inventory_items.price_cents', 'desc')
    .orderBy('box_openings.id', 'asc');
  return fairWin(db, userId, ranked, (r, seed) => rankedWin('box', r.cents, r.name, r.created_at, boxLink(r, seed)));
}

function biggestDiceWin(db: Q, userId: number): Promise<RankedWin | null> {
  const ranked = db
    .selectFrom('dice_bets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('win', '=', 1)
    .orderBy('payout_cents', 'desc')
    .orderBy('id', 'asc');
  return fairWin(db, userId, ranked, (r, seed) =>
    rankedWin('dice', r.payout_cents, `Dice ×${Number(r.multiplier).toFixed(2)}`, r.created_at, diceLink(r, seed)),
  );
}

function biggestUpgradeWin(db: Q, userId: number): Promise<RankedWin | null> {
  const ranked = db
    .selectFrom('upgrades')
    .innerJoin('products', 'products.id', 'upgrades.target_product_id')
    .select([
      'upgrades.target_price_cents as cents',
      'products.name',
      'upgrades.chance_bp',
      'upgrades.server_seed_hash',
      'upgrades.client_seed',
      'upgrades.nonce',
      'upgrades.created_at',
    ])
    .where('upgrades.user_id', '=', userId)
    .where('upgrades.win', '=', 1)
    .orderBy('upgrades.target_price_cents', 'desc')
    .orderBy('upgrades.id', 'asc');
  return fairWin(db, userId, ranked, (r, seed) =>
    rankedWin('upgrade', r.cents, r.name, r.created_at, upgradeLink(r, seed)),
  );
}

function biggestPlinkoWin(db: Q, userId: number): Promise<RankedWin | null> {
  const ranked = db
    .selectFrom('plinko_bets')
    .selectAll()
    .where('user_id', '=', userId)
    .whereRef('payout_cents', '>', 'amount_cents')
    .orderBy('payout_cents', 'desc')
    .orderBy('id', 'asc');
  return fairWin(db, userId, ranked, (r, seed) =>
    rankedWin(
      'plinko',
      r.payout_cents,
      `Bounce ×${Number(r.multiplier).toFixed(2)}`,
      r.created_at,
      plinkoLink(r, seed),
    ),
  );
}

async function biggestCrashWin(db: Q, userId: number): Promise<RankedWin | null> {
  const r = await db
    .selectFrom('crash_bets')
    .innerJoin('crash_rounds', 'crash_rounds.id', 'crash_bets.round_id')
    .select([
      'crash_bets.payout_cents',
      'crash_bets.multiplier_cents',
      'crash_bets.settled_at',
      'crash_rounds.hash',
      'crash_rounds.game_number',
    ])
    .where('crash_bets.user_id', '=', userId)
    .where('crash_bets.status', '=', 'cashed_out')
    .whereRef('crash_bets.payout_cents', '>', 'crash_bets.amount_cents')
    .where('crash_rounds.status', '=', 'ended') // the hash reveals the crash point: only once ended
    .orderBy('crash_bets.payout_cents', 'desc')
    .orderBy('crash_bets.id', 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!r) return null;
  return rankedWin(
    'crash',
    r.payout_cents,
    `Rocket ×${fromHundredths(Number(r.multiplier_cents)).toFixed(2)}`,
    r.settled_at!,
    crashLink(r.hash),
  );
}

async function biggestWheelWin(db: Q, userId: number): Promise<RankedWin | null> {
  const r = await db
    .selectFrom('wheel_bets')
    .select(['round_id', 'color', 'payout_cents', 'settled_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'won') // set when its round ended
    .orderBy('payout_cents', 'desc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!r) return null;
  return rankedWin(
    'wheel',
    r.payout_cents,
    `Crazy Wheel ${r.color} ×${WHEEL_PAYOUTS[r.color].toFixed(2)}`,
    r.settled_at!,
    wheelLink(r.round_id),
  );
}

async function biggestBattleWin(db: Q, userId: number): Promise<RankedWin | null> {
  const [ffa, team] = await Promise.all([
    // FFA: the winner took every drop of the battle into the inventory
    db
      .selectFrom('battle_drops')
      .innerJoin('inventory_items', 'inventory_items.id', 'battle_drops.inventory_item_id')
      .innerJoin('battles', 'battles.id', 'battle_drops.battle_id')
      .select((eb) => [
        'battles.id',
        'battles.ended_at',
        eb.fn.sum<number | string>('battle_drops.price_cents').as('cents'),
      ])
      .where('inventory_items.user_id', '=', userId)
      .groupBy(['battles.id', 'battles.ended_at'])
      .execute(),
    // team modes: the player's share of the winning team's value, credited to the balance
    db
      .selectFrom('ledger')
      .select((eb) => [
        'reference',
        eb.fn.max('created_at').as('ended_at'),
        eb.fn.sum<number | string>('delta_cents').as('cents'),
      ])
      .where('user_id', '=', userId)
      .where('kind', '=', 'battle_win')
      .groupBy('reference')
      .execute(),
  ]);
  const wins = [
    ...ffa.map((w) => ({ id: Number(w.id), at: Number(w.ended_at), cents: Number(w.cents) })),
    ...team.map((w) => ({ id: Number(w.reference!.split(':')[1]), at: Number(w.ended_at), cents: Number(w.cents) })),
  ];
  const best = wins.sort((a, b) => b.cents - a.cents || a.at - b.at)[0];
  if (!best) return null;
  return rankedWin('battle', best.cents, `Battle #${best.id}`, best.at, `/battles/${best.id}`); // its verify panel recomputes every drop
}

/** The biggest win of `userId` in every game (null where there is none). */
export function biggestWins(db: Q, userId: number): Promise<(RankedWin | null)[]> {
  return Promise.all([
    biggestBoxWin(db, userId),
    biggestDiceWin(db, userId),
    biggestUpgradeWin(db, userId),
    biggestPlinkoWin(db, userId),
    biggestCrashWin(db, userId),
    biggestWheelWin(db, userId),
    biggestBattleWin(db, userId),
  ]);
}
