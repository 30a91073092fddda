// Column helpers that differ between SQLite and PostgreSQL.
import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database.ts';

/** Adds an auto-increment integer primary key `id` in the dialect's own way. */
export function idColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
