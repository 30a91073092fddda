// The chat live on the public channel `chat` (pusher-js against the embedded channel server), on
// both databases: a posted message reaches another player's open connection, and the operator
// CLI's chat:delete reaches it through the outbox (published by the running server's poller).
import type { Channel } from 'pusher-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { channelRig, connected, type ChannelRig } from '../helpers/pusher.ts';
import { signUp } from '../helpers/accounts.ts';
import { runAdmin } from '../../src/server/cli/admin.ts';
import { CHAT_CHANNEL, type ChatMessage } from '../../src/shared/api/chat.ts';

function subscribed(ch: Channel): Promise<void> {
  return new Promise((resolve, reject) => {
    ch.bind('pusher:subscription_succeeded', () => resolve());
    ch.bind('pusher:subscription_error', (e: unknown) => reject(new Error(`subscription_error ${JSON.stringify(e)}`)));
  });
}

function next<T>(ch: Channel, event: string): Promise<T> {
  return new Promise((resolve) => {
    const handler = (data: T) => {
      ch.unbind(event, handler);
      resolve(data);
    };
    ch.bind(event, handler);
  });
}

describeEachDb('chat live', (dialect) => {
  let rig: ChannelRig;
  beforeAll(async () => {
    rig = await channelRig(dialect);
  });
  afterAll(() => rig.close());

  it("a message reaches another player's open connection, and chat:delete removes it live", async () => {
    const sender = await signUp(rig.app, 'Sender');
    const senderId = (
      await rig.app.fastify.inject({ method: 'GET', url: '/api/profile', headers: sender.headers })
    ).json().data.id as number;
    await runAdmin(rig.app.database.db, ['credit', String(senderId), '1', '--reason', 'chat test'], Date.now());
    const bet = await rig.app.fastify.inject({
      method: 'POST',
      url: '/api/dice/bet',
      headers: sender.headers,
      payload: { amount: 1, target: 50, direction: 'under' },
    });
    const betId = bet.json().data.id as number;
    const watcher = rig.client(); // a guest reading the room
    await connected(watcher);
    const ch = watcher.subscribe(CHAT_CHANNEL);
    await subscribed(ch);

    const arrived = next<ChatMessage>(ch, 'chatMessage');
    const text = '<script>alert("x")</script> gg';
    const r = await rig.app.fastify.inject({
      method: 'POST',
      url: '/api/chat',
      headers: sender.headers,
      payload: { message: text, bet: { game: 'dice', id: betId } },
    });
    expect(r.statusCode).toBe(201);
    const live = await arrived;
    expect(live).toEqual(r.json().data);
    expect(live).toMatchObject({ message: text, user: { name: 'Sender' }, bet: { game: 'dice', id: betId } });

    const deleted = next<{ id: number }>(ch, 'chatMessageDeleted');
    await runAdmin(rig.app.database.db, ['chat:delete', String(live.id)], Date.now());
    expect(await deleted).toEqual({ id: live.id }); // the server's outbox poller published it
  });
});
