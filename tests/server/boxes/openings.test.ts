// POST /api/boxes/{slug}/open on each database: money, items, drops and events of a real
// opening, count bounds, insufficient balance, parallel openings, verification after rotation,
// demo spins and bad input (4xx, nothing written).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../../helpers/users.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import type { ChannelEvent, LocalPublisher } from '../../../src/server/realtime/publisher.ts';
import { boxTicket, hashServerSeed } from '../../../src/shared/fair/index.ts';

const SLUG = 'penny-box';

describeEachDb('box openings', (dialect) => {
  let t: TestApp;
  let priceCents: number;
  let ranges: { id: number; ticket_from: number; ticket_to: number }[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
    const detail = (await t.fastify.inject({ method: 'GET', url: `/api/boxes/${SLUG}` })).json().data;
    priceCents = Math.round(detail.price * 100);
    ranges = detail.items;
  });
  afterAll(() => t.close());

  const player = (balanceCents: number) => createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents });
  const open = (p: TestPlayer | null, payload: unknown, slug = SLUG) =>
    t.fastify.inject({
      method: 'POST',
      url: `/api/boxes/${encodeURIComponent(slug)}/open`,
      headers: p?.headers ?? {},
      payload: payload as object,
    });
  const balance = async (id: number) =>
    Number(
      (await t.database.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_cents,
    );
  const count = async (table: 'inventory_items' | 'drops' | 'box_openings' | 'ledger', userId: number) =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const allRows = async () => {
    const n = async (table: 'inventory_items' | 'drops' | 'box_openings' | 'ledger') =>
      Number(
        (
          await t.database.db
            .selectFrom(table)
            .select((e) => e.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return [await n('inventory_items'), await n('drops'), await n('box_openings'), await n('ledger')];
  };
  const itemFor = (ticket: number) => ranges.find((r) => ticket >= r.ticket_from && ticket <= r.ticket_to)!;

  it('opens ×2 in one go: debits price × 2, rolls nonces 0 and 1, grants items, records drops, publishes after commit', async () => {
    const p = await player(priceCents * 3);
    const seeds = (await t.fastify.inject({ method: 'GET', url: '/api/fair/seeds', headers: p.headers })).json().data;
    const events: ChannelEvent[] = [];
    const off = (t.fastify.publisher as LocalPublisher).subscribe((e) => events.push(e));
    const res = await open(p, { count: 2 });
    off();
    expect(res.statusCode).toBe(200);
    const { data, balance: after } = res.json();
    expect(data).toMatchObject({ demo: false, box: { slug: SLUG, version: 1 }, cost: (priceCents * 2) / 100 });
    expect(after).toBe(priceCents / 100);
    expect(await balance(p.id)).toBe(priceCents);
    expect(data.reels.map((r: { nonce: number }) => r.nonce)).toEqual([0, 1]);
    for (const r of data.reels) {
      expect(r).toMatchObject({
        client_seed: seeds.client_seed,
        server_seed_hash: seeds.server_seed_hash,
        server_seed: null,
        box_version: 1,
      });
      expect(r.ticket).toBeGreaterThanOrEqual(1);
      expect(r.ticket).toBeLessThanOrEqual(100_000);
      expect(r.item.id).toBe(itemFor(r.ticket).id);
    }
    const inv = (await t.fastify.inject({ method: 'GET', url: '/api/inventory', headers: p.headers })).json().data;
    expect(inv.map((i: { id: number }) => i.id).sort()).toEqual(
      data.reels.map((r: { inventory_item_id: number }) => r.inventory_item_id).sort(),
    );
    expect(inv.map((i: { product: { id: number } }) => i.product.id).sort()).toEqual(
      data.reels.map((r: { item: { id: number } }) => r.item.id).sort(),
    );
    expect(await count('drops', p.id)).toBe(2);
    expect(await count('box_openings', p.id)).toBe(2);
    expect(events.find((e) => e.channel === `private-users.${p.id}`)?.data).toEqual({
      type: 'balanceUpdated',
      current_balance: after,
    });
    const drops = events
      .filter((e) => e.channel === 'public' && e.event === 'lastDrop')
      .map((e) => e.data as { user_id: number; box: { slug: string }; item: { id: number; price: number } });
    expect(drops).toHaveLength(2);
    expect(drops.every((d) => d.user_id === p.id && d.box.slug === SLUG)).toBe(true);
    expect(drops.map((d) => d.item.id)).toEqual(data.reels.map((r: { item: { id: number } }) => r.item.id));
    expect(drops.map((d) => d.item.price)).toEqual(data.reels.map((r: { item: { price: number } }) => r.item.price));
    const recent = (await t.fastify.inject({ method: 'GET', url: '/api/last-drops' })).json().data;
    // the events carry exactly what the drops list serves (newest first there, reel order here)
    expect(drops).toEqual(
      recent
        .slice(0, 2)
        .reverse()
        .map((d: object) => ({ ...d, user_id: p.id })),
    );
    const second = (await open(p, {})).json().data; // count defaults to 1
    expect(second.reels.map((r: { nonce: number }) => r.nonce)).toEqual([2]);
    expect(await balance(p.id)).toBe(0);
  });

  it('accepts counts 1 to 5 and refuses others with a field message, writing nothing', async () => {
    const p = await player(priceCents * 15);
    for (const n of [1, 5]) expect((await open(p, { count: n })).json().data.reels).toHaveLength(n);
    const before = await allRows();
    for (const bad of [0, 6, -1, 1.5, '2', null, 1e9, true]) {
      const res = await open(p, { count: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.count[0]).toBe('count must be a whole number from 1 to 5.');
    }
    expect(await allRows()).toEqual(before);
    expect(await balance(p.id)).toBe(priceCents * 9);
  });

  it('insufficient balance: 422, no money moved, no item, no drop, nonce unchanged', async () => {
    const p = await player(priceCents * 2 - 1);
    const res = await open(p, { count: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Insufficient balance.');
    expect(await balance(p.id)).toBe(priceCents * 2 - 1);
    expect([
      await count('inventory_items', p.id),
      await count('drops', p.id),
      await count('box_openings', p.id),
      await count('ledger', p.id),
    ]).toEqual([0, 0, 0, 1]);
    const ok = (await open(p, { count: 1 })).json().data;
    expect(ok.reels[0].nonce).toBe(0);
  });

  it('20 parallel openings never overspend; nonces stay distinct', async () => {
    const p = await player(priceCents * 7);
    const results = await Promise.all(Array.from({ length: 20 }, () => open(p, { count: 2 })));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(
      results.every(
        (r) => r.statusCode === 200 || (r.statusCode === 422 && r.json().message === 'Insufficient balance.'),
      ),
    ).toBe(true);
    expect(ok).toHaveLength(3);
    const nonces = ok.flatMap((r) => r.json().data.reels.map((x: { nonce: number }) => x.nonce));
    expect([...nonces].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await balance(p.id)).toBe(priceCents);
    expect(await count('inventory_items', p.id)).toBe(6);
    expect(await count('box_openings', p.id)).toBe(6);
  });

  it('every reel recomputes from the revealed server seed after rotation', async () => {
    const p = await player(priceCents * 12);
    const reels = [];
    for (const n of [5, 3, 1]) reels.push(...(await open(p, { count: n })).json().data.reels);
    const rotated = (await t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers })).json()
      .data;
    expect(rotated.previous.nonce).toBe(9);
    const rows = await t.database.db
      .selectFrom('box_openings')
      .selectAll()
      .where('user_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => Number(r.nonce))).toEqual([...Array(9).keys()]);
    for (const [i, r] of rows.entries()) {
      expect(r.server_seed_hash).toBe(hashServerSeed(rotated.previous.server_seed));
      const ticket = boxTicket({
        serverSeed: rotated.previous.server_seed,
        clientSeed: r.client_seed,
        nonce: Number(r.nonce),
      });
      expect(Number(r.ticket)).toBe(ticket);
      expect(Number(r.product_id)).toBe(itemFor(ticket).id);
      expect(reels[i].ticket).toBe(ticket);
    }
    const next = (await open(p, { count: 1 })).json().data.reels[0];
    expect(next).toMatchObject({ nonce: 0, server_seed_hash: rotated.current.server_seed_hash });
  });

  it('a demo spin (guest or player) reveals its throwaway seed and moves nothing', async () => {
    const p = await player(500);
    const before = await allRows();
    for (const who of [null, p]) {
      const res = await open(who, { count: 3, demo: true });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.balance).toBeNull();
      expect(body.data).toMatchObject({ demo: true, cost: 0 });
      expect(body.data.reels).toHaveLength(3);
      for (const r of body.data.reels) {
        expect(r.inventory_item_id).toBeNull();
        expect(hashServerSeed(r.server_seed)).toBe(r.server_seed_hash);
        expect(r.ticket).toBe(boxTicket({ serverSeed: r.server_seed, clientSeed: r.client_seed, nonce: r.nonce }));
        expect(r.item.id).toBe(itemFor(r.ticket).id);
      }
    }
    expect(await allRows()).toEqual(before);
    expect(await balance(p.id)).toBe(500);
    const seeds = (await t.fastify.inject({ method: 'GET', url: '/api/fair/seeds', headers: p.headers })).json().data;
    expect(seeds.nonce).toBe(0);
  });

  it('bad input: 401 for a guest, 404 unknown box, 4xx for wrong types and hostile strings, nothing written', async () => {
    const p = await player(priceCents * 5);
    const before = await allRows();
    expect((await open(null, { count: 1 })).statusCode).toBe(401);
    expect((await open(null, { count: 1, demo: false })).json()).toMatchObject({
      message: 'Unauthenticated.',
      msg: 'Unauthenticated.',
    });
    const missing = await open(p, { count: 1 }, 'no-such-box');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Box not found.');
    expect((await open(null, { count: 1, demo: true }, 'no-such-box')).statusCode).toBe(404);
    for (const slug of ["x' OR 1=1 --", '<script>alert(1)</script>', 'бокс', '😀', 'a'.repeat(5000), 'PENNY-BOX']) {
      const res = await open(p, { count: 1 }, slug);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    for (const payload of [
      { count: 1, demo: 'yes' },
      { count: 1, demo: 1 },
      { count: 'five' },
      { count: '1; DROP TABLE users' },
      { count: [1] },
      { count: { n: 1 } },
    ]) {
      const res = await open(p, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(res.json().msg);
    }
    const huge = await open(p, { count: 1, pad: 'x'.repeat(10_000) });
    expect(huge.statusCode).toBe(413);
    expect(await allRows()).toEqual(before);
    expect(await balance(p.id)).toBe(priceCents * 5);
  });
});
