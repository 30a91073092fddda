// Battles (issue 15): a battle with its committed server seed and box list, its seats (who sits,
// who paid, the client seed copied at seat time) and every round's drops, computed and stored in
// the transaction that starts the battle; a drop is revealed once battles.round reaches its round.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('battles'), dialect)
    .addColumn('creator_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('crazy', 'integer', (c) => c.notNull())
    .addColumn('terminal', 'integer', (c) => c.notNull())
    .addColumn('private', 'integer', (c) => c.notNull())
    .addColumn('boxes', 'text', (c) => c.notNull())
    .addColumn('cost_cents', 'bigint', (c) => c.notNull())
    .addColumn('server_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('server_seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('boxes_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('public_seed', 'varchar(64)')
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('winners', 'text')
    .addColumn('tie_break', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('battles_status_idx').on('battles').columns(['status', 'id']).execute();
  await idColumn(db.schema.createTable('battle_seats'), dialect)
    .addColumn('battle_id', 'bigint', (c) => c.notNull().references('battles.id'))
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('team', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('bot_id', 'integer')
    .addColumn('payer_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('client_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('battle_seats_seat_uq', ['battle_id', 'seat'])
    .addUniqueConstraint('battle_seats_user_uq', ['battle_id', 'user_id'])
    .execute();
  await idColumn(db.schema.createTable('battle_drops'), dialect)
    .addColumn('battle_id', 'bigint', (c) => c.notNull().references('battles.id'))
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('ticket', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id'))
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('sale_price_cents', 'bigint', (c) => c.notNull())
    .addColumn('inventory_item_id', 'bigint', (c) => c.references('inventory_items.id'))
    .addUniqueConstraint('battle_drops_round_seat_uq', ['battle_id', 'round', 'seat'])
    .execute();
}
