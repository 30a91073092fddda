// The error shape of spec §8: every 4xx carries `message` and `msg` (same text) and, for
// validation, `errors` with an array of messages per field. A 500 never leaks details; it carries the
// request's id (`request_id`, also in the X-Request-Id header of every answer) for the player to quote.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';

/** The body of every error answer. */
export interface ErrorBody {
  message: string;
  msg: string;
  errors?: Record<string, string[]>;
  request_id?: string; // 500: the id of the request in the server's logs
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

/** Builds the body for a status and text. */
export function errorBody(message: string, errors?: Record<string, string[]>): ErrorBody {
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

/** Fastify error handler: known errors as 4xx, everything else as a bare 500. */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof HttpError) {
    void reply.status(error.statusCode).send(errorBody(error.message, error.errors));
    return;
  }
  if (error instanceof ZodError) {
    const { message, errors } = zodErrors(error);
    void reply.status(422).send(errorBody(message, errors));
    return;
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
    void reply.status(status).send(errorBody(text));
    return;
  }
  request.log.error({ err: error }, 'request failed');
  void reply
    .status(500)
    .send({ ...errorBody('Something went wrong on our side. Please try again.'), request_id: request.id });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any handler runs (a path parameter
 * over maxParamLength → 414, a malformed Content-Type → 400) in the same error shape as the rest.
 */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .send(errorBody(status === 414 ? 'The address is too long.' : 'The request could not be read.'));
}
