// Delivery: a player ships owned physical items to an address; an operator moves the shipment
// through its statuses (moveShipment, called by the admin CLI); cancelling while new returns the items.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Tables } from '../../db/tables.ts';
import type { Address, Shipment, ShipmentStatus } from '../../../shared/api/delivery.ts';
import { sizesFor, type SizeKind } from '../../../shared/games/boxes/boxes.types.ts';
import { HttpError } from '../../http/errors.ts';
import { iso, productColumns, productView } from '../boxes/catalog.view.ts';

/** Allowed operator moves: from → to. */
export const SHIPMENT_MOVES: Record<ShipmentStatus, ShipmentStatus[]> = {
  new: ['processing', 'canceled'],
  processing: ['shipped', 'canceled'],
  shipped: ['delivered'],
  delivered: [],
  canceled: [],
};

/** The inventory status of a shipment's items per shipment status. */
const itemStatusFor: Record<ShipmentStatus, string> = {
  new: 'delivery_requested',
  processing: 'delivery_requested',
  shipped: 'shipped',
  delivered: 'delivered',
  canceled: 'owned',
};

/** Loads a shipment with its items as the API shows it. */
export async function shipmentView(db: Kysely<Tables>, id: number): Promise<Shipment> {
  const s = await db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('shipment_items')
    .innerJoin('inventory_items', 'inventory_items.id', 'shipment_items.inventory_item_id')
    .innerJoin('products', 'products.id', 'inventory_items.product_id')
    .select([...productColumns, 'shipment_items.inventory_item_id', 'shipment_items.size'])
    .where('shipment_items.shipment_id', '=', id)
    .orderBy('shipment_items.id')
    .execute();
  return {
    id: s.id,
    status: s.status as ShipmentStatus,
    tracking_number: s.tracking_number,
    created_at: iso(s.created_at),
    updated_at: iso(s.updated_at),
    address: {
      first_name: s.first_name,
      last_name: s.last_name,
      email: s.email,
      phone: s.phone,
      country: s.country,
      country_state: s.country_state,
      city: s.city,
      postal_code: s.postal_code,
      street_address: s.street_address,
      street_address_2: s.street_address_2,
    },
    items: items.map((it) => ({ inventory_item_id: it.inventory_item_id, size: it.size, product: productView(it) })),
  };
}

/** A player's shipments, newest first. */
export async function listShipments(db: DB, userId: number): Promise<Shipment[]> {
  const rows = await db
    .selectFrom('shipments')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return Promise.all(rows.map((r) => shipmentView(db, r.id)));
}

/**
 * Requests delivery of owned items (with a valid size where the product has sizes) to `address`:
 * one transaction flips each item owned → delivery_requested and writes the shipment. All or nothing.
 */
