// Free-loot queries; each takes the database or a transaction first.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { boxesWithCurrentVersion, currentItemsCount } from '../../db/box-queries.ts';

type Q = Kysely<Tables>;

function freeBoxQuery(db: Q) {
  return boxesWithCurrentVersion(db)
    .innerJoin('free_boxes', 'free_boxes.box_id', 'boxes.id')
    .select([
      'free_boxes.id',
      'free_boxes.min_level',
      'boxes.id as box_id',
      'boxes.slug',
      'boxes.name',
      'boxes.img_url',
      'box_versions.ev_cents',
    ])
    .select(currentItemsCount);
}

/** Every free box with a published version, lowest level first. */
export function findFreeBoxes(db: Q) {
  return freeBoxQuery(db).orderBy('free_boxes.min_level').orderBy('free_boxes.id').execute();
}

/** The lowest-tier free box (smallest min_level), the only one a promo entitlement opens; undefined when none. */
export function findLowestFreeBox(db: Q) {
  return freeBoxQuery(db).orderBy('free_boxes.min_level').orderBy('free_boxes.id').limit(1).executeTakeFirst();
}

/** One free box by its box slug, or undefined. */
export function findFreeBoxBySlug(db: Q, slug: string) {
  return freeBoxQuery(db).where('boxes.slug', '=', slug).executeTakeFirst();
}

/** Per free box: how many daily openings the player made and when the last one was (epoch ms). */
export async function dailyOpenings(
  db: Q,
  userId: number,
  freeBoxId?: number,
): Promise<Map<number, { n: number; last: number }>> {
  let q = db
    .selectFrom('free_box_openings')
    .select(['free_box_id'])
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('opened_at').as('last')])
    .where('user_id', '=', userId)
    .where('via', '=', 'daily');
  if (freeBoxId !== undefined) q = q.where('free_box_id', '=', freeBoxId);
  const rows = await q.groupBy('free_box_id').execute();
  return new Map(rows.map((r) => [Number(r.free_box_id), { n: Number(r.n), last: Number(r.last) }]));
}

/** The player's unused free-box entitlements (promo openings), oldest first. */
export function unusedEntitlements(db: Q, userId: number) {
  return db
    .selectFrom('entitlements')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'free_box')
    .where('used_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Marks one entitlement used if nobody did yet; true when this call did. */
export async function useEntitlement(db: Q, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('entitlements')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The player's stored level and XP source (edge units). */
export function findLevel(db: Q, userId: number) {
  return db.selectFrom('users').select(['level', 'edge_units']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Expected house profit of the player's wagers that SETTLED at or after `since`, in edge units
 * (cents × bp, settled_wagers: a refunded wager has none). Uses settled_wagers_user_time_idx.
 */
export async function edgeUnitsSince(db: Q, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('settled_wagers')
    .select((eb) => eb.fn.sum<number | string | null>('edge_units').as('units'))
    .where('user_id', '=', userId)
    .where('settled_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}

/** Expected value (cents) of the free boxes (daily and promo) the player opened at or after `since`. */
export async function takenEvSince(db: Q, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('free_box_openings')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('ev_cents'), eb.lit(0)).as('ev'))
    .where('user_id', '=', userId)
    .where('opened_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.ev ?? 0);
}

/**
 * Net cents the player deposited at or after `since`: credits of kind 'deposit' minus chargebacks
 * (kind 'reversal') and withdrawals (kind 'withdrawal', plus their refunds when canceled), never
 * below 0. Uses ledger_user_time_kind_idx (migration 0037).
 */
export async function depositedSince(db: Q, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('delta_cents'), eb.lit(0)).as('net'))
    .where('user_id', '=', userId)
    .where('kind', 'in', ['deposit', 'reversal', 'withdrawal', 'refund'])
    .where('created_at', '>=', since)
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'deposit'), eb('delta_cents', '>', 0)]),
        eb('kind', '=', 'reversal'),
        eb('kind', '=', 'withdrawal'),
        eb.and([eb('kind', '=', 'refund'), eb('reference', 'like', 'withdrawal:%')]),
      ]),
    )
    .executeTakeFirst();
  return Math.max(0, Number(row?.net ?? 0));
}
