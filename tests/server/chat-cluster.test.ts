// The chat across two instances (issue 29), with TEST_REDIS_URL: two apps whose channel servers share
// a Redis topic (one installation's PUSHER_APP_KEY); a message posted on instance A reaches a
// subscriber connected to instance B once, as the message A answered, and A's own subscriber too.
import { randomBytes } from 'node:crypto';
import type { Channel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelRig, connected, type ChannelRig } from '../helpers/pusher.ts';
import { signUp } from '../helpers/accounts.ts';
import { CHAT_CHANNEL, CHAT_MESSAGE_EVENT, type ChatMessage } from '../../src/shared/api/chat.ts';

function subscribed(ch: Channel): Promise<void> {
  return new Promise((resolve) => ch.bind('pusher:subscription_succeeded', () => resolve()));
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('chat across two instances through Redis', () => {
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

  it('a message posted on instance A reaches subscribers on B and on A, once each', async () => {
    const onA = a.client();
    const onB = b.client();
    await Promise.all([connected(onA), connected(onB)]);
    const chA = onA.subscribe(CHAT_CHANNEL);
    const chB = onB.subscribe(CHAT_CHANNEL);
    await Promise.all([subscribed(chA), subscribed(chB)]);
    const gotA: ChatMessage[] = [];
    const gotB: ChatMessage[] = [];
    chA.bind(CHAT_MESSAGE_EVENT, (m: ChatMessage) => gotA.push(m));
    chB.bind(CHAT_MESSAGE_EVENT, (m: ChatMessage) => gotB.push(m));

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
