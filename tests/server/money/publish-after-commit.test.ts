// Issue 12 item 2: with the channel service down, a committed money call must still answer 200
// (on main the dice bet answered 500 after its commit, so the player retried and bet twice).
// Every money route runs with a publisher whose service is unreachable.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createPlayer } from '../../helpers/users.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { grantItem } from '../../../src/server/modules/inventory/inventory.service.ts';
import { HttpPublisher } from '../../../src/server/realtime/http-publisher.ts';
import { QueuedPublisher, type ChannelEvent, type Publisher } from '../../../src/server/realtime/publisher.ts';

/** A port nothing listens on: the hosted channel service is down. */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describeEachDb('publishing after commit never fails the request', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    const publisher = new HttpPublisher({
      host: `http://127.0.0.1:${await deadPort()}`,
      appId: '1',
      key: 'k',
      secret: 's',
    });
    t = await createTestApp(dialect, { deps: { publisher } });
    await seedCatalog(t.database.db, 1_000);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const balance = async (id: number) =>
    Number(
      (await db().selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_cents,
    );
  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.fastify.inject({ method: 'POST', url, headers, payload });
  const product = async (slug: string) =>
    db().selectFrom('products').select(['id', 'price_cents']).where('slug', '=', slug).executeTakeFirstOrThrow();

  it('a dice bet answers 200 once, with one bet recorded, while the channel service is down', async () => {
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 10_000 });
    const res = await post('/api/dice/bet', p.headers, { amount: 1, target: 50, direction: 'over' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(p.id)).toBe(Math.round(res.json().balance * 100));
    expect((await db().selectFrom('dice_bets').select('id').where('user_id', '=', p.id).execute()).length).toBe(1);
  });

  it('box openings, upgrades, sales and withdrawals answer 200 too', async () => {
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 100_000 });
    const open = await post('/api/boxes/penny-box/open', p.headers, { count: 1 });
    expect(open.statusCode, open.body).toBe(200);
    const cap = await product('dad-cap-navy');
    const item = (slug: number) =>
      grantItem(db(), { userId: p.id, productId: slug, source: 'admin', sourceRef: 'test', now: 1 });
    const target = await product('aero-runner-volt');
    const up = await post('/api/upgrade', p.headers, {
      item_ids: [await item(cap.id)],
      balance: 20,
      target_product_id: target.id,
    });
    expect(up.statusCode, up.body).toBe(200);
    const sell = await post('/api/inventory/sell', p.headers, { ids: [await item(cap.id)] });
    expect(sell.statusCode, sell.body).toBe(200);
    const w = await post('/api/withdrawals', p.headers, {
      amount: 20,
      method: 'ETH',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect(w.statusCode, w.body).toBe(200);
    expect(await balance(p.id)).toBe(Math.round(w.json().balance * 100));
  });
});

describe('QueuedPublisher', () => {
  it('returns at once, sends in order, reports failures and goes on', async () => {
    const sent: string[] = [];
    const inner: Publisher = {
      async publish(channel, event) {
        await new Promise((r) => setTimeout(r, 5));
        if (event === 'bad') throw new Error('service down');
        sent.push(`${channel}:${event}`);
      },
    };
    const failed: ChannelEvent[] = [];
    const q = new QueuedPublisher(inner, (_err, e) => failed.push(e), 3);
    const started = Date.now();
    await q.publish('a', 'one', {});
    await q.publish('a', 'bad', {});
    await q.publish('b', 'two', {});
    expect(Date.now() - started).toBeLessThan(5);
    await q.idle();
    expect(sent).toEqual(['a:one', 'b:two']);
    expect(failed.map((e) => e.event)).toEqual(['bad']);
    for (let i = 0; i < 5; i++) void q.publish('c', `e${i}`, {}); // in one turn, over `max`: the oldest are dropped
    await q.idle();
    expect(failed.map((e) => e.event)).toEqual(['bad', 'e0', 'e1']);
    expect(sent.slice(2)).toEqual(['c:e2', 'c:e3', 'c:e4']);
  });
});
