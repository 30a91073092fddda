// The box opening's hot path: an opening without Idempotency-Key, by a player who already has a
// seed pair, is one synchronous job of the group commit on SQLite, one la_apply_bet on PostgreSQL.
// The rows it writes are compared with the Kysely path's (an Idempotency-Key call), and the races,
// refusals and the custom box's creator share are checked with every player's pair made first so
// the openings take that path; the assertions also hold on PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { describeEachDb } from '../../helpers/test-db.ts';
import { activeNonce, balanceOf, createPlayer, type TestPlayer } from '../../helpers/users.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { boxOpenings } from '../../../src/server/modules/boxes/boxes.repository.ts';
import { boxTicket } from '../../../src/shared/fair/index.ts';

const SLUG = 'penny-box';
type Table = 'ledger' | 'inventory_items' | 'drops' | 'box_openings';

describeEachDb('box opening hot path', (dialect) => {
  let t: TestApp;
  let priceCents: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
    priceCents = Math.round(
      (await t.fastify.inject({ method: 'GET', url: `/api/boxes/${SLUG}` })).json().data.price * 100,
    );
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  /** A player whose seed pair exists, so their openings take the hot path on SQLite. */
  const player = (balanceCents: number) =>
    createPlayer(db(), t.config.secrets.appSecret, { balanceCents, seedPair: true });
  const open = (p: TestPlayer, payload: object, slug = SLUG, extra: Record<string, string> = {}) =>
    t.fastify.inject({ method: 'POST', url: `/api/boxes/${slug}/open`, headers: { ...p.headers, ...extra }, payload });
  const rows = (table: Table, userId: number) =>
    db().selectFrom(table).selectAll().where('user_id', '=', userId).orderBy('id').execute();
  /** A player's rows without ids, owners, seeds and times: what must be the same whichever path wrote them. */
  const shape = async (userId: number) => {
    const strip = (r: Record<string, unknown>) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(r))
        if (!/^(id|user_id|created_at|updated_at|inventory_item_id|drop_id|balance_after_cents)$/.test(k))
          out[k] = typeof v === 'string' ? v.replace(/[0-9a-f]{64}/, '<hash>').replace(/[0-9a-f]{16,}/, '<seed>') : v;
      return out;
    };
    const all = await Promise.all(
      (['ledger', 'inventory_items', 'drops', 'box_openings'] as Table[]).map((x) => rows(x, userId)),
    );
    return all.map((list) => list.filter((r) => r.kind !== 'admin' && r.kind !== 'deposit').map(strip));
  };

  it('writes the same rows as the Kysely path (an Idempotency-Key call) and answers the same', async () => {
    const fast = await player(priceCents * 5);
    const slow = await player(priceCents * 5);
    // the same seeds for both players, so both paths roll the same tickets (the stored hash differs:
    // it names the ledger keys, which are unique across players)
    const pair = await db()
      .selectFrom('fair_seeds')
      .selectAll()
      .where('user_id', '=', fast.id)
      .where('slot', '=', 'active')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('fair_seeds')
      .set({ server_seed: pair.server_seed, server_seed_hash: 'f'.repeat(64), client_seed: pair.client_seed })
      .where('user_id', '=', slow.id)
      .where('slot', '=', 'active')
      .execute();
    const a = await open(fast, { count: 3 });
    const b = await open(slow, { count: 3 }, SLUG, { 'idempotency-key': 'kysely-path-3' });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const strip = (body: { data: { reels: { inventory_item_id: number }[] } }) => ({
      ...body,
      data: { ...body.data, reels: body.data.reels.map((r) => ({ ...r, inventory_item_id: 0 })) },
    });
    const hashless = (x: object) => JSON.parse(JSON.stringify(x).replace(/[0-9a-f]{64}/g, '<hash>'));
    expect(hashless(strip(a.json()))).toEqual(hashless(strip(b.json())));
    expect(await shape(fast.id)).toEqual(await shape(slow.id));
    expect((await rows('ledger', fast.id)).filter((m) => m.kind === 'box')).toHaveLength(3);
    const reelIds = a.json().data.reels.map((r: { inventory_item_id: number }) => r.inventory_item_id);
    expect((await rows('inventory_items', fast.id)).map((r) => r.id)).toEqual(reelIds);
    const opened = await rows('box_openings', fast.id);
    const drops = await rows('drops', fast.id);
    expect(opened.map((o) => [o.drop_id, o.inventory_item_id])).toEqual(drops.map((d) => [d.id, d.inventory_item_id]));
    expect(await balanceOf(db(), fast.id)).toBe(priceCents * 2);
    expect(Number(a.json().balance)).toBe((priceCents * 2) / 100);
  });

  it('counts the openings on the box and levels the player like the Kysely path', async () => {
    const before = Number(
      (
        await db()
          .selectFrom('boxes')
          .select(boxOpenings.as('openings'))
          .where('slug', '=', SLUG)
          .executeTakeFirstOrThrow()
      ).openings,
    );
    const p = await player(priceCents * 5);
    expect((await open(p, { count: 5 })).statusCode).toBe(200);
    const box = await db()
      .selectFrom('boxes')
      .select(boxOpenings.as('openings'))
      .where('slug', '=', SLUG)
      .executeTakeFirstOrThrow();
    expect(Number(box.openings)).toBe(before + 5);
    const user = await db()
      .selectFrom('users')
      .select(['wagered_cents', 'edge_units'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(user.wagered_cents)).toBe(priceCents * 5);
    expect(Number(user.edge_units)).toBeGreaterThan(0);
  });

  it('50 parallel openings never overspend, use distinct consecutive nonces, and every ticket recomputes', async () => {
    const p = await player(priceCents * 20);
    const results = await Promise.all(Array.from({ length: 50 }, () => open(p, { count: 1 })));
    const ok = results.filter((r) => r.statusCode === 200).flatMap((r) => r.json().data.reels);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(20);
    expect(refused.every((r) => r.statusCode === 422 && r.json().message === 'Insufficient balance.')).toBe(true);
    expect(new Set(ok.map((r: { nonce: number }) => r.nonce))).toEqual(new Set([...Array(20).keys()]));
    expect(await activeNonce(db(), p.id)).toBe(20); // refused openings' nonces rolled back with them
    expect(await balanceOf(db(), p.id)).toBe(0);
    expect((await rows('ledger', p.id)).reduce((s, m) => s + Number(m.delta_cents), 0)).toBe(0);
    expect(await rows('inventory_items', p.id)).toHaveLength(20);
    const rotated = (await t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers })).json()
      .data;
    for (const o of await rows('box_openings', p.id))
      expect(
        boxTicket({ serverSeed: rotated.previous.server_seed, clientSeed: o.client_seed, nonce: Number(o.nonce) }),
      ).toBe(Number(o.ticket));
  });

  it('an opening that cannot pay its last reel writes nothing', async () => {
    const p = await player(priceCents * 3 - 1);
    const res = await open(p, { count: 3 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Insufficient balance.');
    for (const table of ['inventory_items', 'drops', 'box_openings'] as Table[])
      expect(await rows(table, p.id)).toHaveLength(0);
    expect(await activeNonce(db(), p.id)).toBe(0);
    expect(await balanceOf(db(), p.id)).toBe(priceCents * 3 - 1);
  });

  it('refuses a self-excluded player with 403, writing nothing', async () => {
    const p = await player(priceCents * 2);
    await db()
      .updateTable('users')
      .set({ self_excluded_until: Date.UTC(2099, 0, 1) })
      .where('id', '=', p.id)
      .execute();
    const res = await open(p, { count: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^You are self-excluded until .*2099/);
    expect(await rows('inventory_items', p.id)).toHaveLength(0);
    expect(await activeNonce(db(), p.id)).toBe(0);
  });

  it("a custom box pays its creator's share per reel, and none to a creator opening their own box", async () => {
    const creator = await player(0);
    const products = (await t.fastify.inject({ method: 'GET', url: '/api/products?sort=price_asc&limit=4' })).json()
      .data;
    const made = await t.fastify.inject({
      method: 'POST',
      url: '/api/user-boxes',
      headers: creator.headers,
      payload: {
        name: 'Hot Path Share',
        img: 'penny-box',
        items: products.map((x: { id: number }, i: number) => ({ product_id: x.id, chance: [60, 30, 9.5, 0.5][i] })),
      },
    });
    expect(made.statusCode).toBe(201);
    const box = made.json().data;
    const price = Math.round(box.price * 100);
    const share = Math.floor(price / 100);
    const opener = await player(price * 2);
    const res = await open(opener, { count: 2 }, box.slug);
    expect(res.statusCode).toBe(200);
    const reels = res.json().data.reels as { nonce: number; server_seed_hash: string }[];
    expect(await balanceOf(db(), creator.id)).toBe(share * 2);
    const credits = await db()
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', creator.id)
      .where('kind', '=', 'creator_share')
      .orderBy('id')
      .execute();
    expect(credits.map((l) => [Number(l.delta_cents), l.idempotency_key])).toEqual(
      reels.map((r) => [share, `creator_share:${r.server_seed_hash}:${r.nonce}`]),
    );
    const earned = await db()
      .selectFrom('boxes')
      .select('creator_earnings_cents')
      .where('slug', '=', box.slug)
      .executeTakeFirstOrThrow();
    expect(Number(earned.creator_earnings_cents)).toBe(share * 2);
    expect((await rows('ledger', opener.id)).filter((m) => m.kind === 'user_box')).toHaveLength(2);
    await db().updateTable('users').set({ balance_cents: price }).where('id', '=', creator.id).execute();
    expect((await open(creator, { count: 1 }, box.slug)).statusCode).toBe(200);
    expect(await balanceOf(db(), creator.id)).toBe(0);
  });
});
