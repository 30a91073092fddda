// socket.io namespaces exist on every instance; with Redis two instances share their rooms.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { attachRealtime, namespaces, type Realtime } from '../../src/server/realtime/attach.ts';
import { testConfig } from '../helpers/test-app.ts';

interface Instance {
  http: Server;
  realtime: Realtime;
  url: string;
}

const open: Instance[] = [];
const sockets: Socket[] = [];

async function instance(env: Record<string, string> = {}): Promise<Instance> {
  const http = createServer();
  const realtime = await attachRealtime(http, testConfig(env));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const inst = { http, realtime, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
  open.push(inst);
  return inst;
}

function client(url: string, ns: string): Promise<Socket> {
  const s = connect(`${url}${ns}`, { transports: ['websocket'], reconnection: false });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
}

afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  for (const i of open.splice(0)) {
    await i.realtime.close();
    await new Promise((r) => i.http.close(r));
  }
});

describe('socket.io realtime', () => {
  it.each(namespaces)('accepts clients on %s and delivers namespace broadcasts', async (ns) => {
    const a = await instance();
    const s = await client(a.url, ns);
    const got = new Promise((r) => s.on('status', r));
    a.realtime.io.of(ns).emit('status', { status: 'pending' });
    expect(await got).toEqual({ status: 'pending' });
  });

  // Runs where a Redis server is given (CI sets TEST_REDIS_URL), like the PostgreSQL suite. The Redis
  // server (and its adapter channels) may be shared with other test runs and running servers, so the
  // broadcast carries this test's own id and the client waits for that one.
  const redisUrl = process.env.TEST_REDIS_URL;
  if (redisUrl)
    it('shares broadcasts between two instances through the Redis adapter', async () => {
      // two instances of one site: the same database, so the same Redis namespace (redis-namespace.ts)
      const site = { REDIS_URL: redisUrl, DATA_DIR: mkdtempSync(join(tmpdir(), 'la-site-')) };
      const a = await instance(site);
      const b = await instance(site);
      const other = await instance({ REDIS_URL: redisUrl }); // another site on the same Redis
      const s = await client(a.url, '/crash');
      await new Promise((r) => setTimeout(r, 200)); // adapter subscriptions settle
      const run = randomBytes(8).toString('hex');
      const got = new Promise((r) => s.on('tick', (tick: { run?: string }) => tick.run === run && r(tick)));
      const leaked: unknown[] = [];
      s.on('tick', (tick: { run?: string; site?: string }) => tick.site === 'other' && leaked.push(tick));
      other.realtime.io.of('/crash').emit('tick', { m: 9.99, run, site: 'other' });
      b.realtime.io.of('/crash').emit('tick', { m: 1.23, run });
      expect(await got).toEqual({ m: 1.23, run });
      await new Promise((r) => setTimeout(r, 300));
      expect(leaked).toEqual([]); // the other site's broadcast never reached this site's client
    });
});
