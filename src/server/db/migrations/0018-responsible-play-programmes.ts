// Responsible play and the programmes (issue 16): self-exclusion and the public-stats opt-out on
// users, deposit limits with a pending raise, the weekly leaderboard's period claims and payouts,
// and cashback claims (one per player and window).
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('self_excluded_until', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('hide_public_stats', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('deposit_limits')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint')
    .addColumn('pending_amount_cents', 'bigint')
    .addColumn('pending_from', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('deposit_limits_pk', ['user_id', 'period'])
    .execute();
  await db.schema
    .createTable('leaderboard_periods')
    .addColumn('period_end', 'bigint', (c) => c.primaryKey())
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('leaderboard_payouts')
    .addColumn('period_end', 'bigint', (c) => c.notNull().references('leaderboard_periods.period_end'))
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('wagered_cents', 'bigint', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('ledger_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('leaderboard_payouts_pk', ['period_end', 'place'])
    .execute();
  await db.schema
    .createTable('cashback_claims')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('window_end', 'bigint', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('net_loss_cents', 'bigint', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('ledger_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cashback_claims_pk', ['user_id', 'window_end'])
    .execute();
  // the leaderboard sums every wager of a week: a range scan by time, not the whole ledger
  await db.schema.createIndex('ledger_time_kind_idx').on('ledger').columns(['created_at', 'kind']).execute();
}
