// The error shape of spec §8: every 4xx carries `message` and `msg` (same text) and, for
// validation, `errors` with an array of messages per field. A 500 never leaks details. Every error answer
// carries the request's id (`request_id`, the X-Request-Id header of every answer) for the player to
// quote to support: the handlers here put it in, and ops/request-id.ts adds it to every other error body
// (not-found, guards, routes that send one themselves), whichever path sends it.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';

/** The body of every error answer, as it goes on the wire. */
export interface ErrorBody {
  message: string;
  msg: string;
  errors?: Record<string, string[]>;
  request_id: string; // the id of the request in the server's logs (= X-Request-Id), added on sending
}

/** An error a handler throws on purpose: it becomes a 4xx in the spec's shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** 422 with one field's message, the way form validation answers. */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}

/** Builds the body for a status and text (`request_id` is added when it is sent). */
export function errorBody(message: string, errors?: Record<string, string[]>): Omit<ErrorBody, 'request_id'> {
  return errors ? { message, msg: message, errors } : { message, msg: message };
}

/** Turns a zod error into per-field messages; the first becomes `message`. */
export function zodErrors(error: ZodError): { message: string; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'body';
    (errors[field] ??= []).push(issue.message);
  }
  const message = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return { message, errors };
}

/** Fastify error handler: known errors as 4xx, everything else as a bare 500; each body quotes the
 * request's id itself (an app without the ops hook, as in unit tests, still answers in full shape). */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  const answer = (status: number, body: Omit<ErrorBody, 'request_id'>) =>
    void reply.status(status).send({ ...body, request_id: request.id });
  if (error instanceof HttpError) return answer(error.statusCode, errorBody(error.message, error.errors));
  if (error instanceof ZodError) {
    const { message, errors } = zodErrors(error);
    return answer(422, errorBody(message, errors));
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own client errors: bad JSON, body too large, unsupported media type …
    const text =
      status === 413
        ? 'The request body is too large.'
        : status === 415
          ? 'Unsupported content type.'
          : 'The request could not be read.';
    return answer(status, errorBody(text));
  }
  request.log.error({ err: error }, 'request failed');
  answer(500, errorBody('Something went wrong on our side. Please try again.'));
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any handler runs (a path parameter
 * over maxParamLength → 414, a malformed Content-Type → 400) in the same error shape as the rest.
 * No hook runs for these, so the request id goes on the header and the body here.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const text = status === 414 ? 'The address is too long.' : 'The request could not be read.';
  void reply
    .status(status)
    .header('x-request-id', request.id)
    .send({ ...errorBody(text), request_id: request.id });
}
