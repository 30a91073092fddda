// Live chat (issue 29): the public room's messages (soft-deleted by moderators, kept for the
// operators' history), the players muted by a moderator, and an optional channel on the outbox so
// the operator CLI can ask running servers to publish on a public channel (chatMessageDeleted).
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await idColumn(s.createTable('chat_messages'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('message', 'varchar(1000)', (c) => c.notNull())
    .addColumn('bet_game', 'varchar(16)')
    .addColumn('bet_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await s.createIndex('chat_messages_user_idx').on('chat_messages').columns(['user_id', 'created_at']).execute();
  await s.createIndex('chat_messages_live_idx').on('chat_messages').columns(['deleted_at', 'id']).execute();
  await s
    .createTable('chat_mutes')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addColumn('by', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)')
    .execute();
  await s.alterTable('outbox').addColumn('channel', 'varchar(64)').execute();
}
