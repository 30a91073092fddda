// Request ids (issue 28): every answer carries X-Request-Id, and every log line of the request has it
// (Fastify's request logger adds `reqId`). A client or proxy may send its own id; it is kept only when
// it is 8–128 safe characters (letters, digits, - _ . : /), so a log line can never be forged through it.
// Every error answer's body in the spec's shape carries the same id as `request_id`, for a player to quote
// to support: one hook adds it to every such body, whoever built it (error handler, not-found, guards).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const SAFE_ID = /^[A-Za-z0-9_.:/-]{8,128}$/;

/** The request's id: a safe incoming X-Request-Id, else a new UUID (Fastify's genReqId). */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** An object body in the spec's error shape (spec §8: `message` and `msg`). */
function isErrorBody(payload: unknown): payload is Record<string, unknown> {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    !Array.isArray(payload) &&
    typeof (payload as { message?: unknown }).message === 'string' &&
    typeof (payload as { msg?: unknown }).msg === 'string'
  );
}

/** Echoes the id on every answer (set first, so errors and refusals carry it too), and in the body of
 * every error answer (status ≥ 400) as `request_id`. */
export function requestIdHeader(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  fastify.addHook('preSerialization', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && isErrorBody(payload)) done(null, { ...payload, request_id: request.id });
    else done(null, payload);
  });
}
