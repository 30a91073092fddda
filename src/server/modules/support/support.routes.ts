// HTTP for support tickets (owner only: another player's ticket is a 404). Writes take JSON, or
// multipart/form-data with the same text fields plus image files in the field `attachments`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { defineRoute } from '../../http/route.ts';
import { HttpError, errorBody, handleError, zodErrors } from '../../http/errors.ts';
import { multipartBoundary, multipartParts } from '../profile/avatar-file.ts';
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
  closeTicket,
  createTicket,
  playerReply,
  playerTickets,
  readTicket,
  type SupportContext,
} from './support.service.ts';

const tags = ['support'];
const bodyLimit = SUPPORT_MAX_ATTACHMENTS * SUPPORT_ATTACHMENT_MAX_BYTES + 128 * 1024; // files + text + framing

/** The text fields (validated by `schema`) and the files of a JSON or multipart body. */
function readBody<T>(request: FastifyRequest, schema: ZodType<T>): { fields: T; files: Buffer[] } {
  let raw: unknown = request.body;
  const files: Buffer[] = [];
  const boundary = multipartBoundary(request.headers['content-type']);
  if (boundary && Buffer.isBuffer(request.body)) {
    const fields: Record<string, string> = {};
    for (const part of multipartParts(request.body, boundary)) {
      if (part.name === 'attachments' || part.name === 'attachments[]') files.push(part.data);
      else fields[part.name] ??= part.data.toString('utf8');
    }
    raw = fields;
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
  void app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((error, request, reply) => {
      if ((error as { statusCode?: number }).statusCode === 413)
        return reply.status(413).send(errorBody(attachmentTooLarge));
      return handleError(error as Error, request, reply);
    });

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
        bodyLimit,
        response: ticketWriteResponseSchema,
      },
      async ({ user, request, reply }) => {
        const { fields, files } = readBody(request, ticketBodySchema);
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
        bodyLimit,
        params: ticketParamsSchema,
        response: ticketWriteResponseSchema,
      },
      async ({ user, params, request }) => {
        const { fields, files } = readBody(request, ticketMessageBodySchema);
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
