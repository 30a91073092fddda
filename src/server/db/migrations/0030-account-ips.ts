// Self-referral (issue 24 item 3): the network addresses an account signed up and signed in from,
// keyed (HMAC with the app secret, so no address is stored) per account; affiliate commission is
// never paid on a referred account that shares one with its referrer, or a withdrawal address.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('account_ips')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('ip_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_ips_pk', ['user_id', 'ip_key'])
    .execute();
  await db.schema.createIndex('account_ips_key_idx').on('account_ips').column('ip_key').execute();
}
