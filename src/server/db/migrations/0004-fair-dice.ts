// Seed pairs per user (active, next-committed, revealed) and dice bets.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('fair_seeds'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('slot', 'varchar(8)') // 'active' | 'next'; NULL once revealed (NULLs never collide)
    .addColumn('server_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('server_seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`nonce >= 0`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revealed_at', 'bigint')
    .addUniqueConstraint('fair_seeds_user_slot_uq', ['user_id', 'slot'])
    .execute();
  await db.schema.createIndex('fair_seeds_hash_idx').on('fair_seeds').column('server_seed_hash').execute();

  await idColumn(db.schema.createTable('dice_bets'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('payout_cents', 'bigint', (c) => c.notNull().check(sql`payout_cents >= 0`))
    .addColumn('target_bp', 'integer', (c) => c.notNull()) // target × 100
    .addColumn('direction', 'varchar(5)', (c) => c.notNull())
    .addColumn('roll_bp', 'integer', (c) => c.notNull()) // roll × 100, 0 … 10000
    .addColumn('multiplier', 'double precision', (c) => c.notNull())
    .addColumn('win', 'integer', (c) => c.notNull()) // 0 | 1
    .addColumn('server_seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('dice_bets_seed_nonce_uq', ['server_seed_hash', 'nonce'])
    .execute();
  await db.schema.createIndex('dice_bets_user_idx').on('dice_bets').columns(['user_id', 'id']).execute();
}
