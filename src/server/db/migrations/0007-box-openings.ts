// Box openings: one row per reel (each reel is a separate fair bet with its own nonce).
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('box_openings'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('box_id', 'bigint', (c) => c.notNull().references('boxes.id'))
    .addColumn('box_version_id', 'bigint', (c) => c.notNull().references('box_versions.id'))
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id'))
    .addColumn('inventory_item_id', 'bigint', (c) => c.notNull().references('inventory_items.id'))
    .addColumn('drop_id', 'bigint', (c) => c.notNull().references('drops.id'))
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('ticket', 'integer', (c) => c.notNull())
    .addColumn('server_seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('box_openings_seed_nonce_uq', ['server_seed_hash', 'nonce'])
    .execute();
  await db.schema.createIndex('box_openings_user_idx').on('box_openings').columns(['user_id', 'id']).execute();
}
