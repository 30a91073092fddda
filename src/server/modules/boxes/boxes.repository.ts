// Catalog queries; each takes the database or a transaction first.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { boxesWithCurrentVersion, boxSummaryColumns, currentItemsCount } from '../../db/box-queries.ts';
import type { BoxListQuery } from '../../../shared/api/boxes.ts';
import { productColumns } from './catalog.view.ts';
import { centsField } from '../../http/cents-field.ts';

type Q = Kysely<Tables>;

/** Escapes LIKE wildcards so a search for "%" finds a percent sign. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Case-insensitive "column contains text" with an explicit escape character (same on SQLite and PostgreSQL). */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;
}

/** Counter shards of a box's openings: one row per (box, opener id mod OPENING_SHARDS). */
export const OPENING_SHARDS = 64;

/** The counter shard an opening by `userId` adds to (bets/games/box.plan.ts is given it). */
export function openingShard(userId: number): number {
  return userId % OPENING_SHARDS;
}

/** A box's openings: those counted before migration 0022 plus its counter shards. */
export const boxOpenings = sql<number>`("boxes"."openings" + coalesce((select sum("box_open_counts"."n") from "box_open_counts" where "box_open_counts"."box_id" = "boxes"."id"), 0))`;

type BoxOrderColumn = 'boxes.price_cents' | 'boxes.name' | 'boxes.created_at' | typeof boxOpenings;

/**
 * The ORDER BY of a box list's `sort` (catalog and custom boxes alike): price either way, name, newest,
 * or by default the most opened first, ties broken by `popularTie` ascending for the catalog (the
 * cheaper first) or descending for the newest custom boxes first. Callers add the id as the last key.
 */
export function boxOrder(
  sort: string | undefined,
  popularTie: 'boxes.price_cents' | 'boxes.created_at',
): [BoxOrderColumn, 'asc' | 'desc'][] {
  if (sort === 'price_asc') return [['boxes.price_cents', 'asc']];
  if (sort === 'price_desc') return [['boxes.price_cents', 'desc']];
  if (sort === 'name') return [['boxes.name', 'asc']];
  if (sort === 'newest') return [['boxes.created_at', 'desc']];
  return [
    [boxOpenings, 'desc'],
    [popularTie, popularTie === 'boxes.price_cents' ? 'asc' : 'desc'],
  ];
}

/** Boxes matching the list filters, with their current item count. */
export async function findBoxes(db: Q, q: BoxListQuery) {
  let query = db
    .selectFrom('boxes')
    .select(boxSummaryColumns)
    .select(boxOpenings.as('openings'))
    .select(currentItemsCount)
    .where('boxes.current_version_id', 'is not', null)
    .where('boxes.box_type', '!=', 'free') // free boxes live on /freeloot, not in the paid catalog
    .where('boxes.creator_id', 'is', null); // custom boxes are listed by /api/user-boxes
  if (q.search) query = query.where(containsText('boxes.name', q.search));
  if (q.type) query = query.where('boxes.box_type', '=', q.type);
  if (q.min_price !== undefined) query = query.where('boxes.price_cents', '>=', centsField('min_price', q.min_price));
  if (q.max_price !== undefined) query = query.where('boxes.price_cents', '<=', centsField('max_price', q.max_price));
  for (const [column, direction] of boxOrder(q.sort, 'boxes.price_cents')) query = query.orderBy(column, direction);
  return query.orderBy('boxes.id', 'asc').limit(500).execute();
}

/** Every box type that has a box. */
export async function findBoxTypes(db: Q): Promise<string[]> {
  const rows = await db
    .selectFrom('boxes')
    .select('box_type')
    .distinct()
    .where('box_type', '!=', 'free')
    .where('creator_id', 'is', null)
    .orderBy('box_type')
    .execute();
  return rows.map((r) => r.box_type);
}

/** A box by slug with its current version, or undefined. */
export async function findBoxBySlug(db: Q, slug: string) {
  return boxesWithCurrentVersion(db)
    .select([
      'boxes.id',
      'boxes.slug',
      'boxes.name',
      'boxes.box_type',
      'boxes.img_url',
      boxOpenings.as('openings'),
      'box_versions.id as version_id',
      'box_versions.version',
      'box_versions.price_cents',
      'box_versions.ev_cents',
      'box_versions.sell_back_cents',
      'box_versions.house_edge_bp',
      'boxes.creator_id',
      'boxes.creator_share_bp',
    ])
    .where('boxes.slug', '=', slug)
    .executeTakeFirst();
}

/** The items of a box version in ticket order, with their products. */
export async function findVersionItems(db: Q, versionId: number) {
  return db
    .selectFrom('box_items')
    .innerJoin('products', 'products.id', 'box_items.product_id')
    .select([
      ...productColumns,
      'box_items.tickets',
      'box_items.ticket_from',
      'box_items.ticket_to',
      'box_items.price_cents as item_price_cents',
      'box_items.sale_price_cents as item_sale_price_cents',
    ])
    .where('box_items.box_version_id', '=', versionId)
    .orderBy('box_items.position')
    .execute();
}

/** Recent drops, newest first, optionally of one box; `best` orders by item price. */
export async function findDrops(db: Q, opts: { boxId?: number; best: boolean; limit: number; source?: string }) {
  let q = db
    .selectFrom('drops')
    .innerJoin('boxes', 'boxes.id', 'drops.box_id')
    .innerJoin('products', 'products.id', 'drops.product_id')
    .innerJoin('users', 'users.id', 'drops.user_id')
    .leftJoin('inventory_items', 'inventory_items.id', 'drops.inventory_item_id')
    .select([
      'drops.id',
      'drops.source',
      'drops.created_at',
      'boxes.slug as box_slug',
      'boxes.name as box_name',
      'boxes.img_url as box_img_url',
      'products.id as product_id',
      'products.name as product_name',
      'products.img_url as product_img_url',
      'products.rarity',
      'products.price_cents',
      'products.sale_price_cents',
      'inventory_items.price_cents as won_price_cents',
      'inventory_items.sale_price_cents as won_sale_price_cents',
      'users.id as user_id',
      'users.name as user_name',
      'users.avatar_url',
      // the reel's opening row: the opener's newest first (box_openings_user_idx), a feed's drops are recent
      (eb) =>
        eb
          .selectFrom('box_openings as bo')
          .select('bo.id')
          .whereRef('bo.user_id', '=', 'drops.user_id')
          .whereRef('bo.drop_id', '=', 'drops.id')
          .orderBy('bo.id', 'desc')
          .limit(1)
          .as('opening_id'),
    ]);
  if (opts.boxId !== undefined) q = q.where('drops.box_id', '=', opts.boxId);
  if (opts.source) q = q.where('drops.source', '=', opts.source);
  if (opts.best) q = q.orderBy('products.price_cents', 'desc');
  return q.orderBy('drops.id', 'desc').limit(opts.limit).execute();
}
