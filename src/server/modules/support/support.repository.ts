// Support queries: tickets of a player, a ticket's thread with its attachments, the operators' list,
// and what the support limits count (open tickets, recent and stored images).
import { SqliteAdapter } from 'kysely';
import type { DB } from '../../db/database.ts';
import type {
  SupportCategory,
  SupportStatus,
  Ticket,
  TicketMessage,
  TicketSummary,
} from '../../../shared/api/support.ts';

/** A ticket row. */
export interface TicketRow {
  id: number;
  user_id: number;
  subject: string;
  category: string;
  status: string;
  unread: number;
  created_at: number;
  updated_at: number;
}

const ticketColumns = ['id', 'user_id', 'subject', 'category', 'status', 'unread', 'created_at', 'updated_at'] as const;

/** The served URL of an attachment (bearer token of the ticket's owner required). */
export function attachmentUrl(ticketId: number, file: string): string {
  return `/api/support/tickets/${ticketId}/attachments/${file}`;
}

/** A ticket by id, whoever owns it. */
export function findTicket(db: DB, id: number): Promise<TicketRow | undefined> {
  return db.selectFrom('support_tickets').select(ticketColumns).where('id', '=', id).executeTakeFirst();
}

/** The list entry of a ticket row. */
export function toSummary(t: TicketRow): TicketSummary {
  return {
    id: t.id,
    subject: t.subject,
    category: t.category as SupportCategory,
    status: t.status as SupportStatus,
    unread: t.unread,
    created_at: new Date(t.created_at).toISOString(),
    updated_at: new Date(t.updated_at).toISOString(),
  };
}

/** A player's tickets, newest activity first. */
export function listPlayerTickets(db: DB, userId: number): Promise<TicketRow[]> {
  return db
    .selectFrom('support_tickets')
    .select(ticketColumns)
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** Every ticket (operators), optionally of one status, newest first, with the player's email. */
export function listAllTickets(db: DB, status?: string): Promise<(TicketRow & { email: string })[]> {
  let q = db
    .selectFrom('support_tickets')
    .innerJoin('users', 'users.id', 'support_tickets.user_id')
    .select([...ticketColumns.map((c) => `support_tickets.${c}` as const), 'users.email'])
    .orderBy('support_tickets.id', 'desc')
    .limit(500);
  if (status) q = q.where('support_tickets.status', '=', status);
  return q.execute();
}

/** The messages of a ticket, oldest first, with their attachments. */
export async function ticketMessages(db: DB, ticketId: number): Promise<TicketMessage[]> {
  const messages = await db
    .selectFrom('support_messages')
    .select(['id', 'author', 'message', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .orderBy('id')
    .execute();
  const files = messages.length
    ? await db
        .selectFrom('support_attachments')
        .select(['message_id', 'file', 'mime'])
        .where(
          'message_id',
          'in',
          messages.map((m) => m.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return messages.map((m) => ({
    from: m.author === 'support' ? 'support' : 'player',
    message: m.message,
    created_at: new Date(m.created_at).toISOString(),
    attachments: files
      .filter((f) => f.message_id === m.id)
      .map((f) => ({ url: attachmentUrl(ticketId, f.file), type: f.mime })),
  }));
}

/** A ticket with its thread. */
export async function ticketView(db: DB, t: TicketRow): Promise<Ticket> {
  return {
    id: t.id,
    subject: t.subject,
    category: t.category as SupportCategory,
    status: t.status as SupportStatus,
    messages: await ticketMessages(db, t.id),
  };
}

/** Whether `file` is an attachment of ticket `ticketId`; its type. */
export async function findAttachment(db: DB, ticketId: number, file: string): Promise<{ mime: string } | undefined> {
  return db
    .selectFrom('support_attachments')
    .innerJoin('support_messages', 'support_messages.id', 'support_attachments.message_id')
    .select('support_attachments.mime')
    .where('support_messages.ticket_id', '=', ticketId)
    .where('support_attachments.file', '=', file)
    .executeTakeFirst();
}

/** How many of a player's tickets are not closed. */
export async function openTicketCount(db: DB, userId: number): Promise<number> {
  const r = await db
    .selectFrom('support_tickets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '!=', 'closed')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The images a player attached since `since`, and the bytes of all the images the player has stored. */
export async function playerAttachmentUse(
  db: DB,
  userId: number,
  since: number,
): Promise<{ recent: number; bytes: number }> {
  const r = await db
    .selectFrom('support_attachments')
    .innerJoin('support_messages', 'support_messages.id', 'support_attachments.message_id')
    .innerJoin('support_tickets', 'support_tickets.id', 'support_messages.ticket_id')
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(eb.case().when('support_messages.created_at', '>', since).then(1).else(0).end())
        .as('recent'),
      eb.fn.sum<number | string | null>('support_attachments.size').as('bytes'),
    ])
    .where('support_tickets.user_id', '=', userId)
    .where('support_messages.author', '=', 'player')
    .executeTakeFirst();
  return { recent: Number(r?.recent ?? 0), bytes: Number(r?.bytes ?? 0) };
}

/** The bytes of every stored support image. */
export async function storedAttachmentBytes(db: DB): Promise<number> {
  const r = await db
    .selectFrom('support_attachments')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('bytes'))
    .executeTakeFirst();
  return Number(r?.bytes ?? 0);
}

/** Serialises one player's support writes (PostgreSQL row lock; SQLite has one writer anyway). */
export async function lockPlayer(trx: DB, userId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}
