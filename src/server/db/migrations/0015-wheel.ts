// Crazy Wheel: one committed server seed per UTC day (with its public seed), the rounds (status and
// the server time each status began; the segment once ended) and the bets on a colour.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';
import { roundColumns } from './round-columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('wheel_day_seeds')
    .addColumn('date', 'varchar(10)', (c) => c.primaryKey()) // YYYY-MM-DD, UTC
    .addColumn('server_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('server_seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('public_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // the generic round columns (src/server/rounds/), then the day whose seeds drew it and its segment
  // (fixed at creation from those seeds and the round id; shown to nobody before the round ends)
  await roundColumns(db.schema.createTable('wheel_rounds'), dialect)
    .addColumn('seed_date', 'varchar(10)', (c) => c.notNull().references('wheel_day_seeds.date'))
    .addColumn('segment', 'integer', (c) => c.notNull().check(sql`segment >= 0 AND segment < 54`))
    .execute();
  await db.schema.createIndex('wheel_rounds_status_idx').on('wheel_rounds').columns(['status', 'id']).execute();

  await idColumn(db.schema.createTable('wheel_bets'), dialect)
    .addColumn('round_id', 'bigint', (c) => c.notNull().references('wheel_rounds.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('color', 'varchar(5)', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'varchar(8)', (c) => c.notNull()) // active | canceled | won | lost
    .addColumn('payout_cents', 'bigint', (c) => c.check(sql`payout_cents >= 0`)) // null until settled
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .execute();
  await db.schema.createIndex('wheel_bets_round_idx').on('wheel_bets').columns(['round_id', 'id']).execute();
  await db.schema
    .createIndex('wheel_bets_payout_idx')
    .on('wheel_bets')
    .columns(['settled_at', 'payout_cents'])
    .execute();
}
