// Channels beyond one process (issue #18): the Pusher HTTP events API of the embedded channel
// server (signed as Pusher signs; the site's HttpPublisher is the client, as it would be for soketi
// or Pusher), and, with TEST_REDIS_URL, two instances whose channel servers share a Redis topic:
// a subscriber on instance A receives an event published on instance B, exactly once; a chat message
// posted on instance A reaches a subscriber of `chat` on B (issue 29).
import { randomBytes } from 'node:crypto';
import type { Channel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpPublisher, signedQuery } from '../../src/server/realtime/http-publisher.ts';
import { channelRig, connected, type ChannelRig } from '../helpers/pusher.ts';
import { signUp } from '../helpers/accounts.ts';
import { CHAT_CHANNEL, CHAT_MESSAGE_EVENT } from '../../src/shared/api/chat.ts';
import { describeEachDb } from '../helpers/test-db.ts';

function subscribed(ch: Channel): Promise<void> {
  return new Promise((resolve) => ch.bind('pusher:subscription_succeeded', () => resolve()));
}

/** Collects what a channel receives for `event`. */
function collect(ch: Channel, event: string): unknown[] {
  const got: unknown[] = [];
  ch.bind(event, (d: unknown) => got.push(d));
  return got;
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describeEachDb('Pusher HTTP events API', (dialect) => {
  let rig: ChannelRig;
  beforeAll(async () => {
    rig = await channelRig(dialect);
  });
  afterAll(() => rig.close());

  const signer = () => ({ key: rig.app.config.secrets.pusherKey, secret: rig.app.config.secrets.pusherSecret });
  const publisher = (over: Partial<{ appId: string; secret: string }> = {}) =>
    new HttpPublisher({
      host: rig.url,
      appId: over.appId ?? rig.app.config.pusherAppId,
      key: rig.app.config.secrets.pusherKey,
      secret: over.secret ?? rig.app.config.secrets.pusherSecret,
    });

  it('a signed event reaches the channel subscribers; batches too', async () => {
    const p = rig.client();
    await connected(p);
    const ch = p.subscribe('lastDrop');
    await subscribed(ch);
    const got = collect(ch, 'fromAfar');
    await publisher().publish('lastDrop', 'fromAfar', { n: 1 });
    await until(() => got.length === 1);
    expect(got).toEqual([{ n: 1 }]);

    const path = `/apps/${rig.app.config.pusherAppId}/batch_events`;
    const body = JSON.stringify({
      batch: [
        { channel: 'lastDrop', name: 'fromAfar', data: JSON.stringify({ n: 2 }) },
        { channel: 'lastDrop', name: 'fromAfar', data: 'plain text' },
      ],
    });
    const query = signedQuery(signer(), 'POST', path, body, Math.floor(Date.now() / 1000));
    const res = await fetch(`${rig.url}${path}?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    await until(() => got.length === 3);
    expect(got.slice(1)).toEqual([{ n: 2 }, 'plain text']);
  });

  it('refuses a wrong secret, a stale timestamp, a changed body, an unknown app and a bad body — and delivers nothing', async () => {
    const p = rig.client();
    await connected(p);
    const ch = p.subscribe('lastDrop');
    await subscribed(ch);
    const got = collect(ch, 'refused');
    await expect(
      publisher({ secret: randomBytes(24).toString('hex') }).publish('lastDrop', 'refused', {}),
    ).rejects.toThrow(/401.*Invalid signature/);
    await expect(publisher({ appId: 'nope' }).publish('lastDrop', 'refused', {})).rejects.toThrow(/404/);

    const path = `/apps/${rig.app.config.pusherAppId}/events`;
    const send = (body: string, query: string) =>
      fetch(`${rig.url}${path}?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const now = Math.floor(Date.now() / 1000);
    const good = JSON.stringify({ name: 'refused', channels: ['lastDrop'], data: '{}' });
    const stale = await send(good, signedQuery(signer(), 'POST', path, good, now - 601));
    expect(stale.status).toBe(401);
    expect((await stale.json()).msg).toMatch(/auth_timestamp/);
    const changed = await send(good.replace('lastDrop', 'other'), signedQuery(signer(), 'POST', path, good, now));
    expect(changed.status).toBe(401);
    expect((await changed.json()).msg).toMatch(/body_md5/);
    for (const body of [
      'not json',
      JSON.stringify({ name: 'refused', data: '{}' }),
      JSON.stringify({ name: 'x', channels: ['lastDrop'], data: 'x'.repeat(10_241) }),
    ]) {
      const res = await send(body, signedQuery(signer(), 'POST', path, body, now));
      expect(res.status).toBe(400);
      expect(typeof (await res.json()).msg).toBe('string');
    }
    // a control event after the refused ones arrives alone
    await publisher().publish('lastDrop', 'refused', { control: true });
    await until(() => got.length >= 1);
    expect(got).toEqual([{ control: true }]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('channels across two instances through Redis', () => {
  const env = {
    PUSHER_APP_KEY: `k-${randomBytes(6).toString('hex')}`,
    PUSHER_APP_SECRET: randomBytes(24).toString('hex'),
  };
  let a: ChannelRig;
  let b: ChannelRig;
  beforeAll(async () => {
    a = await channelRig('sqlite', {}, { env, redisUrl });
    b = await channelRig('sqlite', {}, { env, redisUrl });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('an event published on instance B reaches a subscriber on A once, and one on B once', async () => {
    const onA = a.client();
    const onB = b.client();
    await Promise.all([connected(onA), connected(onB)]);
    const chA = onA.subscribe('lastDrop');
    const chB = onB.subscribe('lastDrop');
    await Promise.all([subscribed(chA), subscribed(chB)]);
    const gotA = collect(chA, 'crossed');
    const gotB = collect(chB, 'crossed');
    await b.app.fastify.publisher.publish('lastDrop', 'crossed', { from: 'B' });
    await a.app.fastify.publisher.publish('lastDrop', 'crossed', { from: 'A' });
    await until(() => gotA.length === 2 && gotB.length === 2);
    await new Promise((r) => setTimeout(r, 100)); // nothing arrives twice
    expect(gotA).toEqual([{ from: 'B' }, { from: 'A' }]);
    expect(gotB).toEqual([{ from: 'B' }, { from: 'A' }]);
  });

  it("the events API of one instance reaches the other's clients", async () => {
    const onA = a.client();
    await connected(onA);
    const ch = onA.subscribe('lastDrop');
    await subscribed(ch);
    const got = collect(ch, 'viaHttp');
    const http = new HttpPublisher({
      host: b.url,
      appId: b.app.config.pusherAppId,
      key: env.PUSHER_APP_KEY,
      secret: env.PUSHER_APP_SECRET,
    });
    await http.publish('lastDrop', 'viaHttp', { ok: 1 });
    await until(() => got.length === 1);
    expect(got).toEqual([{ ok: 1 }]);
  });

  it('a chat message posted on instance A reaches subscribers of `chat` on B and on A, once each', async () => {
    const onA = a.client();
    const onB = b.client();
    await Promise.all([connected(onA), connected(onB)]);
    const chA = onA.subscribe(CHAT_CHANNEL);
    const chB = onB.subscribe(CHAT_CHANNEL);
    await Promise.all([subscribed(chA), subscribed(chB)]);
    const gotA = collect(chA, CHAT_MESSAGE_EVENT);
    const gotB = collect(chB, CHAT_MESSAGE_EVENT);
    const sender = await signUp(a.app, 'Across');
    const posted = await a.app.fastify.inject({
      method: 'POST',
      url: '/api/chat',
      headers: sender.headers,
      payload: { message: 'hello from A' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await until(() => gotA.length === 1 && gotB.length === 1);
    await new Promise((r) => setTimeout(r, 100)); // nothing arrives twice
    expect(gotB).toEqual([posted.json().data]);
    expect(gotA).toEqual([posted.json().data]);
    expect(gotB[0]).toMatchObject({ message: 'hello from A', user: { name: 'Across' } });
  });
});
