// Issue 24, items 6 and 12. held_funds: crypto that arrived over a deposit limit or while the player
// was self-excluded (it cannot be refused): withdrawable, released into the balance by one ledger
// move per row once the limits allow; withdrawals.held_cents is the part of a withdrawal drawn from
// it (a cancel returns that part to held funds, not to the balance). referral_visits: one row per
// referral link, browser (a random id in a cookie) and UTC day, so a visitor counts once a day.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await idColumn(s.createTable('held_funds'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id')) // money: never deleted with a user
    .addColumn('payment_id', 'bigint', (c) => c.references('payments.id'))
    .addColumn('source', 'varchar(12)', (c) => c.notNull()) // deposit | remainder | refund
    .addColumn('reason', 'varchar(16)', (c) => c.notNull()) // deposit_limit | self_exclusion
    .addColumn('reference', 'varchar(140)', (c) => c.notNull().unique()) // crypto:{tx}, held:{id}, withdrawal:{id}: each made once
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('left_cents', 'bigint', (c) => c.notNull().check(sql`left_cents >= 0 AND left_cents <= amount_cents`))
    .addColumn('released_cents', 'bigint', (c) => c.check(sql`released_cents > 0`))
    .addColumn('released_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('held_funds_user_idx').on('held_funds').columns(['user_id', 'released_at']).execute();
  await s.createIndex('held_funds_payment_idx').on('held_funds').column('payment_id').execute();

  await s
    .alterTable('withdrawals')
    .addColumn('held_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(s.createTable('referral_visits'), dialect)
    .addColumn('link_id', 'bigint', (c) => c.notNull().references('referral_links.id').onDelete('cascade'))
    .addColumn('visitor', 'varchar(32)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull()) // UTC days since 1970-01-01
    .addUniqueConstraint('referral_visits_once', ['link_id', 'visitor', 'day'])
    .execute();
  await s.createIndex('referral_visits_day_idx').on('referral_visits').column('day').execute();
}
