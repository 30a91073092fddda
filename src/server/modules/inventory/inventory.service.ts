// Inventory logic: granting won items, listing with filters and total value, and selling at
// sale_price through the ledger in ONE transaction with the status change.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Tables } from '../../db/tables.ts';
import type { InventoryQuery, InventoryResponse, ItemStatus } from '../../../shared/api/inventory.ts';
import { toDollars } from '../../../shared/money.ts';
import { HttpError } from '../../http/errors.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import { remembered, type Remember } from '../wallet/idempotency.ts';
import { iso, productView } from '../boxes/catalog.view.ts';
import { findInventory, ownedTotals } from './inventory.repository.ts';

/** What a grant records. */
export interface Grant {
  userId: number;
  productId: number;
  source: 'box' | 'free_box' | 'user_box' | 'upgrade' | 'admin' | 'battle';
  sourceRef: string | null; // e.g. "opening:12"
  now: number; // epoch ms
  priceCents?: number; // value snapshot; defaults to the product's current prices
  salePriceCents?: number;
}

/** Adds an item to a player's inventory (call inside the opening's transaction). Returns its id. */
export async function grantItem(trx: Kysely<Tables>, g: Grant): Promise<number> {
  const product = await trx
    .selectFrom('products')
    .select(['price_cents', 'sale_price_cents'])
    .where('id', '=', g.productId)
    .executeTakeFirst();
  if (!product) throw new HttpError(404, 'Product not found.');
  const row = await trx
    .insertInto('inventory_items')
    .values({
      user_id: g.userId,
      product_id: g.productId,
      status: 'owned',
      price_cents: g.priceCents ?? product.price_cents,
      sale_price_cents: g.salePriceCents ?? product.sale_price_cents,
      size: null,
      source: g.source,
      source_ref: g.sourceRef,
      created_at: g.now,
      updated_at: g.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** GET /api/inventory. */
export async function listInventory(db: DB, userId: number, q: InventoryQuery): Promise<InventoryResponse> {
  const [{ rows, total }, owned] = await Promise.all([findInventory(db, userId, q), ownedTotals(db, userId)]);
  return {
    data: rows.map((r) => ({
      id: r.item_id,
      status: r.status as ItemStatus,
      price: toDollars(r.item_price_cents),
      sale_price: toDollars(r.item_sale_price_cents),
      size: r.size,
      source: r.source,
      created_at: iso(r.created_at),
      product: productView(r),
    })),
    total_value: toDollars(owned.saleCents),
    owned_count: owned.count,
    meta: { page: q.page, per_page: q.per_page, total },
  };
}

/** What a sale did. */
export interface SaleResult {
  sold: number[]; // item ids, ascending
  amountCents: number;
  balanceCents: number;
}

/**
 * Sells owned items at their sale price: each item flips owned → sold (conditional update, rows
 * taken in ascending id order so parallel sales cannot deadlock) and credits the ledger with the
 * key `sell:item:{id}`, all in one transaction. If any item is not the player's owned item,
 * nothing changes (409). The same item sold twice in parallel credits once.
 */
export async function sellItems(
  db: DB,
  userId: number,
  ids: number[],
  now: number,
  remember?: Remember<SaleResult>, // stores the first answer of an Idempotency-Key in this transaction
): Promise<SaleResult> {
  const sorted = [...ids].sort((a, b) => a - b);
  return db.transaction().execute(async (trx) => {
    await lockUserRows(trx, [userId]); // lock order: the user row before the items (wallet README)
    let amountCents = 0;
    let balanceCents: number | null = null;
    for (const id of sorted) {
      const row = await trx
        .updateTable('inventory_items')
        .set({ status: 'sold', updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', '=', 'owned')
        .returning('sale_price_cents')
        .executeTakeFirst();
      if (!row)
        throw new HttpError(409, 'Some of these items are no longer in your inventory.', {
          ids: ['Some of these items are no longer in your inventory.'],
        });
      const move = await applyMoveIn(trx, {
        userId,
        deltaCents: row.sale_price_cents,
        kind: 'sale',
        reference: `inventory_item:${id}`,
        idempotencyKey: `sell:item:${id}`,
        now,
      });
      amountCents += row.sale_price_cents;
      balanceCents = move.balanceAfterCents;
    }
    const sale = { sold: sorted, amountCents, balanceCents: balanceCents! };
    return remembered(trx, remember, sale);
  });
}
