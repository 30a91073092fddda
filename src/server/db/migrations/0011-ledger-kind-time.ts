// The daily free-loot deposit rule sums a player's recent deposits: an index on (user, kind, time)
// keeps that a short range scan instead of reading the player's whole ledger.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('ledger_user_kind_time_idx')
    .on('ledger')
    .columns(['user_id', 'kind', 'created_at'])
    .execute();
}
