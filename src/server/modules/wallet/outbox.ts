// Balance notifications from other processes: the operator CLI writes an outbox row after its
// move commits; every running server polls the outbox, claims rows and publishes the user's
// current balance on private-users.{id}. The balance is read at publish time, so a late or
// repeated notification still shows the truth. Other events (supportReply) carry their data; a row
// with a `channel` (chatMessageDeleted on `chat`) is published there instead of the user's channel.
import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from '../../http/periodic-job.ts';
import type { DB } from '../../db/database.ts';
import { publishBalance, userChannel, type Publisher } from '../../realtime/publisher.ts';

const KEEP_MS = 24 * 3600 * 1000; // published rows are kept a day for inspection

/** Asks running servers to publish `userId`'s balance. */
export async function enqueueBalance(db: DB, userId: number, now: number): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ user_id: userId, event: 'balanceUpdated', created_at: now, published_at: null })
    .execute();
}

/** Asks running servers to publish `event` with `data` (JSON) on `userId`'s private channel. */
export function enqueueUserEvent(db: DB, userId: number, event: string, data: unknown, now: number): Promise<void> {
  return enqueue(db, null, userId, event, data, now);
}

/** Asks running servers to publish `event` with `data` on the public `channel` (about `userId`). */
export function enqueueChannelEvent(
  db: DB,
  channel: string,
  userId: number,
  event: string,
  data: unknown,
  now: number,
): Promise<void> {
  return enqueue(db, channel, userId, event, data, now);
}

/** One outbox row: on `channel`, or on the user's private channel when null. */
async function enqueue(
  db: DB,
  channel: string | null,
  userId: number,
  event: string,
  data: unknown,
  now: number,
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ user_id: userId, channel, event, payload: JSON.stringify(data), created_at: now, published_at: null })
    .execute();
}

/** Publishes pending outbox rows (each claimed once); returns how many were published. */
export async function drainOutbox(db: DB, publisher: Publisher, now: number, limit = 100): Promise<number> {
  const pending = await db
    .selectFrom('outbox')
    .select(['id', 'user_id', 'event', 'payload', 'channel'])
    .where('published_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  let published = 0;
  for (const row of pending) {
    const claimed = await db
      .updateTable('outbox')
      .set({ published_at: now })
      .where('id', '=', row.id)
      .where('published_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) continue; // another instance took it
    if (row.payload !== null) {
      await publisher.publish(row.channel ?? userChannel(row.user_id), row.event, JSON.parse(row.payload) as unknown);
    } else {
      const user = await db
        .selectFrom('users')
        .select('balance_cents')
        .where('id', '=', row.user_id)
        .executeTakeFirst();
      if (user) await publishBalance(publisher, row.user_id, user.balance_cents);
    }
    published++;
  }
  if (published)
    await db
      .deleteFrom('outbox')
      .where('published_at', '<', now - KEEP_MS)
      .execute();
  return published;
}

/** Polls the outbox every `intervalMs` while the app runs. */
export function startOutboxPoller(app: FastifyInstance, db: DB, intervalMs = 1000): void {
  startPeriodicJob(app, intervalMs, 'outbox poll', () => drainOutbox(db, app.publisher, Date.now()));
}
