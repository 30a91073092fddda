// Support tickets: a player opens one (subject, category, message, images), reads its thread (which
// marks the replies read), replies (the ticket is open again) and closes it; operators (admin CLI)
// list, read, reply (status answered, one more unread reply, supportReply published) and close.
// Bounded per player (issue 24 item 4): tickets not closed, images a day, stored bytes (SupportLimits).
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
import {
  findTicket,
  listPlayerTickets,
  lockPlayer,
  openTicketCount,
  playerAttachmentUse,
  storedAttachmentBytes,
  ticketView,
  toSummary,
  type TicketRow,
} from './support.repository.ts';

/** The support bounds (Config.support: SUPPORT_* variables; defaults and reasons in the module README). */
export interface SupportLimits {
  maxOpenTickets: number; // tickets not closed per player (5)
  attachmentsPerDay: number; // images one player attaches in any 24 h (20)
  playerStorageBytes: number; // images one player may have stored (50 MB)
  storageBytes: number; // images all players may have stored (2 GB): DATA_DIR/support's quota
}

/** What the support services need. */
export interface SupportContext {
  db: DB;
  dir: string; // absolute: DATA_DIR/support
  limits: SupportLimits;
}

const DAY_MS = 24 * 60 * 60_000;

/** 429 when the player already has `maxOpenTickets` tickets that are not closed. */
export async function assertCanOpen(ctx: SupportContext, userId: number): Promise<void> {
  const n = ctx.limits.maxOpenTickets;
  if ((await openTicketCount(ctx.db, userId)) >= n)
    throw new HttpError(
      429,
      `You already have ${n} open tickets. Close one, or wait for our answer, before opening another.`,
    );
}

/** 429 past the images of a day, 413 past the player's or everyone's storage; nothing when no files come. */
async function assertCanAttach(ctx: SupportContext, userId: number, bytes: number[], now: number): Promise<void> {
  if (!bytes.length) return;
  const { attachmentsPerDay, playerStorageBytes, storageBytes } = ctx.limits;
  const use = await playerAttachmentUse(ctx.db, userId, now - DAY_MS);
  if (use.recent + bytes.length > attachmentsPerDay)
    throw new HttpError(
      429,
      `You can attach at most ${attachmentsPerDay} images a day. Send your message without images, or try again later.`,
    );
  const size = bytes.reduce((a, b) => a + b, 0);
  if (use.bytes + size > playerStorageBytes)
    throw new HttpError(
      413,
      `Your support images have used their ${Math.round(playerStorageBytes / 1024 / 1024)} MB of storage. Send your message without images.`,
    );
  if ((await storedAttachmentBytes(ctx.db)) + size > storageBytes)
    throw new HttpError(413, 'Images cannot be stored right now. Send your message without images.');
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

/**
 * Checks `files` (type, size, the player's limits), stores them, then runs `work` in one transaction
 * that first locks the player and checks the limits again (concurrent writes); files are removed if it fails.
 */
async function withFiles<T>(
  ctx: SupportContext,
  userId: number,
  files: Buffer[],
  now: number,
  work: (trx: DB, stored: StoredFile[]) => Promise<T>,
  newTicket = false,
): Promise<T> {
  const checked = checkAttachments(files);
  const sizes = checked.map((f) => f.bytes.length);
  await assertCanAttach(ctx, userId, sizes, now);
  const names = await storeAttachments(ctx.dir, userId, checked);
  const stored = names.map((name, i) => ({ name, mime: checked[i]!.type.mime, size: sizes[i]! }));
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await lockPlayer(trx, userId);
      const locked = { ...ctx, db: trx };
      if (newTicket) await assertCanOpen(locked, userId);
      await assertCanAttach(locked, userId, sizes, now);
      return work(trx, stored);
    });
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
  const id = await withFiles(
    ctx,
    userId,
    files,
    now,
    async (trx, stored) => {
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
    },
    true,
  );
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

/** 404 unless the ticket is the player's; 422 when it is closed (checked before a reply's body is read). */
export async function assertCanReply(db: DB, userId: number, id: number): Promise<void> {
  if ((await ownTicket(db, userId, id)).status === 'closed') throw new HttpError(422, ticketClosedMessage);
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
  await withFiles(ctx, userId, files, now, async (trx, stored) => {
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
