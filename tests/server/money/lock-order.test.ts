// Issue 12 item 3: every money path at once for one player must not deadlock on PostgreSQL.
// On main, custom-box openings (user rows, then the seed row) beside dice bets and upgrades (seed
// row, then the user row) deadlocked: 500s. Now every money transaction locks the user rows first
// (wallet README "Lock order"). Runs on SQLite too (there it checks the same money invariants).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createPlayer, type TestPlayer } from '../../helpers/users.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { freeBoxSlug, seedFreeBoxes } from '../../../src/server/modules/free-loot/free-loot.seed.ts';
import { grantItem } from '../../../src/server/modules/inventory/inventory.service.ts';
import { applyMove } from '../../../src/server/modules/wallet/ledger.ts';

const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';

describeEachDb('one lock order for every money transaction', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
    await seedFreeBoxes(t.database.db, 1_000);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const player = (name: string, balanceCents: number) =>
    createPlayer(db(), t.config.secrets.appSecret, { name, balanceCents });
  const post = (url: string, p: TestPlayer, payload: object) =>
    t.fastify.inject({ method: 'POST', url, headers: p.headers, payload });
  const products = async () =>
    db().selectFrom('products').select(['id', 'slug', 'price_cents']).orderBy('price_cents').execute();
  const customBox = async (p: TestPlayer, name: string) => {
    const cheap = (await products()).slice(0, 3);
    const res = await post('/api/user-boxes', p, {
      name,
      img: 'penny-box',
      items: [
        { product_id: cheap[0]!.id, chance: 60 },
        { product_id: cheap[1]!.id, chance: 30 },
        { product_id: cheap[2]!.id, chance: 10 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.slug as string;
  };
  const ledgerMatches = async (id: number) => {
    const rows = await db().selectFrom('ledger').select('delta_cents').where('user_id', '=', id).execute();
    const user = await db().selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow();
    return rows.reduce((a, r) => a + Number(r.delta_cents), 0) === Number(user.balance_cents);
  };

  it('dice, openings, custom boxes both ways, upgrades, sales, free loot and withdrawals at once: no 5xx', async () => {
    const p = await player('Player', 500_000);
    const creator = await player('Creator', 100_000);
    const other = await player('Other', 100_000);
    await applyMove(db(), {
      userId: p.id,
      deltaCents: 20_000, // stays over $5 net of the $100 withdrawn below
      kind: 'deposit',
      reference: 'test',
      idempotencyKey: `dep:${p.id}`,
      now: Date.now(),
    });
    await applyMove(db(), {
      userId: p.id,
      deltaCents: -350_000,
      kind: 'bet',
      reference: 'test',
      idempotencyKey: `play:${p.id}`,
      now: Date.now(),
      settlesOn: '',
    }); // recent settled play: the free-loot allowance covers a tier-1 box
    const theirs = await customBox(creator, 'Their Box');
    const mine = await customBox(p, 'My Box');
    const all = await products();
    const cheap = all[0]!;
    const target = all.find((x) => x.price_cents >= cheap.price_cents * 3)!;
    const items: number[] = [];
    for (let i = 0; i < 30; i++)
      items.push(await grantItem(db(), { userId: p.id, productId: cheap.id, source: 'admin', sourceRef: 't', now: 1 }));
    const upgradeStake = Math.floor(target.price_cents / 2 - cheap.price_cents) / 100; // about a 50 % chance
    const calls: Promise<{ statusCode: number; body: string }>[] = [];
    for (let i = 0; i < 40; i++) {
      calls.push(post('/api/dice/bet', p, { amount: 1, target: 50, direction: i % 2 ? 'over' : 'under' }));
      if (i < 15) calls.push(post(`/api/boxes/${theirs}/open`, p, { count: 1 + (i % 2) }));
      if (i < 10) calls.push(post('/api/boxes/penny-box/open', p, { count: 1 }));
      if (i < 10) calls.push(post(`/api/boxes/${mine}/open`, other, { count: 1 }));
      if (i < 10) calls.push(post(`/api/boxes/${theirs}/open`, creator, { count: 1 }));
      if (i < 10)
        calls.push(
          post('/api/upgrade', p, { item_ids: [items[i]!], balance: upgradeStake, target_product_id: target.id }),
        );
      if (i < 10) calls.push(post('/api/inventory/sell', p, { ids: [items[10 + i]!, items[20 + i]!] }));
      if (i < 5) calls.push(post('/api/withdrawals', p, { amount: 20, method: 'ETH', address: ETH }));
      if (i < 2) calls.push(post(`/api/free-boxes/${freeBoxSlug(1)}/open`, p, {}));
    }
    const answers = await Promise.all(calls);
    const failed = answers.filter((a) => a.statusCode >= 500);
    expect(failed.map((a) => a.body)).toEqual([]);
    // only the free box's second parallel opening may be refused (its daily slot is taken)
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.statusCode)).toEqual([429]);
    const withdrawals = await db().selectFrom('withdrawals').select('id').where('user_id', '=', p.id).execute();
    const second = await Promise.all([
      ...withdrawals.map((w) => post(`/api/withdrawals/${w.id}/cancel`, p, {})),
      ...Array.from({ length: 20 }, () => post('/api/dice/bet', p, { amount: 1, target: 50, direction: 'over' })),
      ...Array.from({ length: 10 }, () => post(`/api/boxes/${theirs}/open`, p, { count: 1 })),
    ]);
    expect(second.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    for (const id of [p.id, creator.id, other.id]) expect(await ledgerMatches(id)).toBe(true);
  });
});
