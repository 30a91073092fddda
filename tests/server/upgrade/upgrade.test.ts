// Upgrade on each database: chance and roll recomputed from the revealed seeds, items consumed
// either way and the target granted on a win, balance stakes through the ledger, bad input 4xx
// with nothing changed, and parallel upgrades of one item: exactly one succeeds, nothing minted.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../../helpers/users.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { grantItem } from '../../../src/server/modules/inventory/inventory.service.ts';
import type { LocalPublisher } from '../../../src/server/realtime/publisher.ts';
import { upgradeOutcome } from '../../../src/shared/games/upgrade/upgrade.outcome.ts';
import type { Upgrade } from '../../../src/shared/api/upgrade.ts';
import { sha256Hex } from '../../../src/shared/fair/index.ts';

describeEachDb('upgrade', (dialect) => {
  let t: TestApp;
  let products: Map<string, { id: number; price_cents: number }>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
    products = new Map(
      (await t.database.db.selectFrom('products').select(['id', 'slug', 'price_cents']).execute()).map((p) => [
        p.slug,
        p,
      ]),
    );
  });
  afterAll(() => t.close());

  const pid = (slug: string) => products.get(slug)!.id;
  async function playerWith(slugs: string[], balanceCents = 0): Promise<{ p: TestPlayer; ids: number[] }> {
    const p = await createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents });
    const ids: number[] = [];
    for (const s of slugs)
      ids.push(
        await grantItem(t.database.db, {
          userId: p.id,
          productId: pid(s),
          source: 'admin',
          sourceRef: 'test',
          now: 2_000,
        }),
      );
    return { p, ids };
  }
  const upgrade = (p: TestPlayer, payload: unknown) =>
    t.fastify.inject({ method: 'POST', url: '/api/upgrade', headers: p.headers, payload: payload as object });
  const balance = async (id: number) =>
    Number(
      (await t.database.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_cents,
    );
  const items = (userId: number) =>
    t.database.db
      .selectFrom('inventory_items')
      .select(['id', 'status', 'product_id', 'source', 'price_cents'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const pairs = (userId: number) =>
    t.database.db
      .selectFrom('fair_seeds')
      .select(['slot', 'nonce', 'server_seed_hash'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const rotateAndReveal = async (p: TestPlayer) => {
    const r = await t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers, payload: {} });
    expect(r.statusCode).toBe(200);
    return (await t.fastify.inject({ method: 'GET', url: '/api/upgrade/history?limit=100', headers: p.headers })).json()
      .data as Upgrade[];
  };

  it('needs a token to play and to read history; targets are public, sorted and filtered', async () => {
    expect(
      (
        await t.fastify.inject({
          method: 'POST',
          url: '/api/upgrade',
          payload: { item_ids: [1], target_product_id: 1 },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/upgrade/history' })).statusCode).toBe(401);
    const all = (await t.fastify.inject({ method: 'GET', url: '/api/upgrade/targets?limit=100' })).json();
    expect(all.rules).toEqual({ edge: 5, min_chance: 1, max_chance: 75, max_items: 10 });
    const prices = all.data.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const some = (
      await t.fastify.inject({
        method: 'GET',
        url: '/api/upgrade/targets?min_price=500&max_price=1000&sort=price_desc&search=phone',
      })
    ).json().data;
    expect(some.length).toBeGreaterThan(0);
    for (const p of some) expect(p.price >= 500 && p.price <= 1000 && /phone/i.test(p.name)).toBe(true);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/upgrade/targets?sort=nope' })).statusCode).toBe(422);
    const doc = (await t.fastify.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/api/upgrade', '/api/upgrade/history', '/api/upgrade/targets'])
      expect(doc.paths[path], path).toBeTruthy();
    expect(JSON.stringify(doc.paths['/api/upgrade'])).toContain('capped at 75%');
  });

  it('golden seed: nonce 1 wins (16.44 < 17.97), nonces 2 and 3 lose; stake consumed either way, target granted on the win', async () => {
    const stake = products.get('aero-runner-volt')!; // $189 → $999 phone: floor(18900 × 9500 / 99900) bp = 17.97%
    const target = products.get('nova-phone-15-graphite')!;
    const { p, ids } = await playerWith(['aero-runner-volt', 'aero-runner-volt', 'aero-runner-volt']);
    await t.fastify.inject({ method: 'GET', url: '/api/fair/seeds', headers: p.headers }); // creates the pairs
    await t.database.db
      .updateTable('fair_seeds')
      .set({ server_seed: 'a'.repeat(64), server_seed_hash: sha256Hex('a'.repeat(64)), client_seed: 'abc', nonce: 1 })
      .where('user_id', '=', p.id)
      .where('slot', '=', 'active')
      .execute();
    const done: Upgrade[] = [];
    for (const id of ids) {
      const res = await upgrade(p, { item_ids: [id], target_product_id: target.id });
      expect(res.statusCode, res.body).toBe(200);
      const { data, balance: bal } = res.json() as { data: Upgrade; balance: number };
      expect(bal).toBe(0);
      expect(data).toMatchObject({
        chance: 17.97,
        edge: 5,
        stake: { item_ids: [id], items_value: stake.price_cents / 100, balance: 0, total: 189 },
        target: { id: target.id, price: 999 },
        server_seed: null,
      });
      done.push(data);
    }
    expect(done.map((u) => [u.nonce, u.roll, u.win])).toEqual([
      [1, 16.440096078440547, true],
      [2, 54.59779207594693, false],
      [3, 75.27878468390554, false],
    ]);
    expect(done[0]!.new_item).toMatchObject({
      status: 'owned',
      price: 999,
      sale_price: 899.1,
      source: 'upgrade',
      product: { id: target.id },
    });
    expect(done[1]!.new_item).toBeNull();
    const mine = await items(p.id);
    expect(mine.map((r) => [r.id, r.status, r.source])).toEqual([
      ...ids.map((id) => [id, 'used_in_upgrade', 'admin']),
      [done[0]!.new_item!.id, 'owned', 'upgrade'],
    ]);
    expect(Number(mine.at(-1)!.price_cents)).toBe(99_900);
    const rows = await t.database.db
      .selectFrom('upgrades')
      .selectAll()
      .where('user_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(
      rows.map((r) => [
        Number(r.chance_bp),
        Number(r.edge_bp),
        Number(r.win),
        r.inventory_item_id === null ? null : Number(r.inventory_item_id),
      ]),
    ).toEqual([
      [1797, 500, 1, done[0]!.new_item!.id],
      [1797, 500, 0, null],
      [1797, 500, 0, null],
    ]);
    const history = await rotateAndReveal(p);
    expect(history.map((u) => [u.id, u.server_seed])).toEqual(done.map((u) => [u.id, 'a'.repeat(64)]).reverse());
  });

  it('fresh random seeds: every roll recomputes from the revealed server seed', async () => {
    const p = await createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents: 0 });
    for (let i = 0; i < 6; i++) {
      const id = await grantItem(t.database.db, {
        userId: p.id,
        productId: pid('aero-runner-volt'),
        source: 'admin',
        sourceRef: 'test',
        now: 2_000,
      });
      const res = await upgrade(p, { item_ids: [id], target_product_id: pid('nova-phone-15-graphite') });
      expect(res.json().data).toMatchObject({ nonce: i, new_item: res.json().data.win ? { source: 'upgrade' } : null });
    }
    const history = await rotateAndReveal(p);
    expect(history).toHaveLength(6);
    for (const h of history) {
      expect(h.server_seed).toMatch(/^[0-9a-f]{64}$/);
      expect(
        upgradeOutcome({ serverSeed: h.server_seed!, clientSeed: h.client_seed, nonce: h.nonce }, h.chance),
      ).toEqual({ roll: h.roll, chance: h.chance, win: h.win });
    }
  });

  it('several items plus balance: one ledger debit of kind upgrade, balance published after commit', async () => {
    const { p, ids } = await playerWith(['dad-cap-navy', 'keychain-loot-crate'], 5_000);
    const itemsCents = products.get('dad-cap-navy')!.price_cents + products.get('keychain-loot-crate')!.price_cents;
    const target = products.get('aero-runner-volt')!;
    const events: unknown[] = [];
    const off = (t.fastify.publisher as LocalPublisher).subscribe((e) => events.push(e));
    const res = await upgrade(p, { item_ids: [ids[1], ids[0]], balance: 12.5, target_product_id: target.id });
    off();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Upgrade; balance: number };
    const chanceBp = Math.floor(((itemsCents + 1_250) * 9_500) / target.price_cents);
    expect(body.data.chance).toBe(chanceBp / 100);
    expect(body.data.stake).toEqual({
      item_ids: [...ids].sort((a, b) => a - b),
      items_value: itemsCents / 100,
      balance: 12.5,
      total: (itemsCents + 1_250) / 100,
    });
    expect(body.balance).toBe(37.5);
    expect(await balance(p.id)).toBe(3_750);
    expect(events).toContainEqual({
      channel: `private-users.${p.id}`,
      event: 'balanceUpdated',
      data: { type: 'balanceUpdated', current_balance: 37.5 },
    });
    const moves = await t.database.db
      .selectFrom('ledger')
      .select(['kind', 'delta_cents', 'reference'])
      .where('user_id', '=', p.id)
      .where('kind', '=', 'upgrade')
      .execute();
    expect(moves).toEqual([{ kind: 'upgrade', delta_cents: -1_250, reference: `upgrade:${body.data.id}` }]);
    expect((await items(p.id)).filter((r) => ids.includes(r.id)).map((r) => r.status)).toEqual([
      'used_in_upgrade',
      'used_in_upgrade',
    ]);
  });

  it('refuses bad upgrades with 4xx and changes nothing (items, balance, nonce)', async () => {
    const { p, ids } = await playerWith(['dad-cap-navy', 'aero-runner-volt'], 100);
    const other = await playerWith(['keychain-loot-crate']);
    const cases: [unknown, number, RegExp][] = [
      [{ item_ids: [ids[0]], target_product_id: pid('keychain-loot-crate') }, 422, /worth more than your stake/],
      [{ item_ids: [ids[0]], target_product_id: 999_999 }, 422, /does not exist/],
      [
        { item_ids: [other.ids[0]], target_product_id: pid('nova-phone-15-graphite') },
        409,
        /no longer in your inventory/,
      ],
      [
        { item_ids: [ids[0], other.ids[0]], target_product_id: pid('nova-phone-15-graphite') },
        409,
        /no longer in your inventory/,
      ],
      [
        { item_ids: [ids[0]], balance: 5, target_product_id: pid('nova-phone-15-graphite') },
        422,
        /Insufficient balance/,
      ],
      [{ item_ids: [ids[0], ids[0]], target_product_id: pid('nova-phone-15-graphite') }, 422, /staked once/],
      [{ item_ids: [], target_product_id: pid('nova-phone-15-graphite') }, 422, /at least one item/],
      [{ item_ids: [ids[0]], balance: 0.001, target_product_id: pid('nova-phone-15-graphite') }, 422, /2 decimals/],
    ];
    const cheapest = (
      await t.fastify.inject({ method: 'GET', url: '/api/upgrade/targets?sort=price_desc&limit=1' })
    ).json().data[0];
    // $35 into the dearest product: below the 1% floor unless it is cheaper than $3,325
    if (cheapest.price * 100 > Math.floor((3_500 * 9_500) / 100))
      cases.push([{ item_ids: [ids[0]], target_product_id: cheapest.id }, 422, /below 1%/]);
    const before = { items: await items(p.id), other: await items(other.p.id), bal: await balance(p.id) };
    await t.fastify.inject({ method: 'GET', url: '/api/fair/seeds', headers: p.headers });
    const seedsBefore = await pairs(p.id);
    for (const [payload, status, text] of cases) {
      const r = await upgrade(p, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(status);
      expect(r.json().message).toMatch(text);
    }
    expect(await items(p.id)).toEqual(before.items);
    expect(await items(other.p.id)).toEqual(before.other);
    expect(await balance(p.id)).toBe(before.bal);
    expect(await pairs(p.id)).toEqual(seedsBefore);
    expect(await t.database.db.selectFrom('upgrades').select('id').where('user_id', '=', p.id).execute()).toEqual([]);
  });

  it('parallel upgrades with the same item: exactly one succeeds; nothing lost or minted; balance debited once', async () => {
    const { p, ids } = await playerWith(['aero-runner-volt', 'dad-cap-navy'], 10_000);
    const target = pid('nova-phone-15-graphite');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        upgrade(p, { item_ids: i % 2 ? [ids[0], ids[1]] : [ids[0]], balance: 10, target_product_id: target }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const won = (ok[0]!.json() as { data: Upgrade }).data;
    const after = await items(p.id);
    const consumed = new Set(won.stake.item_ids);
    for (const id of ids)
      expect(after.find((r) => r.id === id)!.status).toBe(consumed.has(id) ? 'used_in_upgrade' : 'owned');
    expect(after.filter((r) => r.source === 'upgrade')).toHaveLength(won.win ? 1 : 0);
    expect(after).toHaveLength(2 + (won.win ? 1 : 0));
    expect(await balance(p.id)).toBe(9_000);
    expect(await t.database.db.selectFrom('upgrades').select('id').where('user_id', '=', p.id).execute()).toHaveLength(
      1,
    );
    const active = (await pairs(p.id)).find((r) => r.slot === 'active')!;
    expect(Number(active.nonce)).toBe(1);
  });
});
