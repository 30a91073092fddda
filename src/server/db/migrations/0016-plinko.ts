// Plinko drops: stake, rows, risk, path, bucket, payout and the seeds to verify each one.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('plinko_bets'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('payout_cents', 'bigint', (c) => c.notNull().check(sql`payout_cents >= 0`))
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('risk', 'varchar(6)', (c) => c.notNull())
    .addColumn('path', 'varchar(16)', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('multiplier', 'double precision', (c) => c.notNull())
    .addColumn('server_seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('plinko_bets_seed_nonce_uq', ['server_seed_hash', 'nonce'])
    .execute();
  await db.schema.createIndex('plinko_bets_user_idx').on('plinko_bets').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('plinko_bets_time_idx').on('plinko_bets').column('created_at').execute();
}
