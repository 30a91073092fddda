// Attaches the realtime servers to the HTTP server: socket.io (namespaces /crash and /wheel),
// with the Redis adapter when REDIS_URL is set, and a cap on connections per client address.
import { clientAddressResolver } from '../http/client-address.ts';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server as SocketServer } from 'socket.io';
import type { Config } from '../config.ts';
import { redisNamespace } from './redis-namespace.ts';

/** Running realtime servers. */
export interface Realtime {
  io: SocketServer;
  close(): Promise<void>;
}

/** Game namespaces; every instance creates all of them at start. */
export const namespaces = ['/crash', '/wheel'] as const;

/** Creates socket.io on `server`; returns a handle to close it. */
export async function attachRealtime(server: HttpServer, config: Config): Promise<Realtime> {
  const perAddress = new Map<string, number>(); // open engine.io connections per client address
  const addressOf = clientAddressResolver(config.trustProxy); // TRUST_PROXY, as for HTTP requests
  const max = config.realtime.maxConnectionsPerIp;
  const io = new SocketServer(server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: true },
    // Called for each new session's handshake only: refuse past the per-address cap.
    allowRequest: (req, callback) => {
      const open = perAddress.get(addressOf(req)) ?? 0;
      callback(
        max > 0 && open >= max ? 'Over quota: too many connections from this address' : null,
        max === 0 || open < max,
      );
    },
  });
  io.engine.on('connection', (socket: { request: IncomingMessage; once(e: 'close', f: () => void): void }) => {
    const address = addressOf(socket.request);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
  let redisClose: (() => Promise<void>) | null = null;
  if (config.redisUrl) {
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
    const pub = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub, { key: `${redisNamespace(config.database)}:socket.io` })); // this site's broadcasts only
    redisClose = async () => {
      pub.disconnect();
      sub.disconnect();
    };
  }
  for (const name of namespaces) io.of(name);
  return {
    io,
    close: async () => {
      // Not io.close(): that would close the HTTP server, which Fastify's close owns.
      io.disconnectSockets(true);
      io.engine.close();
      await redisClose?.();
    },
  };
}
