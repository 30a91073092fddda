// Which address a request comes from. X-Forwarded-For counts only from proxies named by
// TRUST_PROXY (Fastify's trustProxy); the socket's own address is logged beside it whenever they
// differ, so a forwarded address is never the only trace of a client. Development tools answer
// only to loopback clients.
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/** Development tools: the outbox, the development social provider, the payment sandboxes. */
export const devToolPrefixes = ['/dev/', '/sandbox/'];

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

/** The client address of a raw request (WebSocket upgrades, socket.io) by the same TRUST_PROXY rule as request.ip. */
export function clientAddressResolver(trust: false | number | string[]): (req: IncomingMessage) => string {
  const option = trustProxyOption(trust);
  if (option === false) return (req) => req.socket.remoteAddress ?? 'unknown';
  const fn = typeof option === 'function' ? option : proxyAddr.compile(option);
  return (req) => proxyAddr(req, fn);
}

/** The path as the router matches it: percent-decoding applied (`/%64ev/mail` is `/dev/mail`), dot segments and repeated slashes folded. */
export function routedPath(url: string): string {
  const raw = url.split('?')[0]!;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    path = raw; // the router refuses a malformed escape itself
  }
  return new URL(path.replace(/\/+/g, '/'), 'http://x').pathname;
}

/** True when a Host header names this machine: localhost, 127.0.0.1 or [::1], any port. */
export function isLocalHostHeader(host: string | undefined): boolean {
  return !!host && /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i.test(host);
}

/**
 * True when the request comes from this machine: the socket is loopback, the Host header names
 * this machine (a DNS-rebound page or a same-host proxy sends another name), and no proxy on this
 * machine relayed it for someone else (every forwarded address, if any, is loopback too).
 * TRUST_PROXY plays no part: a forwarded header can only make the answer "no".
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  if (!isLoopback(request.socket.remoteAddress)) return false;
  const host = request.headers.host ?? request.headers[':authority'];
  if (!isLocalHostHeader(typeof host === 'string' ? host : undefined)) return false;
  const h = request.headers;
  const forwarded = [h['x-forwarded-for'], h['x-real-ip']].flat().filter((v): v is string => typeof v === 'string');
  const entries = forwarded.flatMap((v) => v.split(',')).map((v) => v.trim());
  for (const m of String(h.forwarded ?? '').matchAll(/for="?\[?([^\]";,]+)/gi)) entries.push(m[1]!);
  return entries.every((a) => isLoopback(a) || a === 'localhost');
}

// Every spelling of a development tool's path holds one of these: the names themselves, a percent
// escape, or a character the URL parser drops or turns into a slash. A request target without any
// skips routedPath's URL parse (a few µs of every bet).
const mayNameDevTool = /dev|sandbox|[%\\]|[^!-~]/i; // [^!-~]: controls, space, DEL, non-ASCII

/** True when the request target `url` routes to a development tool, however it is spelled. */
export function namesDevTool(url: string): boolean {
  if (!mayNameDevTool.test(url)) return false;
  const path = routedPath(url);
  return devToolPrefixes.some((p) => path.startsWith(p));
}

/** Request hooks: `peer` (the socket address) in log lines when the client address was forwarded; dev tools for loopback only. */
export function clientAddressHooks(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const peer = request.socket.remoteAddress;
    if (peer && peer !== request.ip) {
      request.log = request.log.child({ peer });
      reply.log = request.log;
    }
    // Both the matched route and the decoded path: the router decodes `/%64ev/mail` to `/dev/mail`.
    const route = request.routeOptions.url ?? '';
    const devTool = devToolPrefixes.some((p) => route.startsWith(p)) || namesDevTool(request.url);
    done(devTool && !fromThisMachine(request) ? new HttpError(404, 'Not found.') : undefined);
  });
}

/** The start-up warning when development tools could be reached from another machine, else null. */
export function exposedDevToolsWarning(env: string, host: string): string | null {
  if (env === 'production' || isLoopback(host) || host === 'localhost') return null;
  return `Warning: NODE_ENV=${env} on ${host}, a non-loopback address. Development tools (/dev/mail, /dev/social, /sandbox) answer only to this machine, but set NODE_ENV=production on any server others can reach.`;
}

/** True for a loopback socket address (127.0.0.0/8, ::1, and IPv4-mapped loopback). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
