// Money safety (issue 12): `idempotent_requests` remembers the first answer of a money call sent
// with an Idempotency-Key header (bets, openings, upgrades, sales), one row per (user, key).
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('idempotent_requests'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('request_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('scope', 'varchar(64)', (c) => c.notNull())
    .addColumn('body_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('idempotent_requests_user_key', ['user_id', 'request_key'])
    .execute();
}
