// Replay reads the other modules' repositories do not already have: whose bet a row is, and the one
// row of each game the replay draws from (the Rocket bet with its round, the box reel with its box
// and version, the battle seat, the wheel bet's round, the items an upgrade staked).
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { openingsWithBox } from '../../db/box-queries.ts';
import type { ArchiveGame } from '../../../shared/api/profile-bets.ts';

type Q = Kysely<Tables>;
type Owner = (db: Q, id: number) => Promise<{ owner: number } | undefined>;

/** Who placed (paid for) a row of each game's own table. */
const OWNERS: Record<ArchiveGame, Owner> = {
  dice: (db, id) => db.selectFrom('dice_bets').select('user_id as owner').where('id', '=', id).executeTakeFirst(),
  upgrade: (db, id) => db.selectFrom('upgrades').select('user_id as owner').where('id', '=', id).executeTakeFirst(),
  plinko: (db, id) => db.selectFrom('plinko_bets').select('user_id as owner').where('id', '=', id).executeTakeFirst(),
  crash: (db, id) => db.selectFrom('crash_bets').select('user_id as owner').where('id', '=', id).executeTakeFirst(),
  wheel: (db, id) => db.selectFrom('wheel_bets').select('user_id as owner').where('id', '=', id).executeTakeFirst(),
  battle: (db, id) => db.selectFrom('battle_seats').select('payer_id as owner').where('id', '=', id).executeTakeFirst(),
  box: (db, id) => db.selectFrom('box_openings').select('user_id as owner').where('id', '=', id).executeTakeFirst(),
};

/** The player whose bet `id` of `game` is, or undefined when there is no such row. */
export async function betOwner(db: Q, game: ArchiveGame, id: number): Promise<number | undefined> {
  const row = await OWNERS[game](db, id);
  return row && Number(row.owner);
}

/** A dice bet's row. */
export const diceRow = (db: Q, id: number) =>
  db.selectFrom('dice_bets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A Bounce drop's row. */
export const plinkoRow = (db: Q, id: number) =>
  db.selectFrom('plinko_bets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The items an upgrade staked, at their price snapshots, in the order of `ids`. */
export async function stakedItems(db: Q, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('inventory_items')
    .innerJoin('products', 'products.id', 'inventory_items.product_id')
    .select([
      'inventory_items.id',
      'inventory_items.product_id',
      'inventory_items.price_cents',
      'products.name',
      'products.img_url',
      'products.rarity',
    ])
    .where('inventory_items.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A box reel with its box, version number and the product it won. */
export const boxReelRow = (db: Q, id: number) =>
  openingsWithBox(db)
    .select([
      'box_openings.ticket',
      'box_openings.product_id',
      'box_openings.server_seed_hash',
      'box_openings.client_seed',
      'box_openings.nonce',
      'boxes.id as box_id',
      'boxes.slug',
      'boxes.name',
      'boxes.img_url',
      'box_versions.version',
    ])
    .where('box_openings.id', '=', id)
    .executeTakeFirstOrThrow();

/** A Rocket bet with its (ended) round's outcome. */
export const crashBetRow = (db: Q, id: number) =>
  db
    .selectFrom('crash_bets')
    .innerJoin('crash_rounds', 'crash_rounds.id', 'crash_bets.round_id')
    .select([
      'crash_bets.round_id',
      'crash_bets.auto_cashout_cents',
      'crash_bets.multiplier_cents',
      'crash_rounds.crash_point_cents',
      'crash_rounds.hash',
    ])
    .where('crash_bets.id', '=', id)
    .executeTakeFirstOrThrow();

/** A wheel bet's colour with its round's segment and seed day. */
export const wheelBetRow = (db: Q, id: number) =>
  db
    .selectFrom('wheel_bets')
    .innerJoin('wheel_rounds', 'wheel_rounds.id', 'wheel_bets.round_id')
    .select(['wheel_bets.round_id', 'wheel_bets.color', 'wheel_rounds.segment', 'wheel_rounds.seed_date'])
    .where('wheel_bets.id', '=', id)
    .executeTakeFirstOrThrow();

/** A battle seat: its battle and place. */
export const battleSeatRow = (db: Q, id: number) =>
  db.selectFrom('battle_seats').select(['battle_id', 'seat']).where('id', '=', id).executeTakeFirstOrThrow();
