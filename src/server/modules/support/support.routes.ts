// HTTP for support tickets (owner only: another player's ticket is a 404). Writes take JSON, or
// multipart/form-data with the same text fields plus image files in the field `attachments`, read
// as they arrive (http/multipart.ts) only after the cheap checks (signed in, own ticket, open tickets).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { defineRoute } from '../../http/route.ts';
import { HttpError, fieldError, zodErrors } from '../../http/errors.ts';
import { multipartScope, readMultipart, type MultipartSpec } from '../../http/multipart.ts';
import {
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_MAX_ATTACHMENTS,
  ticketBodySchema,
  ticketListResponseSchema,
  ticketMessageBodySchema,
  ticketParamsSchema,
  ticketResponseSchema,
  ticketWriteResponseSchema,
} from '../../../shared/api/support.ts';
import { attachmentName, attachmentTooLarge } from './support-files.ts';
import { findAttachment, findTicket, ticketView } from './support.repository.ts';
import {
  assertCanOpen,
  assertCanReply,
  closeTicket,
  createTicket,
  playerReply,
  playerTickets,
  readTicket,
  type SupportContext,
} from './support.service.ts';

const tags = ['support'];
const jsonLimit = 64 * 1024; // JSON bodies carry text only (5000 characters at most)

/** A ticket write as multipart: the text fields of `schema`, up to 3 images of 2 MB in `attachments`. */
const ticketForm = (textFields: readonly string[]): MultipartSpec => ({
  fileFields: ['attachments', 'attachments[]'],
  maxFiles: SUPPORT_MAX_ATTACHMENTS,
  maxFileBytes: SUPPORT_ATTACHMENT_MAX_BYTES,
  textFields,
  maxFields: 8,
  maxFieldBytes: 32 * 1024, // 5000 characters of up to 4 bytes each, with room to spare
  tooLarge: attachmentTooLarge,
  notMultipart: 'Send the form as JSON or as multipart/form-data.',
  tooManyFiles: () => fieldError('attachments', `Attach at most ${SUPPORT_MAX_ATTACHMENTS} images.`),
});
const ticketFormSpec = ticketForm(['subject', 'category', 'message']);
const messageFormSpec = ticketForm(['message']);

/** The text fields (validated by `schema`) and the files of a JSON or multipart body. */
async function readBody<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: ZodType<T>,
  form: MultipartSpec,
): Promise<{ fields: T; files: Buffer[] }> {
  let raw: unknown = request.body;
  let files: Buffer[] = [];
  if (request.isMultipart()) {
    const body = await readMultipart(request, reply, form);
    raw = body.fields;
    files = body.files.map((f) => f.bytes);
  }
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) {
    const { message, errors } = zodErrors(parsed.error);
    throw new HttpError(422, message, errors);
  }
  return { fields: parsed.data, files };
}

/** Registers the support routes in a scope with its own multipart parser. */
export function supportRoutes(app: FastifyInstance, ctx: SupportContext): void {
  const { db } = ctx;
  multipartScope(app, (scope) => {
    defineRoute(
      scope,
      {
        method: 'GET',
        url: '/api/support/tickets',
        summary: "The player's tickets, newest activity first; `unread` counts tickets with unread support replies",
        tags,
        auth: true,
        response: ticketListResponseSchema,
      },
      async ({ user }) => playerTickets(db, user.id),
    );
    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/api/support/tickets',
        summary:
          'Open a ticket {subject, category, message}: JSON, or multipart/form-data with up to 3 images (PNG, JPEG or WebP by content, at most 2 MB each) in the field `attachments`',
        tags,
        auth: true,
        bodyLimit: jsonLimit,
        response: ticketWriteResponseSchema,
      },
      async ({ user, request, reply }) => {
        await assertCanOpen(ctx, user.id); // before a byte of the body is read
        const { fields, files } = await readBody(request, reply, ticketBodySchema, ticketFormSpec);
        const data = await createTicket(ctx, user.id, fields, files, Date.now());
        void reply.status(201);
        return { msg: 'Your ticket has been sent. We usually answer within a day.', data };
      },
    );
    defineRoute(
      scope,
      {
        method: 'GET',
        url: '/api/support/tickets/:id',
        summary: "One of the player's tickets with its messages (marks support replies read); others' tickets are 404",
        tags,
        auth: true,
        params: ticketParamsSchema,
        response: ticketResponseSchema,
      },
      async ({ user, params }) => ({ data: await readTicket(db, user.id, params.id) }),
    );
    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/api/support/tickets/:id/messages',
        summary: 'Reply {message} (JSON or multipart with `attachments`); the ticket is open again; 422 when closed',
        tags,
        auth: true,
        bodyLimit: jsonLimit,
        params: ticketParamsSchema,
        response: ticketWriteResponseSchema,
      },
      async ({ user, params, request, reply }) => {
        await assertCanReply(db, user.id, params.id); // 404 or closed before the body is read
        const { fields, files } = await readBody(request, reply, ticketMessageBodySchema, messageFormSpec);
        const data = await playerReply(ctx, user.id, params.id, fields.message, files, Date.now());
        return { msg: 'Your message has been sent.', data };
      },
    );
    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/api/support/tickets/:id/close',
        summary: 'Close the ticket (closing a closed ticket changes nothing)',
        tags,
        auth: true,
        bodyLimit: 1024,
        params: ticketParamsSchema,
        response: ticketWriteResponseSchema,
      },
      async ({ user, params }) => {
        const t = await closeTicket(db, user.id, params.id, Date.now());
        return { msg: 'The ticket has been closed.', data: await ticketView(db, t) };
      },
    );
    defineRoute(
      scope,
      {
        method: 'GET',
        url: '/api/support/tickets/:id/attachments/:file',
        summary: "An image attached to one of the player's tickets (bearer token of its owner)",
        tags,
        auth: true,
        params: ticketParamsSchema.extend({ file: z.string().max(64) }),
      },
      async ({ user, params, reply }) => {
        const t = await findTicket(db, params.id);
        const found =
          t && t.user_id === user.id && attachmentName.test(params.file)
            ? await findAttachment(db, params.id, params.file)
            : undefined;
        const bytes = found ? await readFile(join(ctx.dir, params.file)).catch(() => null) : null;
        if (!found || !bytes) throw new HttpError(404, 'Not found.');
        return reply
          .type(found.mime)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(bytes);
      },
    );
  });
}
