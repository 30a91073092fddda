// `npm run cluster` (issue #18): two instances on PostgreSQL and Redis behind Debian's nginx. Runs
// when TEST_PG_URL and TEST_REDIS_URL are set and nginx is installed (.ci/run installs it). Through
// the one URL: both instances answer; WebSockets upgrade for the channel server and socket.io; an
// event published through either instance reaches clients of both; a killed instance is skipped
// (GETs go on answering); SIGTERM drains and exits 0. docs/nginx.conf is the generator's output.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import Pusher, { type Channel } from 'pusher-js';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpPublisher } from '../../src/server/realtime/http-publisher.ts';
// @ts-expect-error -- a plain .mjs script without types
import { serverBlock } from '../../scripts/cluster-nginx.mjs';

it('docs/nginx.conf is the server block npm run cluster generates', () => {
  const doc = readFileSync('docs/nginx.conf', 'utf8');
  expect(doc.slice(doc.indexOf('upstream'))).toBe(serverBlock([3101, 3102], '80'));
});

const pgUrl = process.env.TEST_PG_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ready = Boolean(pgUrl && redisUrl && existsSync(process.env.NGINX_PATH ?? '/usr/sbin/nginx'));

interface Cluster {
  url: string;
  ports: number[];
  pids: number[];
}

describe.runIf(ready)('a cluster of two instances behind nginx', { timeout: 180_000 }, () => {
  const dbName = `la_cluster_${randomBytes(4).toString('hex')}`;
  const secrets = {
    APP_SECRET: randomBytes(24).toString('hex'),
    PUSHER_APP_KEY: `k-${randomBytes(6).toString('hex')}`,
    PUSHER_APP_SECRET: randomBytes(24).toString('hex'),
    OAUTH_CLIENT_SECRET: randomBytes(24).toString('hex'),
  };
  let child: ChildProcess;
  let cluster: Cluster;
  const clients: Pusher[] = [];

  async function admin(sql: string): Promise<void> {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    const dbUrl = new URL(pgUrl!);
    dbUrl.pathname = `/${dbName}`;
    child = spawn(process.execPath, ['scripts/cluster.mjs', '--instances', '2', '--port', '0'], {
      env: {
        ...process.env,
        ...secrets,
        DATABASE_URL: dbUrl.toString(),
        REDIS_URL: redisUrl,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'la-cluster-')),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cluster = await new Promise<Cluster>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const line = out.split('\n').find((l) => l.startsWith('{"url"'));
        if (line) resolve(JSON.parse(line) as Cluster);
      });
      child.on('exit', (code) => reject(new Error(`cluster exited ${code}: ${out}`)));
    });
  }, 180_000);

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.on('exit', r));
    }
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  function pusher(port: number): Pusher {
    const p = new Pusher(secrets.PUSHER_APP_KEY, {
      cluster: 'eu',
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
      enableStats: false,
    });
    clients.push(p);
    return p;
  }

  function subscribe(p: Pusher, event: string): Promise<{ channel: Channel; got: unknown[] }> {
    return new Promise((resolve) => {
      const channel = p.subscribe('lastDrop');
      const got: unknown[] = [];
      channel.bind(event, (d: unknown) => got.push(d));
      channel.bind('pusher:subscription_succeeded', () => resolve({ channel, got }));
    });
  }

  it('both instances answer through the one URL', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${cluster.url}/api/health`);
      expect(res.status).toBe(200);
      seen.add(res.headers.get('x-instance') ?? '');
    }
    expect([...seen].sort()).toEqual(['i1', 'i2']);
  });

  it('an event published through nginx reaches channel clients of both instances and one connected through nginx', async () => {
    const port = Number(new URL(cluster.url).port);
    const subs = await Promise.all([
      subscribe(pusher(cluster.ports[0]!), 'clustered'),
      subscribe(pusher(cluster.ports[1]!), 'clustered'),
      subscribe(pusher(port), 'clustered'),
    ]);
    const http = new HttpPublisher({
      host: cluster.url,
      appId: 'loot-arcade',
      key: secrets.PUSHER_APP_KEY,
      secret: secrets.PUSHER_APP_SECRET,
    });
    await http.publish('lastDrop', 'clustered', { n: 1 });
    await http.publish('lastDrop', 'clustered', { n: 2 });
    const end = Date.now() + 10_000;
    while (subs.some((s) => s.got.length < 2) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    for (const s of subs) expect(s.got).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('socket.io upgrades to a WebSocket through nginx', async () => {
    const socket = io(`${cluster.url}/crash`, { transports: ['websocket'], reconnection: false, timeout: 10_000 });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    expect(socket.io.engine.transport.name).toBe('websocket');
    socket.disconnect();
  });

  it('a killed instance is skipped: every GET still answers 200 from the other', async () => {
    process.kill(cluster.pids[0]!, 'SIGKILL');
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${cluster.url}/api/health`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-instance')).toBe('i2');
    }
  });

  it('SIGTERM drains nginx and the instances and exits 0', async () => {
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code).toBe(0);
  });
});
