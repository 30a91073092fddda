// Affiliates and support (issue 16): referral-link visits, the one code change and the claimed
// commission; support tickets with their messages and image attachments; a payload on outbox rows
// so the operator CLI can ask running servers to publish events other than balanceUpdated.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('referral_links')
    .addColumn('visits', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.alterTable('referral_links').addColumn('code_changed_at', 'bigint').execute();
  await s
    .alterTable('referral_links')
    .addColumn('claimed_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('user_attributions_referrer_idx').on('user_attributions').column('referrer_id').execute();

  await idColumn(s.createTable('support_tickets'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'varchar(120)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('support_tickets_user_idx').on('support_tickets').columns(['user_id', 'id']).execute();
  await s.createIndex('support_tickets_status_idx').on('support_tickets').columns(['status', 'id']).execute();

  await idColumn(s.createTable('support_messages'), dialect)
    .addColumn('ticket_id', 'bigint', (c) => c.notNull().references('support_tickets.id').onDelete('cascade'))
    .addColumn('author', 'varchar(8)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('support_messages_ticket_idx').on('support_messages').columns(['ticket_id', 'id']).execute();

  await idColumn(s.createTable('support_attachments'), dialect)
    .addColumn('message_id', 'bigint', (c) => c.notNull().references('support_messages.id').onDelete('cascade'))
    .addColumn('file', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('mime', 'varchar(16)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('support_attachments_message_idx').on('support_attachments').column('message_id').execute();

  await s.alterTable('outbox').addColumn('payload', 'text').execute();
}
