// Inventory queries; each takes the database or a transaction first.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { InventoryQuery } from '../../../shared/api/inventory.ts';
import { containsText } from '../boxes/boxes.repository.ts';
import { productColumns } from '../boxes/catalog.view.ts';

type Q = Kysely<Tables>;

function filtered(db: Q, userId: number, q: InventoryQuery) {
  let query = db
    .selectFrom('inventory_items')
    .innerJoin('products', 'products.id', 'inventory_items.product_id')
    .where('inventory_items.user_id', '=', userId);
  if (q.status !== 'all') query = query.where('inventory_items.status', '=', q.status);
  if (q.category) query = query.where('products.category', '=', q.category);
  if (q.rarity) query = query.where('products.rarity', '=', q.rarity);
  if (q.search) query = query.where(containsText('products.name', q.search));
  return query;
}

/** One page of a player's items matching the filters, and how many match. */
export async function findInventory(db: Q, userId: number, q: InventoryQuery) {
  let page = filtered(db, userId, q).select([
    ...productColumns,
    'inventory_items.id as item_id',
    'inventory_items.status',
    'inventory_items.price_cents as item_price_cents',
    'inventory_items.sale_price_cents as item_sale_price_cents',
    'inventory_items.size',
    'inventory_items.source',
    'inventory_items.created_at',
  ]);
  if (q.sort === 'price_desc') page = page.orderBy('inventory_items.price_cents', 'desc');
  if (q.sort === 'price_asc') page = page.orderBy('inventory_items.price_cents', 'asc');
  page = page.orderBy('inventory_items.id', q.sort === 'oldest' ? 'asc' : 'desc');
  const [rows, count] = await Promise.all([
    page
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute(),
    filtered(db, userId, q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Count and sale value (cents) of a player's owned items. */
export async function ownedTotals(db: Q, userId: number): Promise<{ count: number; saleCents: number }> {
  const row = await db
    .selectFrom('inventory_items')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('sale_price_cents').as('v')])
    .where('user_id', '=', userId)
    .where('status', '=', 'owned')
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), saleCents: Number(row.v ?? 0) };
}
