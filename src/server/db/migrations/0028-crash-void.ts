// Rocket rounds lost to an outage are voided (issue 24 item 10): the leader writes heartbeat_at
// (epoch ms, about every second) while a round is in progress, so the next leader can tell how long
// nobody drove it; voided_at marks a round voided (status ended, every open bet refunded, its crash
// point still revealed). Bets gain the status 'refunded' (status is a varchar: no DDL).
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('crash_rounds').addColumn('heartbeat_at', 'bigint').execute();
  await db.schema.alterTable('crash_rounds').addColumn('voided_at', 'bigint').execute();
}