export async function requestDelivery(
  db: DB,
  userId: number,
  items: { id: number; size?: string | null }[],
  address: Address,
  now: number,
): Promise<Shipment> {
  const rows = await db
    .selectFrom('inventory_items')
    .innerJoin('products', 'products.id', 'inventory_items.product_id')
    .select(['inventory_items.id', 'inventory_items.status', 'products.size_kind'])
    .where('inventory_items.user_id', '=', userId)
    .where(
      'inventory_items.id',
      'in',
      items.map((i) => i.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const errors: Record<string, string[]> = {};
  items.forEach((it, k) => {
    const row = byId.get(it.id);
    if (!row || row.status !== 'owned') (errors[`items.${k}.id`] ??= []).push('This item is not in your inventory.');
    else {
      const sizes = sizesFor(row.size_kind as SizeKind | null);
      if (sizes.length && !it.size) (errors[`items.${k}.size`] ??= []).push('size is a required field');
      else if (sizes.length && !sizes.includes(it.size!)) (errors[`items.${k}.size`] ??= []).push('size is not valid.');
      else if (!sizes.length && it.size) (errors[`items.${k}.size`] ??= []).push('This item has no sizes.');
    }
  });
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0]!, errors);
  const id = await db.transaction().execute(async (trx) => {
    const shipment = await trx
      .insertInto('shipments')
      .values({
        user_id: userId,
        status: 'new',
        tracking_number: null,
        ...address,
        street_address_2: address.street_address_2 ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const it of [...items].sort((a, b) => a.id - b.id)) {
      const size = it.size ?? null;
      const moved = await trx
        .updateTable('inventory_items')
        .set({ status: 'delivery_requested', size, updated_at: now })
        .where('id', '=', it.id)
        .where('user_id', '=', userId)
        .where('status', '=', 'owned')
        .returning('id')
        .executeTakeFirst();
      if (!moved)
        throw new HttpError(409, 'Some of these items are no longer in your inventory.', {
          items: ['Some of these items are no longer in your inventory.'],
        });
      await trx
        .insertInto('shipment_items')
        .values({ shipment_id: shipment.id, inventory_item_id: it.id, size })
        .execute();
    }
    return shipment.id;
  });
  return shipmentView(db, id);
}

async function setStatus(
  trx: Kysely<Tables>,
  id: number,
  from: ShipmentStatus,
  to: ShipmentStatus,
  tracking: string | null,
  now: number,
): Promise<boolean> {
  const updated = await trx
    .updateTable('shipments')
    .set({ status: to, updated_at: now, ...(tracking ? { tracking_number: tracking } : {}) })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  if (!updated) return false;
  const itemIds = trx.selectFrom('shipment_items').select('inventory_item_id').where('shipment_id', '=', id);
  await trx
    .updateTable('inventory_items')
    .set({ status: itemStatusFor[to], updated_at: now, ...(to === 'canceled' ? { size: null } : {}) })
    .where('id', 'in', itemIds)
    .where('status', '=', itemStatusFor[from])
    .execute();
  return true;
}

/** The player cancels their shipment while it is new; the items return to the inventory. */
export async function cancelShipment(db: DB, userId: number, id: number, now: number): Promise<Shipment> {
  const s = await db
    .selectFrom('shipments')
    .select(['status'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!s) throw new HttpError(404, 'Shipment not found.');
  if (s.status !== 'new') throw new HttpError(409, 'Only a new shipment can be canceled.');
  const ok = await db.transaction().execute((trx) => setStatus(trx, id, 'new', 'canceled', null, now));
  if (!ok) throw new HttpError(409, 'Only a new shipment can be canceled.');
  return shipmentView(db, id);
}

/**
 * Operator move of a shipment (admin CLI): new → processing | canceled, processing → shipped |
 * canceled, shipped → delivered. Shipping needs a tracking number (given now or before). Items
 * follow: shipped, delivered, or back to owned on cancel. `now` defaults to the wall clock (CLI edge).
 */
export async function moveShipment(
  db: DB,
  id: number,
  status: ShipmentStatus,
  tracking?: string,
  now: number = Date.now(),
): Promise<Shipment> {
  const s = await db
    .selectFrom('shipments')
    .select(['status', 'tracking_number'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!s) throw new HttpError(404, `Shipment ${id} not found.`);
  const from = s.status as ShipmentStatus;
  if (!SHIPMENT_MOVES[from]?.includes(status)) throw new HttpError(409, `A ${from} shipment cannot become ${status}.`);
  const trackingNumber = tracking?.trim() || null;
  if (trackingNumber && trackingNumber.length > 64) throw new HttpError(422, 'The tracking number is too long.');
  if (status === 'shipped' && !trackingNumber && !s.tracking_number)
    throw new HttpError(422, 'Shipping needs a tracking number.');
  const ok = await db.transaction().execute((trx) => setStatus(trx, id, from, status, trackingNumber, now));
  if (!ok) throw new HttpError(409, 'The shipment changed meanwhile; try again.');
  return shipmentView(db, id);
}
