// The box openings counter, sharded so that players opening one box do not queue on one row: each
// opening adds its reels to the row (box, player id mod 64) of `box_open_counts`, and a box's
// openings are `boxes.openings` (the count before this migration) plus the sum of its rows
// (boxes.repository boxOpenings). Both databases.
// On PostgreSQL this migration also created la_box_open (a box opening as one function call); 0032
// dropped it when the openings moved onto the generic la_apply_bet (src/server/bets/), so a fresh
// database no longer creates it. Its SQL is in git history (commit 3281322 and before).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('box_open_counts')
    .addColumn('box_id', 'bigint', (c) => c.notNull().references('boxes.id'))
    .addColumn('shard', 'integer', (c) => c.notNull()) // the opener's id mod 64
    .addColumn('n', 'bigint', (c) => c.notNull()) // reels opened
    .addPrimaryKeyConstraint('box_open_counts_pk', ['box_id', 'shard'])
    .execute();
}
