// Catalog (products, boxes, immutable box versions with ticket ranges), inventory, drops and shipments.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('products'), dialect)
    .addColumn('slug', 'varchar(96)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('rarity', 'varchar(16)', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('sale_price_cents', 'bigint', (c) => c.notNull())
    .addColumn('size_kind', 'varchar(16)')
    .addColumn('img_url', 'varchar(160)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('boxes'), dialect)
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(96)', (c) => c.notNull())
    .addColumn('box_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('img_url', 'varchar(160)', (c) => c.notNull())
    .addColumn('current_version_id', 'bigint')
    .addColumn('price_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('openings', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('boxes_type_idx').on('boxes').columns(['box_type', 'slug']).execute();

  await idColumn(db.schema.createTable('box_versions'), dialect)
    .addColumn('box_id', 'bigint', (c) => c.notNull().references('boxes.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('ev_cents', 'bigint', (c) => c.notNull())
    .addColumn('sell_back_cents', 'bigint', (c) => c.notNull())
    .addColumn('house_edge_bp', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('box_versions_box_version_uq', ['box_id', 'version'])
    .execute();

  await idColumn(db.schema.createTable('box_items'), dialect)
    .addColumn('box_version_id', 'bigint', (c) => c.notNull().references('box_versions.id'))
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('tickets', 'integer', (c) => c.notNull())
    .addColumn('ticket_from', 'integer', (c) => c.notNull())
    .addColumn('ticket_to', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('sale_price_cents', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('box_items_version_position_uq', ['box_version_id', 'position'])
    .execute();

  await idColumn(db.schema.createTable('inventory_items'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id'))
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('sale_price_cents', 'bigint', (c) => c.notNull())
    .addColumn('size', 'varchar(8)')
    .addColumn('source', 'varchar(24)', (c) => c.notNull())
    .addColumn('source_ref', 'varchar(128)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inventory_user_status_idx')
    .on('inventory_items')
    .columns(['user_id', 'status', 'id'])
    .execute();

  await idColumn(db.schema.createTable('drops'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('box_id', 'bigint', (c) => c.notNull().references('boxes.id'))
    .addColumn('box_version_id', 'bigint', (c) => c.notNull().references('box_versions.id'))
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id'))
    .addColumn('inventory_item_id', 'bigint', (c) => c.references('inventory_items.id'))
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('ticket', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drops_box_idx').on('drops').columns(['box_id', 'id']).execute();

  await idColumn(db.schema.createTable('shipments'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('tracking_number', 'varchar(64)')
    .addColumn('first_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('phone', 'varchar(255)', (c) => c.notNull())
    .addColumn('country', 'varchar(64)', (c) => c.notNull())
    .addColumn('country_state', 'varchar(255)', (c) => c.notNull())
    .addColumn('city', 'varchar(255)', (c) => c.notNull())
    .addColumn('postal_code', 'varchar(255)', (c) => c.notNull())
    .addColumn('street_address', 'varchar(255)', (c) => c.notNull())
    .addColumn('street_address_2', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shipments_user_idx').on('shipments').columns(['user_id', 'id']).execute();

  await idColumn(db.schema.createTable('shipment_items'), dialect)
    .addColumn('shipment_id', 'bigint', (c) => c.notNull().references('shipments.id'))
    .addColumn('inventory_item_id', 'bigint', (c) => c.notNull().references('inventory_items.id'))
    .addColumn('size', 'varchar(8)')
    .execute();
  await db.schema.createIndex('shipment_items_shipment_idx').on('shipment_items').column('shipment_id').execute();
}
