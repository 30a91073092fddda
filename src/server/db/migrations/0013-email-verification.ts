// Email verification (issue 12, accounts 5): when the owner of an account proved its email.
// Accounts made by a social sign-in without a password came from the provider's verified email.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute();
  await sql`update users set email_verified_at = created_at where password_hash is null`.execute(db);
}
