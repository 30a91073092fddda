// pusher-js (node) against the embedded Pusher-protocol server: own private channel gets
// balanceUpdated, another user's channel is refused, public channels, ping/pong, idle timeout,
// and the HTTP publisher's signing against a fake Pusher HTTP API on loopback.
import { createHash, createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Channel } from 'pusher-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { channelRig, connected, type ChannelRig } from '../helpers/pusher.ts';
import { signUp } from '../helpers/accounts.ts';
import { publishBalance, userChannel } from '../../src/server/realtime/publisher.ts';
import { HttpPublisher } from '../../src/server/realtime/http-publisher.ts';
import { channelAuth } from '../../src/server/realtime/pusher-auth.ts';

function subscribed(ch: Channel): Promise<void> {
  return new Promise((resolve, reject) => {
    ch.bind('pusher:subscription_succeeded', () => resolve());
    ch.bind('pusher:subscription_error', (e: unknown) =>
      reject(Object.assign(new Error('subscription_error'), { detail: e })),
    );
  });
}

describeEachDb('channels', (dialect) => {
  let rig: ChannelRig;
  beforeAll(async () => {
    rig = await channelRig(dialect);
  });
  afterAll(() => rig.close());

  const idOf = async (headers: Record<string, string>) =>
    (await rig.app.fastify.inject({ method: 'GET', url: '/api/profile', headers })).json().data.id as number;

  it('a player subscribes to their own private channel and receives balanceUpdated', async () => {
    const s = await signUp(rig.app);
    const id = await idOf(s.headers);
    const p = rig.client(s.tokens.access_token);
    await connected(p);
    const ch = p.subscribe(userChannel(id));
    await subscribed(ch);
    const got = new Promise((r) => ch.bind('balanceUpdated', r));
    await publishBalance(rig.app.fastify.publisher, id, 12_345);
    expect(await got).toEqual({ type: 'balanceUpdated', current_balance: 123.45 });
  });

  it("another user's private channel is refused (403 at /broadcasting/auth)", async () => {
    const a = await signUp(rig.app);
    const b = await signUp(rig.app);
    const bId = await idOf(b.headers);
    const p = rig.client(a.tokens.access_token);
    await connected(p);
    await expect(subscribed(p.subscribe(userChannel(bId)))).rejects.toMatchObject({ detail: { status: 403 } });
  });

  it('without a token the private channel is refused (401)', async () => {
    const s = await signUp(rig.app);
    const p = rig.client();
    await connected(p);
    await expect(subscribed(p.subscribe(userChannel(await idOf(s.headers))))).rejects.toMatchObject({
      detail: { status: 401 },
    });
  });

  it('public channels need no auth and get every event', async () => {
    const p = rig.client();
    await connected(p);
    const ch = p.subscribe('public');
    await subscribed(ch);
    const got = new Promise((r) => ch.bind('lastDrop', r));
    await rig.publisher.publish('public', 'lastDrop', { user_id: 1, item: { price: 2.5 } });
    expect(await got).toEqual({ user_id: 1, item: { price: 2.5 } });
  });

  it('/broadcasting/auth: own channel signed with HMAC-SHA256; bad input → 4xx', async () => {
    const s = await signUp(rig.app);
    const id = await idOf(s.headers);
    const post = (payload: unknown, headers: Record<string, string> = s.headers) =>
      rig.app.fastify.inject({ method: 'POST', url: '/broadcasting/auth', payload: payload as object, headers });
    const ok = await post({ socket_id: '123.456', channel_name: userChannel(id) });
    expect(ok.statusCode).toBe(200);
    const { pusherKey, pusherSecret } = rig.app.config.secrets;
    expect(ok.json().auth).toBe(
      `${pusherKey}:${createHmac('sha256', pusherSecret)
        .update(`123.456:${userChannel(id)}`)
        .digest('hex')}`,
    );
    expect((await post({ socket_id: '123.456', channel_name: 'private-users.999999' })).statusCode).toBe(403);
    expect((await post({ socket_id: '123.456', channel_name: userChannel(id) }, {})).statusCode).toBe(401);
    for (const bad of [
      {},
      { socket_id: 'abc', channel_name: userChannel(id) },
      { socket_id: '1.2', channel_name: 'x'.repeat(200) },
      { socket_id: 1.2, channel_name: userChannel(id) },
    ]) {
      expect((await post(bad)).statusCode).toBe(422);
    }
  });

  it('raw protocol: wrong key closes with 4001; ping → pong; forged auth → subscription_error', async () => {
    const bad = new WebSocket(`ws://127.0.0.1:${rig.port}/app/wrong-key?protocol=7`);
    const code = await new Promise<number>((r) => bad.on('close', (c) => r(c)));
    expect(code).toBe(4001);

    const ws = new WebSocket(
      `ws://127.0.0.1:${rig.port}/app/${rig.app.config.secrets.pusherKey}?protocol=7&client=js&version=8.6.0`,
    );
    const frames: { event: string; data: string; channel?: string }[] = [];
    const next = (event: string) =>
      new Promise<{ event: string; data: string; channel?: string }>((resolve) => {
        const hit = frames.find((f) => f.event === event);
        if (hit) return resolve(hit);
        ws.on('message', (m) => {
          const f = JSON.parse(m.toString());
          if (f.event === event) resolve(f);
        });
      });
    ws.on('message', (m) => frames.push(JSON.parse(m.toString())));
    const est = JSON.parse((await next('pusher:connection_established')).data);
    expect(est.socket_id).toMatch(/^\d+\.\d+$/);
    expect(est.activity_timeout).toBe(120);
    ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await next('pusher:pong');
    ws.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: {
          channel: 'private-users.1',
          auth: channelAuth(rig.app.config.secrets.pusherKey, 'not-the-secret', est.socket_id, 'private-users.1'),
        },
      }),
    );
    const err = await next('pusher:subscription_error');
    expect(JSON.parse(err.data).status).toBe(401);
    ws.send('not json');
    await next('pusher:error');
    ws.close();
  });
});

