// wheel_bets_user_idx (user_id, id): a player's Crazy Wheel bets newest first — GET /api/wheel/my-bets
// (issue 29), the bets archive's wheel branch and a replay's owner read them by player; without it
// each scanned every wheel bet. One index page more per wheel bet (a bet per player per round).
import { type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('wheel_bets_user_idx').on('wheel_bets').columns(['user_id', 'id']).execute();
}
