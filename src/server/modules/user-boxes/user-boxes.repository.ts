// Custom-box queries; each takes the database or a transaction first.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { boxSummaryColumns, currentItemsCount } from '../../db/box-queries.ts';
import type { CustomBoxListQuery, ProductSearchQuery } from '../../../shared/api/user-boxes.ts';
import { CUSTOM_BOX_TYPE } from '../../../shared/api/user-boxes.ts';
import { boxOpenings, boxOrder, containsText } from '../boxes/boxes.repository.ts';
import { productColumns } from '../boxes/catalog.view.ts';

type Q = Kysely<Tables>;

function customBoxes(db: Q) {
  return db
    .selectFrom('boxes')
    .innerJoin('users', 'users.id', 'boxes.creator_id')
    .where('boxes.box_type', '=', CUSTOM_BOX_TYPE)
    .where('boxes.current_version_id', 'is not', null);
}

const summaryColumns = [
  ...boxSummaryColumns,
  'boxes.creator_earnings_cents',
  'users.id as creator_id',
  'users.name as creator_name',
] as const;

/** One page of custom boxes matching the filters, and how many match in all. */
export async function findCustomBoxes(db: Q, q: CustomBoxListQuery) {
  let base = customBoxes(db);
  if (q.search) base = base.where(containsText('boxes.name', q.search));
  let query = base.select([...summaryColumns, boxOpenings.as('openings')]).select(currentItemsCount);
  for (const [column, direction] of boxOrder(q.sort, 'boxes.created_at')) query = query.orderBy(column, direction);
  const [rows, total] = await Promise.all([
    query
      .orderBy('boxes.id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Every custom box of one creator, newest first. */
export async function findBoxesOf(db: Q, creatorId: number) {
  return customBoxes(db)
    .where('boxes.creator_id', '=', creatorId)
    .select([...summaryColumns, boxOpenings.as('openings')])
    .select(currentItemsCount)
    .orderBy('boxes.id', 'desc')
    .execute();
}

/** A custom box's creator and share by slug, or undefined when `slug` is not a custom box. */
export async function findCustomBoxCreator(db: Q, slug: string) {
  return customBoxes(db)
    .select(['boxes.id', 'boxes.creator_share_bp', 'users.id as creator_id', 'users.name as creator_name'])
    .where('boxes.slug', '=', slug)
    .executeTakeFirst();
}

/** Catalog products by id (to price a custom box from today's prices). */
export async function findProductsByIds(db: Q, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('products')
    .select(['id', 'price_cents', 'sale_price_cents'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Catalog products for the create form's picker. */
export async function searchProducts(db: Q, q: ProductSearchQuery) {
  let query = db.selectFrom('products').select(productColumns);
  if (q.search) query = query.where(containsText('products.name', q.search));
  if (q.sort === 'name') query = query.orderBy('products.name', 'asc');
  else query = query.orderBy('products.price_cents', q.sort === 'price_asc' ? 'asc' : 'desc');
  return query.orderBy('products.id', 'asc').limit(q.limit).execute();
}

/** Adds `cents` to a box's creator earnings (inside the opening's transaction). */
export async function addCreatorEarnings(trx: Q, boxId: number, cents: number): Promise<void> {
  await trx
    .updateTable('boxes')
    .set((eb) => ({ creator_earnings_cents: eb('creator_earnings_cents', '+', cents) }))
    .where('id', '=', boxId)
    .execute();
}
