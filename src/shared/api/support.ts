// Support contract (issue 16, /profile/support): tickets with a thread of messages and optional
// image attachments; statuses open → answered (support replied) → closed; live `supportReply`.
import { z } from 'zod';

/** Ticket categories. */
export const SUPPORT_CATEGORIES = ['deposit', 'withdrawal', 'delivery', 'account', 'fairness', 'other'] as const;
/** A ticket category. */
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
/** Ticket statuses. */
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
/** A ticket status. */
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
/** Largest attachment, bytes (2 MB, as avatars). */
export const SUPPORT_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
/** Most attachments on one message. */
export const SUPPORT_MAX_ATTACHMENTS = 3;
/** The event an operator reply publishes on private-users.{id}. */
export const SUPPORT_REPLY_EVENT = 'supportReply';
/** The message for a write to a closed ticket. */
export const ticketClosedMessage = 'This ticket is closed.';

const message = z
  .string({ error: 'Message is required.' })
  .trim()
  .min(1, 'Message is required.')
  .max(5000, 'The message may not be longer than 5000 characters.');

/** POST /api/support/tickets body (JSON, or the same fields as multipart with `attachments` files). */
export const ticketBodySchema = z.object({
  subject: z
    .string({ error: 'Subject is required.' })
    .trim()
    .min(1, 'Subject is required.')
    .max(120, 'The subject may not be longer than 120 characters.'),
  category: z.enum(SUPPORT_CATEGORIES, { error: 'Choose a category.' }),
  message,
});
/** POST /api/support/tickets/{id}/messages body. */
export const ticketMessageBodySchema = z.object({ message });
/** {id} of the ticket routes. */
export const ticketParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Not found.' })
    .int('Not found.')
    .positive('Not found.')
    .max(2 ** 53 - 1, 'Not found.'),
});

/** A ticket in the list. */
export const ticketSummarySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  status: z.enum(SUPPORT_STATUSES),
  unread: z.number().int(), // support replies not opened yet
  created_at: z.string(), // ISO 8601
  updated_at: z.string(), // ISO 8601
});
/** A ticket in the list. */
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

/** One message of a thread. */
export const ticketMessageSchema = z.object({
  from: z.enum(['player', 'support']),
  message: z.string(),
  created_at: z.string(), // ISO 8601
  attachments: z.array(z.object({ url: z.string(), type: z.string() })), // owner-only URLs (bearer token)
});
/** One message of a thread. */
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** A ticket with its thread. */
export const ticketSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  status: z.enum(SUPPORT_STATUSES),
  messages: z.array(ticketMessageSchema),
});
/** A ticket with its thread. */
export type Ticket = z.infer<typeof ticketSchema>;

/** GET /api/support/tickets: newest first; `unread` counts tickets with unread replies (the badge). */
export const ticketListResponseSchema = z.object({ data: z.array(ticketSummarySchema), unread: z.number().int() });
/** GET /api/support/tickets/{id} and the answers of every write. */
export const ticketResponseSchema = z.object({ data: ticketSchema });
/** POST writes: `{msg, data}`. */
export const ticketWriteResponseSchema = z.object({ msg: z.string(), data: ticketSchema });

/** Payload of supportReply on the private channel. */
export const supportReplyEventSchema = z.object({
  type: z.literal(SUPPORT_REPLY_EVENT),
  ticket_id: z.number().int(),
  subject: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  message: ticketMessageSchema,
});
/** Payload of supportReply. */
export type SupportReplyEvent = z.infer<typeof supportReplyEventSchema>;
