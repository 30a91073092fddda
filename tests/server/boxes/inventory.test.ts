// Inventory on each database: listing with filters and total, selling through the ledger,
// the parallel double-sell crediting once, and bad input answered 4xx with nothing written.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { createCatalogApp, type CatalogApp } from '../../helpers/catalog.ts';
import type { TestPlayer } from '../../helpers/users.ts';
import type { LocalPublisher } from '../../../src/server/realtime/publisher.ts';

describeEachDb('inventory', (dialect) => {
  let t: TestApp;
  let playerWith: CatalogApp['playerWith'];
  beforeAll(async () => {
    ({ t, playerWith } = await createCatalogApp(dialect));
  });
  afterAll(() => t.close());

  const inv = (p: TestPlayer, q = '') =>
    t.fastify.inject({ method: 'GET', url: `/api/inventory${q}`, headers: p.headers });
  const sell = (p: TestPlayer, payload: unknown) =>
    t.fastify.inject({ method: 'POST', url: '/api/inventory/sell', headers: p.headers, payload: payload as object });
  const balance = async (id: number) =>
    (await t.database.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
      .balance_cents;
  const ledgerCount = async (id: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('ledger')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('user_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('needs a token', async () => {
    expect((await t.fastify.inject({ method: 'GET', url: '/api/inventory' })).statusCode).toBe(401);
    expect(
      (await t.fastify.inject({ method: 'POST', url: '/api/inventory/sell', payload: { ids: [1] } })).statusCode,
    ).toBe(401);
  });

  it('lists owned items with product, status and the total sale value; filters and sorts', async () => {
    const { p, ids } = await playerWith(['aero-runner-volt', 'nova-phone-15-graphite', 'dad-cap-navy']);
    const body = (await inv(p)).json();
    expect(body.data.map((i: { id: number }) => i.id)).toEqual([...ids].reverse());
    expect(body.owned_count).toBe(3);
    expect(body.total_value).toBe(170.1 + 899.1 + 31.5);
    expect(body.data[2]).toMatchObject({
      status: 'owned',
      price: 189,
      sale_price: 170.1,
      size: null,
      product: { slug: 'aero-runner-volt', category: 'sneakers', img_url: '/img/products/aero-runner-volt.svg' },
    });
    expect((await inv(p, '?category=electronics')).json().data.map((i: { id: number }) => i.id)).toEqual([ids[1]]);
    expect((await inv(p, '?search=CAP')).json().data.map((i: { id: number }) => i.id)).toEqual([ids[2]]);
    expect((await inv(p, '?sort=price_desc')).json().data.map((i: { id: number }) => i.id)).toEqual([
      ids[1],
      ids[0],
      ids[2],
    ]);
    expect((await inv(p, '?rarity=legendary')).json().data).toEqual([]);
    expect((await inv(p, '?per_page=1&page=2')).json()).toMatchObject({
      data: [{ id: ids[1] }],
      meta: { page: 2, per_page: 1, total: 3 },
    });
    // another player's items never show
    const other = await playerWith([]);
    expect((await inv(other.p)).json()).toMatchObject({ data: [], total_value: 0, owned_count: 0 });
  });

  it('sells one and many at sale price through the ledger, and publishes the balance', async () => {
    const { p, ids } = await playerWith(['aero-runner-volt', 'dad-cap-navy', 'keychain-loot-crate'], 100);
    const events: unknown[] = [];
    const off = (t.fastify.publisher as LocalPublisher).subscribe((e) => events.push(e));
    const one = await sell(p, { ids: [ids[0]] });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ msg: 'Sold 1 item for $170.10.', sold: [ids[0]], amount: 170.1, balance: 171.1 });
    const many = await sell(p, { ids: [ids[2], ids[1]] });
    expect(many.json()).toMatchObject({ sold: [ids[1], ids[2]], amount: 31.5 + 2.7, balance: 171.1 + 34.2 });
    off();
    expect(events).toContainEqual({
      channel: `private-users.${p.id}`,
      event: 'balanceUpdated',
      data: { type: 'balanceUpdated', current_balance: 205.3 },
    });
    expect(await balance(p.id)).toBe(20_530);
    const sold = (await inv(p, '?status=sold')).json();
    expect(sold.data).toHaveLength(3);
    expect(sold.total_value).toBe(0);
    const rows = await t.database.db
      .selectFrom('ledger')
      .select(['kind', 'delta_cents', 'reference'])
      .where('user_id', '=', p.id)
      .where('kind', '=', 'sale')
      .execute();
    expect(rows.map((r) => r.delta_cents).sort((a, b) => a - b)).toEqual([270, 3150, 17_010]);
  });

  it('the same item sold twice in parallel credits once', async () => {
    const { p, ids } = await playerWith(['nova-phone-15-graphite', 'aero-runner-volt', 'dad-cap-navy']);
    const single = await Promise.all(Array.from({ length: 6 }, () => sell(p, { ids: [ids[0]] })));
    expect(single.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await balance(p.id)).toBe(89_910);
    // overlapping multi-item sales in opposite orders: one wins whole, the other changes nothing
    const pair = await Promise.all([sell(p, { ids: [ids[1], ids[2]] }), sell(p, { ids: [ids[2], ids[1]] })]);
    expect(pair.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balance(p.id)).toBe(89_910 + 17_010 + 3_150);
    expect(await ledgerCount(p.id)).toBe(3);
  });

  it('refuses items that are not the player’s owned items, all or nothing', async () => {
    const a = await playerWith(['aero-runner-volt', 'dad-cap-navy']);
    const b = await playerWith(['sticker-pack-arcade']);
    const res = await sell(a.p, { ids: [a.ids[0], b.ids[0]] });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('Some of these items are no longer in your inventory.');
    expect((await sell(a.p, { ids: [a.ids[1], 999_999_999] })).statusCode).toBe(409);
    expect(await balance(a.p.id)).toBe(0);
    expect((await inv(a.p)).json().owned_count).toBe(2);
    expect((await inv(b.p)).json().owned_count).toBe(1);
  });

  it('answers bad input with 4xx and writes nothing', async () => {
    const { p, ids } = await playerWith(['aero-runner-volt']);
    const bad: unknown[] = [
      {},
      { ids: [] },
      { ids: 'all' },
      { ids: [ids[0], ids[0]] },
      { ids: ['1'] },
      { ids: [1.5] },
      { ids: [-1] },
      { ids: [0] },
      { ids: [null] },
      { ids: [1e300] },
      { ids: Array.from({ length: 201 }, (_, i) => i + 1) },
      { ids: ['1; DROP TABLE inventory_items'] },
      { ids: ['<b>'] },
      { ids: ['💰'] },
    ];
    for (const payload of bad) {
      const res = await sell(p, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(res.json().msg).toBeTruthy();
    }
    const huge = await t.fastify.inject({
      method: 'POST',
      url: '/api/inventory/sell',
      headers: { ...p.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: [1], pad: 'x'.repeat(20_000) }),
    });
    expect(huge.statusCode).toBe(413);
    const notJson = await t.fastify.inject({
      method: 'POST',
      url: '/api/inventory/sell',
      headers: { ...p.headers, 'content-type': 'application/json' },
      payload: '{ids:',
    });
    expect(notJson.statusCode).toBe(400);
    for (const q of [
      '?status=lost',
      '?category=food',
      '?rarity=mythic',
      '?sort=random',
      '?page=0',
      '?per_page=1000',
      `?search=${'x'.repeat(65)}`,
    ]) {
      expect((await inv(p, q)).statusCode, q).toBe(422);
    }
    expect(await ledgerCount(p.id)).toBe(0);
    expect((await inv(p)).json().owned_count).toBe(1);
  });
});
