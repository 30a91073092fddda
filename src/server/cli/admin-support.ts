// Operator commands for support tickets (`npm run admin -- ticket:…`): list, show, reply, close.
// A reply writes an outbox row so running servers publish supportReply on the player's channel.
import type { DB } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueUserEvent } from '../modules/wallet/outbox.ts';
import { findTicket, listAllTickets, ticketMessages } from '../modules/support/support.repository.ts';
import { closeTicket, operatorReply } from '../modules/support/support.service.ts';
import { SUPPORT_REPLY_EVENT, SUPPORT_STATUSES, type SupportStatus } from '../../shared/api/support.ts';

/** The support lines of the admin usage. */
export const SUPPORT_USAGE = `  ticket:list [--status <open|answered|closed>]                       support tickets (newest first)
  ticket:show <id>                                                    a ticket's thread
  ticket:reply <id> <text>                                            answer as support (the player sees it live)
  ticket:close <id>                                                   close a ticket`;

/** Runs a ticket command; `id` has been parsed by the caller. Returns the printed lines. */
export async function runSupportAdmin(
  db: DB,
  command: string,
  args: { id: () => number; text: string | undefined; status: string | undefined; usage: (m: string) => Error },
  now: number,
): Promise<string[]> {
  switch (command) {
    case 'ticket:list': {
      if (args.status !== undefined && !SUPPORT_STATUSES.includes(args.status as SupportStatus))
        throw args.usage('--status must be open, answered or closed');
      const rows = await listAllTickets(db, args.status);
      if (!rows.length) return ['No tickets.'];
      return rows.map(
        (t) =>
          `#${t.id} ${t.status.padEnd(8)} ${t.category.padEnd(10)} ${t.email} ${new Date(t.updated_at).toISOString()} ${t.subject}`,
      );
    }
    case 'ticket:show': {
      const t = await findTicket(db, args.id());
      if (!t) throw new HttpError(404, 'No such ticket.');
      const lines = [`#${t.id} [${t.status}] ${t.category}: ${t.subject} (user ${t.user_id})`];
      for (const m of await ticketMessages(db, t.id)) {
        lines.push(`--- ${m.from} ${m.created_at}`, m.message);
        for (const a of m.attachments) lines.push(`    attachment ${a.type} ${a.url}`);
      }
      return lines;
    }
    case 'ticket:reply': {
      const id = args.id();
      if (!args.text?.trim()) throw args.usage('ticket:reply <id> <text>: the text is required');
      const r = await operatorReply(db, id, args.text, now);
      await enqueueUserEvent(db, r.userId, SUPPORT_REPLY_EVENT, r.event, now);
      return [`Replied to ticket #${id}; it is answered.`];
    }
    case 'ticket:close': {
      const t = await closeTicket(db, null, args.id(), now);
      return [`Ticket #${t.id} is closed.`];
    }
    default:
      throw args.usage(`unknown command ${command}`);
  }
}
