// Upgrades: one row per upgrade with its stake, target, chance (basis points), roll and seeds.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('upgrades'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('stake_item_ids', 'text', (c) => c.notNull())
    .addColumn('stake_items_cents', 'bigint', (c) => c.notNull())
    .addColumn('stake_balance_cents', 'bigint', (c) => c.notNull())
    .addColumn('target_product_id', 'bigint', (c) => c.notNull().references('products.id'))
    .addColumn('target_price_cents', 'bigint', (c) => c.notNull())
    .addColumn('target_sale_price_cents', 'bigint', (c) => c.notNull())
    .addColumn('chance_bp', 'integer', (c) => c.notNull())
    .addColumn('edge_bp', 'integer', (c) => c.notNull())
    .addColumn('roll', 'double precision', (c) => c.notNull())
    .addColumn('win', 'integer', (c) => c.notNull())
    .addColumn('inventory_item_id', 'bigint', (c) => c.references('inventory_items.id'))
    .addColumn('server_seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('upgrades_seed_nonce_uq', ['server_seed_hash', 'nonce'])
    .execute();
  await db.schema.createIndex('upgrades_user_idx').on('upgrades').columns(['user_id', 'id']).execute();
}
