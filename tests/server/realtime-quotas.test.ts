// Realtime quotas with real clients: one WebSocket cannot join unlimited channels (main took 200k),
// one address cannot open unlimited connections (Pusher protocol and socket.io), and a Pusher
// connection that holds no channel is closed after the idle limit. Errors use Pusher's 4100 "over quota".
import type { IncomingMessage } from 'node:http';
import { clientAddressResolver } from '../../src/server/http/client-address.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { io as connectIo, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { attachRealtime, type Realtime } from '../../src/server/realtime/attach.ts';
import {
  CLOSED_AFTER_INACTIVITY,
  OVER_QUOTA,
  type PusherServerOptions,
} from '../../src/server/realtime/pusher-server.ts';
import { channelRig, type ChannelRig } from '../helpers/pusher.ts';
import { testConfig } from '../helpers/test-app.ts';

interface Frame {
  event: string;
  data: string;
  channel?: string;
}

/** A raw protocol client that records frames and its close code. */
function rawClient(rig: ChannelRig) {
  const ws = new WebSocket(`ws://127.0.0.1:${rig.port}/app/${rig.app.config.secrets.pusherKey}?protocol=7`);
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (m) => {
    frames.push(JSON.parse(m.toString()) as Frame);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; at: number }>((r) =>
    ws.on('close', (code) => r({ code, at: Date.now() })),
  );
  ws.on('error', () => {});
  /** Resolves once `count` frames match. */
  const until = (match: (f: Frame) => boolean, count = 1) =>
    new Promise<Frame[]>((resolve) => {
      const check = () => {
        const hits = frames.filter(match);
        if (hits.length >= count) resolve(hits);
        else waiters.push(check);
      };
      check();
    });
  const subscribe = (channel: string) => ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
  return {
    ws,
    frames,
    closed,
    until,
    subscribe,
    established: until((f) => f.event === 'pusher:connection_established'),
  };
}

const rigs: ChannelRig[] = [];
const rig = async (opts: Partial<PusherServerOptions> = {}) => {
  const r = await channelRig('sqlite', opts);
  rigs.push(r);
  return r;
};
afterEach(async () => {
  for (const r of rigs.splice(0)) await r.close();
});

describe('Pusher-protocol quotas', () => {
  it('by default one connection joins at most 50 channels; the rest get 4100 over quota and it stays open', async () => {
    const r = await rig();
    const c = rawClient(r);
    await c.established;
    for (let i = 0; i < 200; i++) c.subscribe(`flood-${i}`);
    const ok = (f: Frame) => f.event === 'pusher_internal:subscription_succeeded';
    const refused = (f: Frame) => f.event === 'pusher:subscription_error';
    await c.until((f) => ok(f) || refused(f), 200);
    expect(c.frames.filter(ok)).toHaveLength(50);
    const errors = c.frames.filter(refused);
    expect(errors).toHaveLength(150);
    expect(JSON.parse(errors[0]!.data)).toMatchObject({ status: 429, error: expect.stringMatching(/Over quota/) });
    const quota = c.frames.filter((f) => f.event === 'pusher:error').map((f) => JSON.parse(f.data));
    expect(quota[0]).toMatchObject({ code: OVER_QUOTA, message: expect.stringMatching(/at most 50 channels/) });
    // still usable: a joined channel gets events, leaving one frees a slot
    r.publisher.publish('flood-0', 'hello', { n: 1 });
    await c.until((f) => f.event === 'hello' && f.channel === 'flood-0');
    c.ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: { channel: 'flood-1' } }));
    c.subscribe('after-leaving');
    await c.until((f) => ok(f) && f.channel === 'after-leaving');
    c.ws.close();
  });

  it('caps connections per address: the next one gets pusher:error 4100 and is closed with 4100', async () => {
    const r = await rig({ maxConnectionsPerAddress: 3 });
    const open = [rawClient(r), rawClient(r), rawClient(r)];
    await Promise.all(open.map((c) => c.established));
    const extra = rawClient(r);
    const closed = await extra.closed;
    expect(closed.code).toBe(OVER_QUOTA);
    expect(extra.frames.map((f) => f.event)).toEqual(['pusher:error']);
    expect(JSON.parse(extra.frames[0]!.data)).toMatchObject({ code: OVER_QUOTA });
    expect(r.channels.size).toBe(3);
    open[0]!.ws.close();
    await open[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = rawClient(r);
    await again.established;
    for (const c of [...open, again]) c.ws.close();
  });

  it('closes a connection that holds no channel after the idle limit (4202); subscribed ones stay', async () => {
    const r = await rig({ idleUnsubscribedMs: 400 });
    const idle = rawClient(r);
    const busy = rawClient(r);
    const leaver = rawClient(r);
    await Promise.all([idle.established, busy.established, leaver.established]);
    const start = Date.now();
    busy.subscribe('public');
    leaver.subscribe('public');
    await leaver.until((f) => f.event === 'pusher_internal:subscription_succeeded');
    leaver.ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: { channel: 'public' } }));
    const closed = await idle.closed;
    expect(closed.code).toBe(CLOSED_AFTER_INACTIVITY);
    expect(closed.at - start).toBeLessThan(1500);
    expect((await leaver.closed).code).toBe(CLOSED_AFTER_INACTIVITY);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(busy.ws.readyState).toBe(WebSocket.OPEN);
    busy.ws.close();
  });
});

