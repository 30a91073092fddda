// Closing the app waits for a handler whose client hung up (src/server/http/in-flight.ts): a dice bet
// whose player disconnected while it was publishing after commit still publishes all its events
// before fastify.close() resolves — main.ts closes Redis and the database only after that.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { createPlayer } from '../helpers/users.ts';
import type { Publisher } from '../../src/server/realtime/publisher.ts';

/** A publisher that holds every publish until `open()`, and records whether the app was closed by then. */
function gatedPublisher() {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let first!: () => void;
  const firstPublish = new Promise<void>((r) => (first = r));
  const published: { event: string; afterClose: boolean }[] = [];
  const state = { closed: false };
  const publisher: Publisher = {
    async publish(_channel, event) {
      first();
      await gate;
      published.push({ event, afterClose: state.closed });
    },
  };
  return { publisher, open, firstPublish, published, state };
}

describeEachDb('draining on close', (dialect) => {
  it('fastify.close() waits for a bet whose client hung up, until its events are published', async () => {
    const g = gatedPublisher();
    const t = await createTestApp(dialect, { deps: { publisher: g.publisher } });
    try {
      const p = await createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents: 10_000 });
      await t.fastify.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.fastify.server.address() as AddressInfo;
      const body = JSON.stringify({ amount: 1, target: 50, direction: 'over' });
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/dice/bet',
        headers: { ...p.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('error', () => {}); // we hang up
      req.end(body);
      await g.firstPublish; // committed, publishing: the player gives up now
      req.destroy();
      await new Promise((r) => req.once('close', r));

      const closing = t.fastify.close().then(() => (g.state.closed = true));
      await new Promise((r) => setTimeout(r, 100));
      expect(g.state.closed).toBe(false); // still waiting for the bet's handler
      g.open();
      await closing;
      expect(g.published.length).toBeGreaterThanOrEqual(2); // the balance and the dice feed
      expect(g.published.every((e) => !e.afterClose)).toBe(true);
      const bets = await t.database.db.selectFrom('dice_bets').select('id').where('user_id', '=', p.id).execute();
      expect(bets).toHaveLength(1);
    } finally {
      g.open();
      await t.close();
    }
  });
});
