// A listening app with the embedded Pusher-protocol server, and pusher-js clients for it.
import Pusher from 'pusher-js';
import type { AddressInfo } from 'node:net';
import type { Dialect } from '../../src/server/db/database.ts';
import { LocalPublisher, type Publisher } from '../../src/server/realtime/publisher.ts';
import { RedisChannelBus } from '../../src/server/realtime/redis-bus.ts';
import { PusherServer, type PusherServerOptions } from '../../src/server/realtime/pusher-server.ts';
import { accountsApp } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/** An app listening on loopback with its channel server. */
export interface ChannelRig {
  app: TestApp;
  publisher: LocalPublisher;
  channels: PusherServer;
  port: number;
  url: string;
  /** A pusher-js client; with `token` it authorises private channels at /broadcasting/auth. */
  client(token?: string, key?: string): Pusher;
  close(): Promise<void>;
}

/** How an instance is set up: its environment (e.g. a shared PUSHER_APP_KEY/SECRET) and, like
 * main.ts with REDIS_URL, a Redis channel bus between its app and its channel server. */
export interface RigSetup {
  env?: Record<string, string>;
  redisUrl?: string;
}

/** Starts the rig. */
export async function channelRig(
  dialect: Dialect,
  opts: Partial<PusherServerOptions> = {},
  setup: RigSetup = {},
): Promise<ChannelRig> {
  const publisher = new LocalPublisher();
  const key = setup.env?.PUSHER_APP_KEY;
  const bus = setup.redisUrl && key ? await RedisChannelBus.connect(setup.redisUrl, key, publisher) : null;
  const appPublisher: Publisher = bus ?? publisher;
  const app = await accountsApp(dialect, { env: setup.env, deps: { publisher: appPublisher } });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.fastify.server.address() as AddressInfo).port;
  const channels = new PusherServer(app.fastify.server, publisher, {
    key: app.config.secrets.pusherKey,
    secret: app.config.secrets.pusherSecret,
    ...opts,
  });
  const url = `http://127.0.0.1:${port}`;
  const clients: Pusher[] = [];
  return {
    app,
    publisher,
    channels,
    port,
    url,
    client(token, key = app.config.secrets.pusherKey) {
      const p = new Pusher(key, {
        cluster: 'eu',
        wsHost: '127.0.0.1',
        wsPort: port,
        forceTLS: false,
        enabledTransports: ['ws'],
        enableStats: false,
        channelAuthorization: {
          endpoint: `${url}/broadcasting/auth`,
          transport: 'ajax',
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        },
      });
      clients.push(p);
      return p;
    },
    close: async () => {
      for (const c of clients) c.disconnect();
      await channels.close();
      await app.close();
      await bus?.close();
    },
  };
}

/** Resolves when `p` is connected. */
export function connected(p: Pusher): Promise<void> {
  return new Promise((resolve, reject) => {
    if (p.connection.state === 'connected') return resolve();
    p.connection.bind('connected', () => resolve());
    p.connection.bind('failed', () => reject(new Error('connection failed')));
  });
}
