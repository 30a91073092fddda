// Accounts: password resets, mail outbox, social identities, tracking links, referrals and attribution.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('password_resets'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

  await idColumn(db.schema.createTable('mail_outbox'), dialect)
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('social_accounts'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_user_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('social_accounts_identity_uq', ['provider', 'provider_user_id'])
    .execute();

  await idColumn(db.schema.createTable('tracking_links'), dialect)
    .addColumn('source', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('link', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('visits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('referral_links'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('user_attributions'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('tracking_link_id', 'bigint', (c) => c.references('tracking_links.id'))
    .addColumn('referrer_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('wants_promotions', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`wants_promotions in (0, 1)`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
