// Accounts and channels: password grants per second with p50/p99 at concurrency 20 on the real
// server (OWASP scrypt, so hashing dominates: its cost is reported too), and the fan-out time of
// one event to 1,000 subscribed pusher-js clients on the embedded channel server.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher-js';
import autocannon from 'autocannon';
import { serve } from './helpers.ts';
import { hashPassword, owaspScrypt, verifyPassword } from '../../src/server/modules/auth/password.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { LocalPublisher } from '../../src/server/realtime/publisher.ts';
import { PusherServer } from '../../src/server/realtime/pusher-server.ts';

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

/** Token grants per second at concurrency 20, and the scrypt cost. */
export async function tokenGrantBench(): Promise<Record<string, number>> {
  const times: number[] = [];
  const hash = await hashPassword('bench-password', owaspScrypt);
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await verifyPassword('bench-password', hash);
    times.push(performance.now() - t);
  }
  // RATE_LIMIT_SCALE lifts the per-account limit: the bench logs in one account thousands of times.
  const server = await serve(['--import', 'tsx', 'src/server/main.ts'], {
    RATE_LIMIT_SCALE: '100000',
    NODE_ENV: 'test',
  });
  try {
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as {
      oauth: { client_id: string; client_secret: string };
    };
    const email = `bench-${Date.now()}@example.test`;
    const reg = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email, password: 'bench-password' }),
    });
    if (!reg.ok) throw new Error(`register failed: ${await reg.text()}`);
    const body = JSON.stringify({
      grant_type: 'password',
      username: email,
      password: 'bench-password',
      ...config.oauth,
      scope: '*',
    });
    const seconds = 20;
    const r = await autocannon({
      url: `${server.url}/oauth/token`,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      duration: seconds,
      connections: 20,
      timeout: 60,
    });
    return {
      scrypt_verify_ms: Math.round(pct(times, 50)),
      scrypt_log2_N: owaspScrypt.logN,
      grants_ok: r['2xx'],
      grants_per_s: Number((r['2xx'] / seconds).toFixed(2)),
      grant_p50_ms: r.latency.p50,
      grant_p99_ms: r.latency.p99,
      errors: r.non2xx + r.errors + r.timeouts,
    };
  } finally {
    await server.stop();
  }
}

/** Time for one event to reach 1,000 pusher-js clients subscribed to one channel. */
export async function fanoutBench(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'la-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const database = openDatabase({ kind: 'sqlite', file: join(dir, 'bench.db') });
  await migrate(database);
  const publisher = new LocalPublisher();
  const { fastify } = await buildApp({ config, database, publisher });
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  const port = (fastify.server.address() as AddressInfo).port;
  const channels = new PusherServer(fastify.server, publisher, {
    key: config.secrets.pusherKey,
    secret: config.secrets.pusherSecret,
    maxConnectionsPerAddress: 0, // 1,000 clients from loopback
  });
  const n = 1000;
  const clients: Pusher[] = [];
  let received = 0;
  let onAll: (() => void) | null = null;
  try {
    const connectStart = performance.now();
    await Promise.all(
      Array.from({ length: n }, () => {
        const p = new Pusher(config.secrets.pusherKey, {
          cluster: 'eu',
          wsHost: '127.0.0.1',
          wsPort: port,
          forceTLS: false,
          enabledTransports: ['ws'],
          enableStats: false,
        });
        clients.push(p);
        const ch = p.subscribe('public');
        ch.bind('lastDrop', () => {
          received += 1;
          if (received === n) onAll?.();
        });
        return new Promise<void>((r) => ch.bind('pusher:subscription_succeeded', () => r()));
      }),
    );
    const subscribeMs = performance.now() - connectStart;
    const rounds: number[] = [];
    for (let i = 0; i < 7; i++) {
      received = 0;
      const all = new Promise<void>((r) => (onAll = r));
      const t = performance.now();
      await publisher.publish('public', 'lastDrop', {
        user_id: 1,
        item: { price: 12.5, rarity: 'gold' },
        box: { slug: 'street-box' },
      });
      await all;
      rounds.push(performance.now() - t);
    }
    return {
      clients: n,
      subscribe_all_ms: Math.round(subscribeMs),
      fanout_p50_ms: Number(pct(rounds, 50).toFixed(1)),
      fanout_max_ms: Number(Math.max(...rounds).toFixed(1)),
    };
  } finally {
    for (const c of clients) c.disconnect();
    await channels.close();
    await fastify.close();
    await database.close();
  }
}