describe('channel server idle timeout', () => {
  it('pings a silent client and drops it when no pong comes', async () => {
    const rig = await channelRig('sqlite', { activityTimeoutSeconds: 1, pongTimeoutMs: 300 });
    try {
      const ws = new WebSocket(`ws://127.0.0.1:${rig.port}/app/${rig.app.config.secrets.pusherKey}?protocol=7`);
      const events: string[] = [];
      ws.on('message', (m) => events.push(JSON.parse(m.toString()).event));
      const closed = await new Promise<number>((r) => ws.on('close', (c) => r(c)));
      expect(events).toContain('pusher:ping');
      expect([4201, 1006]).toContain(closed);
      expect(rig.channels.size).toBe(0);
    } finally {
      await rig.close();
    }
  });
});

describe('HTTP publisher (Pusher-compatible service)', () => {
  it('POSTs /apps/{id}/events with the documented signature and body_md5', async () => {
    const seen: { url: URL; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        seen.push({ url: new URL(req.url!, 'http://x'), body });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const pub = new HttpPublisher({ host, appId: '42', key: 'the-key', secret: 'the-secret' });
      await publishBalance(pub, 7, 500);
      const { url, body } = seen[0]!;
      expect(url.pathname).toBe('/apps/42/events');
      expect(JSON.parse(body)).toEqual({
        name: 'balanceUpdated',
        channels: ['private-users.7'],
        data: JSON.stringify({ type: 'balanceUpdated', current_balance: 5 }),
      });
      const q = url.searchParams;
      expect(q.get('auth_key')).toBe('the-key');
      expect(q.get('auth_version')).toBe('1.0');
      expect(q.get('body_md5')).toBe(createHash('md5').update(body).digest('hex'));
      expect(Math.abs(Number(q.get('auth_timestamp')) - Date.now() / 1000)).toBeLessThan(5);
      const toSign = `POST\n/apps/42/events\nauth_key=the-key&auth_timestamp=${q.get('auth_timestamp')}&auth_version=1.0&body_md5=${q.get('body_md5')}`;
      expect(q.get('auth_signature')).toBe(createHmac('sha256', 'the-secret').update(toSign).digest('hex'));
    } finally {
      server.close();
    }
  });
});
