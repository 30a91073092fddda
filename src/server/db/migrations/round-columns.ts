// The columns every round game's rounds table starts with (src/server/rounds/): the id, the round
// before it (UNIQUE: two processes that both believe they lead cannot open two next rounds), the
// status and the server time (epoch ms) each status began. A game adds its own columns after these.
import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

/** Adds the generic round columns (see src/server/db/tables/rounds.ts) to a new rounds table. */
export function roundColumns<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return idColumn(table, dialect)
    .addColumn('previous_id', 'bigint', (c) => c.notNull().unique()) // 0 for the first round
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull()) // status new
    .addColumn('starting_at', 'bigint')
    .addColumn('betting_ends_at', 'bigint')
    .addColumn('pending_at', 'bigint')
    .addColumn('in_progress_at', 'bigint')
    .addColumn('ended_at', 'bigint');
}
