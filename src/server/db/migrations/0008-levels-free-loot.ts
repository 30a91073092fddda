// Player levels and free loot: wagered cents per player (XP source), the free boxes per level
// tier and one row per free-box opening. UNIQUE (user, free box, slot) makes parallel openings of
// the same slot ('daily:{n}' = the n-th daily opening, 'promo:{entitlement id}') collide, so only
// one of them commits.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('wagered_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(db.schema.createTable('free_boxes'), dialect)
    .addColumn('box_id', 'bigint', (c) => c.notNull().unique().references('boxes.id'))
    .addColumn('min_level', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('free_box_openings'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('free_box_id', 'bigint', (c) => c.notNull().references('free_boxes.id'))
    .addColumn('via', 'varchar(16)', (c) => c.notNull())
    .addColumn('slot', 'varchar(64)', (c) => c.notNull())
    .addColumn('drop_id', 'bigint', (c) => c.notNull().references('drops.id'))
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('free_box_openings_slot_uq', ['user_id', 'free_box_id', 'slot'])
    .execute();
  await db.schema
    .createIndex('free_box_openings_user_idx')
    .on('free_box_openings')
    .columns(['user_id', 'free_box_id', 'opened_at'])
    .execute();
}
