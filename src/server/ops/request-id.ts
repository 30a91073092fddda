// Request ids (issue 28): every answer carries X-Request-Id, and every log line of the request has it
// (Fastify's request logger adds `reqId`). A client or proxy may send its own id; it is kept only when
// it is 8–128 safe characters (letters, digits, - _ . : /), so a log line can never be forged through it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const SAFE_ID = /^[A-Za-z0-9_.:/-]{8,128}$/;

/** The request's id: a safe incoming X-Request-Id, else a new UUID (Fastify's genReqId). */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** Echoes the id on every answer (set first, so errors and refusals carry it too). */
export function requestIdHeader(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
