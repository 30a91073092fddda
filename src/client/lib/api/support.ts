// Support tickets (spec §7 Support), typed from src/shared/api/support.ts. Writes go as multipart
// with the image files in the field `attachments`.
import type { z } from 'zod';
import { api } from '../api.ts';
import type {
  ticketListResponseSchema,
  ticketResponseSchema,
  ticketWriteResponseSchema,
} from '../../../shared/api/support.ts';

/** GET /api/support/tickets: the list and the unread count. */
export const listTickets = () => api<z.infer<typeof ticketListResponseSchema>>('GET', '/api/support/tickets');

/** GET /api/support/tickets/{id}. */
export const getTicket = (id: number) => api<z.infer<typeof ticketResponseSchema>>('GET', `/api/support/tickets/${id}`);

type TicketWrite = z.infer<typeof ticketWriteResponseSchema>;

/** `fields` and `files` (field `attachments`) as multipart/form-data. */
function ticketForm(fields: Record<string, string>, files: File[]): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('attachments', f, 'image'); // the server ignores the name
  return form;
}

/** POST /api/support/tickets: a new ticket with its first message and images. */
export const createTicket = (fields: { subject: string; category: string; message: string }, files: File[]) =>
  api<TicketWrite>('POST', '/api/support/tickets', ticketForm(fields, files));

/** POST /api/support/tickets/{id}/messages: a reply with images. */
export const postTicketMessage = (id: number, message: string, files: File[]) =>
  api<TicketWrite>('POST', `/api/support/tickets/${id}/messages`, ticketForm({ message }, files));

/** POST /api/support/tickets/{id}/close. */
export const closeTicket = (id: number) => api<TicketWrite>('POST', `/api/support/tickets/${id}/close`);
