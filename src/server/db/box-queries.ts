// Query starts shared by the modules that read boxes and their openings (catalog, custom boxes,
// free loot, openings, profile, replays); each takes the database or a transaction.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Tables } from './tables.ts';

type Q = Kysely<Tables>;

/** A box's list columns (catalog and custom boxes). */
export const boxSummaryColumns = [
  'boxes.id',
  'boxes.slug',
  'boxes.name',
  'boxes.box_type',
  'boxes.img_url',
  'boxes.price_cents',
  'boxes.created_at',
] as const;

/** Box openings with the box, the box version and the product each one won (every join is one row). */
export function openingsWithBox(db: Q) {
  return db
    .selectFrom('box_openings')
    .innerJoin('boxes', 'boxes.id', 'box_openings.box_id')
    .innerJoin('box_versions', 'box_versions.id', 'box_openings.box_version_id')
    .innerJoin('products', 'products.id', 'box_openings.product_id');
}

/** Boxes that have a current version, joined to it. */
export function boxesWithCurrentVersion(db: Q) {
  return db.selectFrom('boxes').innerJoin('box_versions', 'box_versions.id', 'boxes.current_version_id');
}

/** The number of items in a box's current version, as `items_count`. */
export function currentItemsCount(eb: ExpressionBuilder<Tables, 'boxes'>) {
  return eb
    .selectFrom('box_items')
    .whereRef('box_items.box_version_id', '=', 'boxes.current_version_id')
    .select((e) => e.fn.countAll<number>().as('n'))
    .as('items_count');
}
