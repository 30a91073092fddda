// Support tickets: a player opens one (subject, category, message, images), reads its thread (which
// marks the replies read), replies (the ticket is open again) and closes it; operators (admin CLI)
// list, read, reply (status answered, one more unread reply, supportReply published) and close.
import type { DB } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import {
  SUPPORT_REPLY_EVENT,
  ticketClosedMessage,
  type SupportCategory,
  type SupportReplyEvent,
  type Ticket,
  type TicketSummary,
} from '../../../shared/api/support.ts';
import { checkAttachments, removeAttachments, storeAttachments } from './support-files.ts';
import { findTicket, listPlayerTickets, ticketView, toSummary, type TicketRow } from './support.repository.ts';

/** What the support services need. */
export interface SupportContext {
  db: DB;
  dir: string; // absolute: DATA_DIR/support
}

const notFound = () => new HttpError(404, 'Ticket not found.');

/** The player's own ticket, else 404 (also for other players' tickets). */
async function ownTicket(db: DB, userId: number, id: number): Promise<TicketRow> {
  const t = await findTicket(db, id);
  if (!t || t.user_id !== userId) throw notFound();
  return t;
}

/** A stored attachment to record. */
interface StoredFile {
  name: string;
  mime: string;
  size: number;
}

/** Checks and stores `files` under `prefix`, then runs `work` in one transaction; files are removed if it fails. */
async function withFiles<T>(
  ctx: SupportContext,
  prefix: number,
  files: Buffer[],
  work: (trx: DB, stored: StoredFile[]) => Promise<T>,
): Promise<T> {
  const checked = checkAttachments(files);
  const names = await storeAttachments(ctx.dir, prefix, checked);
  const stored = names.map((name, i) => ({ name, mime: checked[i]!.type.mime, size: checked[i]!.bytes.length }));
  try {
    return await ctx.db.transaction().execute((trx) => work(trx, stored));
  } catch (e) {
    await removeAttachments(ctx.dir, names);
    throw e;
  }
}

/** Inserts a message of a ticket with its stored files. */
async function insertMessage(
  trx: DB,
  ticketId: number,
  author: 'player' | 'support',
  message: string,
  files: StoredFile[],
  now: number,
): Promise<void> {
  const m = await trx
    .insertInto('support_messages')
    .values({ ticket_id: ticketId, author, message, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const f of files)
    await trx
      .insertInto('support_attachments')
      .values({ message_id: m.id, file: f.name, mime: f.mime, size: f.size })
      .execute();
}

/** Moves a not-closed ticket to `status` (a closed one answers 422). */
async function moveOpen(trx: DB, id: number, set: { status: string; updated_at: number; unread?: number }) {
  const r = await trx
    .updateTable('support_tickets')
    .set((eb) => ({
      status: set.status,
      updated_at: set.updated_at,
      ...(set.unread ? { unread: eb('unread', '+', set.unread) } : {}),
    }))
    .where('id', '=', id)
    .where('status', '!=', 'closed')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new HttpError(422, ticketClosedMessage);
}

/** Opens a ticket; returns it. */
export async function createTicket(
  ctx: SupportContext,
  userId: number,
  input: { subject: string; category: SupportCategory; message: string },
  files: Buffer[],
  now: number,
): Promise<Ticket> {
  const id = await withFiles(ctx, userId, files, async (trx, stored) => {
    const t = await trx
      .insertInto('support_tickets')
      .values({
        user_id: userId,
        subject: input.subject,
        category: input.category,
        status: 'open',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertMessage(trx, t.id, 'player', input.message, stored, now);
    return t.id;
  });
  return ticketView(ctx.db, (await findTicket(ctx.db, id))!);
}

/** The player's tickets and how many have unread replies. */
export async function playerTickets(db: DB, userId: number): Promise<{ data: TicketSummary[]; unread: number }> {
  const rows = await listPlayerTickets(db, userId);
  return { data: rows.map(toSummary), unread: rows.filter((t) => t.unread > 0).length };
}

/** The player's ticket with its thread; opening it marks the replies read. */
export async function readTicket(db: DB, userId: number, id: number): Promise<Ticket> {
  const t = await ownTicket(db, userId, id);
  if (t.unread) await db.updateTable('support_tickets').set({ unread: 0 }).where('id', '=', id).execute();
  return ticketView(db, t);
}

/** The player replies: the ticket is open again. */
export async function playerReply(
  ctx: SupportContext,
  userId: number,
  id: number,
  message: string,
  files: Buffer[],
  now: number,
): Promise<Ticket> {
  const t = await ownTicket(ctx.db, userId, id);
  if (t.status === 'closed') throw new HttpError(422, ticketClosedMessage);
  await withFiles(ctx, userId, files, async (trx, stored) => {
    await moveOpen(trx, id, { status: 'open', updated_at: now });
    await insertMessage(trx, id, 'player', message, stored, now);
  });
  return ticketView(ctx.db, (await findTicket(ctx.db, id))!);
}

/** Closes a ticket (by its player, or an operator with `userId` null); closing a closed one changes nothing. */
export async function closeTicket(db: DB, userId: number | null, id: number, now: number): Promise<TicketRow> {
  const t = userId === null ? await findTicket(db, id) : await ownTicket(db, userId, id);
  if (!t) throw notFound();
  await db
    .updateTable('support_tickets')
    .set({ status: 'closed', updated_at: now })
    .where('id', '=', id)
    .where('status', '!=', 'closed')
    .execute();
  return (await findTicket(db, id))!;
}

/** An operator's reply: status answered, one more unread reply; returns the player and the event to publish. */
export async function operatorReply(
  db: DB,
  id: number,
  message: string,
  now: number,
): Promise<{ userId: number; event: SupportReplyEvent }> {
  const text = message.trim();
  if (!text) throw new HttpError(422, 'The reply is empty.');
  if (text.length > 5000) throw new HttpError(422, 'The reply may not be longer than 5000 characters.');
  const t = await findTicket(db, id);
  if (!t) throw notFound();
  await db.transaction().execute(async (trx) => {
    await moveOpen(trx, id, { status: 'answered', updated_at: now, unread: 1 });
    await insertMessage(trx, id, 'support', text, [], now);
  });
  return {
    userId: t.user_id,
    event: {
      type: SUPPORT_REPLY_EVENT,
      ticket_id: id,
      subject: t.subject,
      status: 'answered',
      message: { from: 'support', message: text, created_at: new Date(now).toISOString(), attachments: [] },
    },
  };
}
