// Profile statistics from the existing tables: wagered total (users.wagered_cents, the XP source),
// bets (dice bets and upgrades), box reels opened, and the biggest single win with its fair link.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { ProfileStats } from '../../../shared/api/profile.ts';
import { levelProgress } from '../../../shared/levels.ts';

type Q = Kysely<Tables>;
type Win = NonNullable<ProfileStats['biggest_win']>;

async function count(db: Q, table: 'dice_bets' | 'upgrades' | 'box_openings', userId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
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

function fairLink(path: string, params: Record<string, string | number | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null) q.set(k, String(v));
  return `${path}?${q.toString()}`;
}

async function biggestBoxWin(db: Q, userId: number): Promise<(Win & { cents: number }) | null> {
  const r = await db
    .selectFrom('box_openings')
    .innerJoin('inventory_items', 'inventory_items.id', 'box_openings.inventory_item_id')
    .innerJoin('products', 'products.id', 'box_openings.product_id')
    .innerJoin('boxes', 'boxes.id', 'box_openings.box_id')
    .innerJoin('box_versions', 'box_versions.id', 'box_openings.box_version_id')
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
    .orderBy('box_openings.id', 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!r) return null;
  const seed = await revealedSeed(db, userId, r.server_seed_hash);
  return {
    game: 'box',
    cents: Number(r.cents),
    amount: Number(r.cents) / 100,
    title: r.name,
    created_at: new Date(Number(r.created_at)).toISOString(),
    link: fairLink('/boxes/provably-fair', {
      server_seed: seed,
      server_seed_hash: r.server_seed_hash,
      client_seed: r.client_seed,
      nonce: r.nonce,
      box: r.slug,
      version: r.version,
    }),
  };
}

async function biggestDiceWin(db: Q, userId: number): Promise<(Win & { cents: number }) | null> {
  const r = await db
    .selectFrom('dice_bets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('win', '=', 1)
    .orderBy('payout_cents', 'desc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!r) return null;
  const seed = await revealedSeed(db, userId, r.server_seed_hash);
  return {
    game: 'dice',
    cents: Number(r.payout_cents),
    amount: Number(r.payout_cents) / 100,
    title: `Dice ×${Number(r.multiplier).toFixed(2)}`,
    created_at: new Date(Number(r.created_at)).toISOString(),
    link: fairLink('/dice/provably-fair', {
      game: 'dice',
      server_seed: seed,
      server_seed_hash: r.server_seed_hash,
      client_seed: r.client_seed,
      nonce: r.nonce,
      target: (r.target_bp / 100).toFixed(2),
      direction: r.direction,
    }),
  };
}

async function biggestUpgradeWin(db: Q, userId: number): Promise<(Win & { cents: number }) | null> {
  const r = await db
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
    .orderBy('upgrades.id', 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!r) return null;
  const seed = await revealedSeed(db, userId, r.server_seed_hash);
  return {
    game: 'upgrade',
    cents: Number(r.cents),
    amount: Number(r.cents) / 100,
    title: r.name,
    created_at: new Date(Number(r.created_at)).toISOString(),
    link: fairLink('/upgrade/provably-fair', {
      server_seed: seed,
      server_seed_hash: r.server_seed_hash,
      client_seed: r.client_seed,
      nonce: r.nonce,
      chance: r.chance_bp / 100,
    }),
  };
}

/** The statistics of `userId` (null when the user does not exist). */
export async function profileStats(db: Q, userId: number): Promise<ProfileStats | null> {
  const user = await db
    .selectFrom('users')
    .select(['wagered_cents', 'level'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const [dice, upgrades, openings, ...wins] = await Promise.all([
    count(db, 'dice_bets', userId),
    count(db, 'upgrades', userId),
    count(db, 'box_openings', userId),
    biggestBoxWin(db, userId),
    biggestDiceWin(db, userId),
    biggestUpgradeWin(db, userId),
  ]);
  // The largest amount; on a tie the earlier win.
  const best = wins
    .filter((w) => w !== null)
    .sort((a, b) => b.cents - a.cents || a.created_at.localeCompare(b.created_at))[0];
  const wagered = Number(user.wagered_cents);
  return {
    wagered: wagered / 100,
    bets: dice + upgrades,
    openings,
    biggest_win: best
      ? { game: best.game, amount: best.amount, title: best.title, created_at: best.created_at, link: best.link }
      : null,
    level: levelProgress(wagered, user.level),
  };
}
