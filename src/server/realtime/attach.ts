// Attaches the realtime servers to the HTTP server: socket.io (namespaces /crash and /wheel),
// with the Redis adapter when REDIS_URL is set.
import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer } from 'socket.io';
import type { Config } from '../config.ts';

/** Running realtime servers. */
export interface Realtime {
  io: SocketServer;
  close(): Promise<void>;
}

/** Game namespaces; every instance creates all of them at start. */
export const namespaces = ['/crash', '/wheel'] as const;

/** Creates socket.io on `server`; returns a handle to close it. */
export async function attachRealtime(server: HttpServer, config: Config): Promise<Realtime> {
  const io = new SocketServer(server, { path: '/socket.io', serveClient: false, cors: { origin: true } });
  let redisClose: (() => Promise<void>) | null = null;
  if (config.redisUrl) {
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
    const pub = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub));
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