describe('socket.io connections per address', () => {
  let http: Server | null = null;
  let realtime: Realtime | null = null;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await realtime?.close();
    await new Promise((r) => http?.close(r));
  });

  it('refuses the handshake past WS_MAX_CONNECTIONS_PER_IP and accepts again after one leaves', async () => {
    http = createServer();
    realtime = await attachRealtime(http, testConfig({ WS_MAX_CONNECTIONS_PER_IP: '2' }));
    await new Promise<void>((r) => http!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/crash`;
    const client = () =>
      new Promise<Socket>((resolve, reject) => {
        const s = connectIo(url, { transports: ['websocket'], reconnection: false, forceNew: true });
        sockets.push(s);
        s.on('connect', () => resolve(s));
        s.on('connect_error', reject);
      });
    const a = await client();
    await client();
    await expect(client()).rejects.toThrow();
    a.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(client()).resolves.toBeTruthy();
  });

  it('behind a trusted proxy counts each forwarded client, not the proxy (TRUST_PROXY)', async () => {
    http = createServer();
    realtime = await attachRealtime(http, testConfig({ WS_MAX_CONNECTIONS_PER_IP: '1', TRUST_PROXY: '127.0.0.1' }));
    await new Promise<void>((r) => http!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/crash`;
    const client = (forwardedFor: string) =>
      new Promise<Socket>((resolve, reject) => {
        const s = connectIo(url, {
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          extraHeaders: { 'x-forwarded-for': forwardedFor },
        });
        sockets.push(s);
        s.on('connect', () => resolve(s));
        s.on('connect_error', reject);
      });
    await client('198.51.100.1');
    await client('198.51.100.2'); // another player through the same proxy: on the peer address this was refused
    await expect(client('198.51.100.1')).rejects.toThrow(); // the same player's second socket is over the cap of 1
  });
});

describe('client address of raw requests (WebSocket upgrades)', () => {
  const req = (remoteAddress: string, xff?: string) =>
    ({ socket: { remoteAddress }, headers: xff ? { 'x-forwarded-for': xff } : {} }) as unknown as IncomingMessage;
  it('follows TRUST_PROXY like request.ip: nobody, a list, a hop count', () => {
    expect(clientAddressResolver(false)(req('127.0.0.1', '198.51.100.7'))).toBe('127.0.0.1');
    expect(clientAddressResolver(['127.0.0.1'])(req('127.0.0.1', '198.51.100.7'))).toBe('198.51.100.7');
    expect(clientAddressResolver(['127.0.0.1'])(req('203.0.113.5', '198.51.100.7'))).toBe('203.0.113.5'); // untrusted peer
    expect(clientAddressResolver(1)(req('10.0.0.2', '198.51.100.7, 10.0.0.9'))).toBe('10.0.0.9');
  });
});
