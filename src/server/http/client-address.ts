// Which address a request comes from. X-Forwarded-For counts only from proxies named by
// TRUST_PROXY (Fastify's trustProxy); the socket's own address is logged beside it whenever they
// differ, so a forwarded address is never the only trace of a client.
import type { FastifyInstance } from 'fastify';

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify ignores a bare hop count (a direct client could
 * claim hops), so a count becomes "the nearest N addresses are proxies": use it only when the
 * server is reachable solely through those proxies.
 */
export function trustProxyOption(
  trust: false | number | string[],
): false | string[] | ((a: string, i: number) => boolean) {
  return typeof trust === 'number' ? (_address, i) => i < trust : trust;
}

/** Adds `peer` (the socket address) to the request's log lines when the client address was forwarded. */
export function logPeerAddress(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const peer = request.socket.remoteAddress;
    if (peer && peer !== request.ip) {
      request.log = request.log.child({ peer });
      reply.log = request.log;
    }
  });
}

/** True for a loopback socket address (127.0.0.0/8, ::1, and IPv4-mapped loopback). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
