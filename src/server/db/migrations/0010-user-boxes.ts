// Custom (player-made) boxes: a box row with a creator, the creator's share of each opening by
// someone else (basis points of the price, fixed per box) and what the creator has earned.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('boxes')
    .addColumn('creator_id', 'bigint', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .alterTable('boxes')
    .addColumn('creator_share_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('boxes')
    .addColumn('creator_earnings_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('boxes_creator_idx').on('boxes').columns(['creator_id', 'id']).execute();
}
