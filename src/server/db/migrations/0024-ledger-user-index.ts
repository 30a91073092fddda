// Drops ledger_user_idx (user_id, id): every per-player ledger query (free loot's deposit and edge
// rules, cashback's net loss) filters by kind and time and is served by ledger_user_kind_time_idx
// (user_id, kind, created_at), which also leads with user_id for the foreign key; no query reads a
// player's ledger in id order. Every ledger row wrote both: with many players betting at once each
// index put one more page per bet into every COMMIT (about 40 of 290 WAL frames of a batch of 34
// bets by 34 players, ~11 µs per bet).
import { type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('ledger_user_idx').ifExists().execute();
}
