// Rocket (crash): the installation's hash chain (its published end, the salt, and a checkpoint every
// CHECKPOINT_EVERY games to walk it from), the rounds (generic round columns + the game's place in
// the chain, its hash and crash point, secret until ended) and one bet per player per round.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';
import { roundColumns } from './round-columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('crash_chain')
    .addColumn('id', 'integer', (c) => c.primaryKey()) // always 1: one chain per installation
    .addColumn('terminating_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('salt', 'varchar(128)', (c) => c.notNull())
    .addColumn('games', 'bigint', (c) => c.notNull())
    .addColumn('checkpoint_every', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('crash_chain_checkpoints')
    .addColumn('chain_index', 'bigint', (c) => c.primaryKey())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .execute();
  await roundColumns(db.schema.createTable('crash_rounds'), dialect)
    .addColumn('game_number', 'bigint', (c) => c.notNull().unique()) // 1 = the hash just before the terminating one
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('crash_point_cents', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('crash_rounds_ended_idx').on('crash_rounds').columns(['status', 'id']).execute();
  await idColumn(db.schema.createTable('crash_bets'), dialect)
    .addColumn('round_id', 'bigint', (c) => c.notNull().references('crash_rounds.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('auto_cashout_cents', 'bigint')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('multiplier_cents', 'bigint')
    .addColumn('payout_cents', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addUniqueConstraint('crash_bets_round_user_uq', ['round_id', 'user_id'])
    .execute();
  await db.schema.createIndex('crash_bets_user_idx').on('crash_bets').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('crash_bets_payout_idx').on('crash_bets').columns(['status', 'created_at']).execute();
}
