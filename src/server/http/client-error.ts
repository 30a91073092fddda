// What the HTTP server answers a client whose request never became a request (Fastify's
// `clientErrorHandler`): headers or body too slow (408, after HTTP_HEADERS_TIMEOUT_MS /
// HTTP_REQUEST_TIMEOUT_MS), headers too large (431) or bytes that are not HTTP (400), in the spec's
// error shape like every other refusal, then the connection is closed. Fastify's default answered
// these in its own shape ({error, message, statusCode}). There is no request, so no logged id: the answer
// still carries a fresh one (header and body), for its shape to be the same as every other error's.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { errorBody } from './errors.ts';

/** Answers and closes the connection of a request that could not be read. */
export function handleClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return; // the client is gone: nothing to answer
  const [status, reason, text] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive.']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
        : [400, 'Bad Request', 'The request could not be read.'];
  const id = randomUUID();
  const body = JSON.stringify({ ...errorBody(text), request_id: id });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nX-Request-Id: ${id}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}
