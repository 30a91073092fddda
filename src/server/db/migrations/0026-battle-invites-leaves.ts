// Battles (issue 24): a private battle's invite code (the capability its link carries), the number
// of seats given up so far (a seat taken again after a leave pays and is refunded under new ledger
// keys: battle_seats.take) and the index the expiry sweep reads waiting battles by age with.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('battles').addColumn('invite_code', 'varchar(64)').execute();
  await db.schema
    .alterTable('battles')
    .addColumn('leaves', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('battle_seats')
    .addColumn('take', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('battles_status_created_idx').on('battles').columns(['status', 'created_at']).execute();
}
