// Custom boxes on each database: validation (2–20 items, chances summing to exactly 100 %, name,
// unknown or repeated products; 422 and nothing written), create → list/detail/last-drops, and
// an opening that debits the opener and credits the creator's share in the same transaction.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../../helpers/users.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import type { ChannelEvent, LocalPublisher } from '../../../src/server/realtime/publisher.ts';
import { boxPriceCents, rangeIndexForTicket } from '../../../src/shared/games/boxes/boxes.odds.ts';
import { CUSTOM_BOX_IMAGES } from '../../../src/shared/api/user-boxes.ts';
import { boxTicket, hashServerSeed } from '../../../src/shared/fair/index.ts';

type P = { id: number; price: number; sale_price: number };

describeEachDb('custom boxes', (dialect) => {
  let t: TestApp;
  let products: P[];
  let creator: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
    products = (await t.fastify.inject({ method: 'GET', url: '/api/products?sort=price_asc&limit=100' })).json().data;
    creator = await createPlayer(t.database.db, t.config.secrets.appSecret, { name: 'Box Maker' });
  });
  afterAll(() => t.close());

  const create = (p: TestPlayer | null, payload: unknown) =>
    t.fastify.inject({ method: 'POST', url: '/api/user-boxes', headers: p?.headers ?? {}, payload: payload as object });
  const balance = async (id: number) =>
    Number(
      (await t.database.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_cents,
    );
  const boxCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('boxes')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const items = (chances: number[]) => chances.map((chance, i) => ({ product_id: products[i]!.id, chance }));
  let good: { name: string; img: string; items: { product_id: number; chance: number }[] };
  beforeAll(() => {
    good = { name: 'Cheap Thrills', img: 'penny-box', items: items([60, 30, 9.5, 0.5]) };
  });

  it('refuses bad boxes with a 422 in the spec shape and writes nothing', async () => {
    const before = await boxCount();
    const cases: [unknown, string, string][] = [
      [
        { ...good, items: items([60, 30, 9.5, 0.499]) },
        'items',
        'The chances must add up to exactly 100% (now 99.999%).',
      ],
      [{ ...good, items: items([60, 30, 9.5, 1]) }, 'items', 'The chances must add up to exactly 100% (now 100.5%).'],
      [
        { ...good, items: items([50, 49.9995, 0.0005]) },
        'items.1.chance',
        'A chance is a percentage from 0.001 to 100 with at most 3 decimals.',
      ],
      [
        { ...good, items: items([100, 0]) },
        'items.1.chance',
        'A chance is a percentage from 0.001 to 100 with at most 3 decimals.',
      ],
      [{ ...good, items: items([100]) }, 'items', 'Pick from 2 to 20 items.'],
      [{ ...good, items: items(Array(21).fill(100 / 21)) }, 'items', 'Pick from 2 to 20 items.'],
      [
        {
          ...good,
          items: [
            { product_id: 999_999, chance: 50 },
            { product_id: products[0]!.id, chance: 50 },
          ],
        },
        'items.0.product_id',
        'Unknown product.',
      ],
      [
        {
          ...good,
          items: [
            { product_id: products[0]!.id, chance: 50 },
            { product_id: products[0]!.id, chance: 50 },
          ],
        },
        'items.1.product_id',
        'Each product can be picked once.',
      ],
      [{ ...good, name: 'ab' }, 'name', 'The name needs at least 3 characters.'],
      [{ ...good, name: 'x'.repeat(41) }, 'name', 'The name can have at most 40 characters.'],
      [{ ...good, name: '<b>box</b>' }, 'name', "Use letters, digits, spaces and - ' & ! . only."],
      [{ ...good, img: '../etc/passwd' }, 'img', 'Pick one of the box images.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await create(creator, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      const body = res.json();
      expect(body.errors[field]).toContain(message);
      expect(body.msg).toBe(body.message); // the headline is one of the field messages
      expect(Object.values(body.errors).flat()).toContain(body.message);
      if (field === 'items') expect(body.message).toBe(message);
    }
    expect((await create(null, good)).statusCode).toBe(401);
    expect(await boxCount()).toBe(before);
  });

  it('previews the same price it saves: EV × 1.08 rounded up from the tickets', async () => {
    const preview = (
      await t.fastify.inject({ method: 'POST', url: '/api/user-boxes/preview', payload: { items: good.items } })
    ).json().data;
    const tickets = [60_000, 30_000, 9_500, 500];
    const priceCents = boxPriceCents(
      tickets.map((tk, i) => ({ tickets: tk, priceCents: Math.round(products[i]!.price * 100) })),
    );
    expect(preview).toMatchObject({
      price: priceCents / 100,
      valid: true,
      problems: [],
      total_chance: 100,
      creator_share: Math.floor(priceCents / 100) / 100,
    });
    const bad = (
      await t.fastify.inject({ method: 'POST', url: '/api/user-boxes/preview', payload: { items: items([50, 40]) } })
    ).json().data;
    expect(bad).toMatchObject({
      valid: false,
      total_chance: 90,
      problems: ['The chances must add up to exactly 100% (now 90%).'],
    });
    const res = await create(creator, good);
    expect(res.statusCode).toBe(201);
    const box = res.json().data;
    expect(box).toMatchObject({
      name: 'Cheap Thrills',
      type: 'custom',
      url: `/custom/${box.slug}`,
      img_url: '/img/boxes/penny-box.svg',
      price: preview.price,
      version: 1,
      creator: { id: creator.id, name: 'Box Maker' },
      creator_share: 1,
    });
    expect(box.slug).toMatch(/^cheap-thrills-[0-9a-f]{6}$/);
    expect(box.items.map((i: { tickets: number }) => i.tickets)).toEqual(tickets);
    expect(box.items.map((i: { ticket_from: number }) => i.ticket_from)).toEqual([1, 60_001, 90_001, 99_501]);
    // the normal box detail serves it too (the box page), but the catalog list does not
    expect((await t.fastify.inject({ method: 'GET', url: `/api/boxes/${box.slug}` })).json().data.price).toBe(
      preview.price,
    );
    const catalog = (await t.fastify.inject({ method: 'GET', url: '/api/boxes' })).json();
    expect(catalog.data.some((b: { slug: string }) => b.slug === box.slug)).toBe(false);
    expect(catalog.types).not.toContain('custom');
    expect((await t.fastify.inject({ method: 'GET', url: '/api/user-boxes/penny-box' })).statusCode).toBe(404);
  });

  it('lists by popularity and price, with search and pages', async () => {
    const pricey = (
      await create(creator, {
        name: 'Pricey Pick',
        img: 'luxury-closet',
        items: [
          { product_id: products.at(-1)!.id, chance: 99 },
          { product_id: products.at(-2)!.id, chance: 1 },
        ],
      })
    ).json().data;
    const list = async (q: string) => (await t.fastify.inject({ method: 'GET', url: `/api/user-boxes?${q}` })).json();
    const asc = (await list('sort=price_asc')).data.map((b: { price: number }) => b.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect((await list('sort=price_desc')).data[0].slug).toBe(pricey.slug);
    expect((await list('search=pricey')).data.map((b: { slug: string }) => b.slug)).toEqual([pricey.slug]);
    const paged = await list('sort=price_desc&limit=1&page=2');
    expect(paged).toMatchObject({ total: (await list('')).total, page: 2, limit: 1 });
    expect(paged.data[0].slug).not.toBe(pricey.slug);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/user-boxes?sort=cheapest' })).statusCode).toBe(422);
  });

  it('an opening debits the opener and credits 1 % to the creator in the same transaction; own openings pay nothing', async () => {
    const box = (await create(creator, { ...good, name: 'Share Box' })).json().data;
    const priceCents = Math.round(box.price * 100);
    const share = Math.floor(priceCents / 100);
    const opener = await createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents: priceCents * 3 });
    const creatorBefore = await balance(creator.id);
    const events: ChannelEvent[] = [];
    const off = (t.fastify.publisher as LocalPublisher).subscribe((e) => events.push(e));
    const res = await t.fastify.inject({
      method: 'POST',
      url: `/api/boxes/${box.slug}/open`,
      headers: opener.headers,
      payload: { count: 2 },
    });
    off();
    expect(res.statusCode).toBe(200);
    const reels = res.json().data.reels as { nonce: number; server_seed_hash: string }[];
    expect(await balance(opener.id)).toBe(priceCents);
    expect(await balance(creator.id)).toBe(creatorBefore + share * 2);
    const ledger = await t.database.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', creator.id)
      .where('kind', '=', 'creator_share')
      .orderBy('id')
      .execute();
    expect(ledger.map((l) => [Number(l.delta_cents), l.idempotency_key])).toEqual(
      reels.map((r) => [share, `creator_share:${r.server_seed_hash}:${r.nonce}`]),
    );
    const debits = await t.database.db
      .selectFrom('ledger')
      .select('idempotency_key')
      .where('user_id', '=', opener.id)
      .where('kind', '=', 'user_box')
      .execute();
    expect(debits.map((d) => d.idempotency_key)).toEqual(reels.map((r) => `user_box:${r.server_seed_hash}:${r.nonce}`));
    expect(events.find((e) => e.channel === `private-users.${creator.id}`)?.data).toEqual({
      type: 'balanceUpdated',
      current_balance: (creatorBefore + share * 2) / 100,
    });

    // reel 2 of this opening cannot be paid: the whole opening, the creator's share included, rolls back
    const poor = await createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents: priceCents * 2 - 1 });
    const refused = await t.fastify.inject({
      method: 'POST',
      url: `/api/boxes/${box.slug}/open`,
      headers: poor.headers,
      payload: { count: 2 },
    });
    expect(refused.statusCode).toBe(422);
    expect(await balance(creator.id)).toBe(creatorBefore + share * 2);
    expect(await balance(poor.id)).toBe(priceCents * 2 - 1);

    // the creator opening their own box pays the price and earns nothing
    await t.database.db.updateTable('users').set({ balance_cents: priceCents }).where('id', '=', creator.id).execute();
    expect(
      (
        await t.fastify.inject({
          method: 'POST',
          url: `/api/boxes/${box.slug}/open`,
          headers: creator.headers,
          payload: { count: 1 },
        })
      ).statusCode,
    ).toBe(200);
    expect(await balance(creator.id)).toBe(0);

    const mine = (
      await t.fastify.inject({ method: 'GET', url: '/api/user-boxes/mine', headers: creator.headers })
    ).json();
    const row = mine.data.find((b: { slug: string }) => b.slug === box.slug);
    expect(row).toMatchObject({ openings: 3, earnings: (share * 2) / 100 });
    expect(mine.total_earnings).toBe((share * 2) / 100);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/user-boxes/mine' })).statusCode).toBe(401);
    const detail = (await t.fastify.inject({ method: 'GET', url: `/api/user-boxes/${box.slug}` })).json().data;
    expect(detail.openings).toBe(3);
  });

  it("two creators opening each other's boxes in parallel never deadlock and both earn every share", async () => {
    const a = await createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents: 100_000 });
    const b = await createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents: 100_000 });
    const boxA = (await create(a, { ...good, name: 'Box of A' })).json().data;
    const boxB = (await create(b, { ...good, name: 'Box of B' })).json().data;
    const priceCents = Math.round(boxA.price * 100);
    const open = (p: TestPlayer, slug: string) =>
      t.fastify.inject({ method: 'POST', url: `/api/boxes/${slug}/open`, headers: p.headers, payload: { count: 2 } });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? open(a, boxB.slug) : open(b, boxA.slug))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const share = Math.floor(priceCents / 100);
    for (const p of [a, b]) expect(await balance(p.id)).toBe(100_000 - 8 * priceCents + 8 * share);
  });

  it('a custom box opening verifies like any box: the revealed seed gives the ticket, the version its item', async () => {
    const box = (await create(creator, { ...good, name: 'Fair Box' })).json().data;
    const p = await createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents: 10_000_000 });
    await t.fastify.inject({
      method: 'POST',
      url: `/api/boxes/${box.slug}/open`,
      headers: p.headers,
      payload: { count: 3 },
    });
    const rotated = (await t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers })).json()
      .data;
    const history = (await t.fastify.inject({ method: 'GET', url: `/api/boxes/openings`, headers: p.headers })).json()
      .data as {
      box: { slug: string };
      version: number;
      ticket: number;
      nonce: number;
      client_seed: string;
      server_seed_hash: string;
      item: { id: number };
    }[];
    expect(history).toHaveLength(3);
    const v = (await t.fastify.inject({ method: 'GET', url: `/api/boxes/${box.slug}/versions/1` })).json().data;
    for (const o of history) {
      expect(o.box.slug).toBe(box.slug);
      expect(hashServerSeed(rotated.previous.server_seed)).toBe(o.server_seed_hash);
      const ticket = boxTicket({ serverSeed: rotated.previous.server_seed, clientSeed: o.client_seed, nonce: o.nonce });
      expect(ticket).toBe(o.ticket);
      expect(
        v.items[
          rangeIndexForTicket(
            v.items.map((i: { ticket_from: number; ticket_to: number }) => ({ from: i.ticket_from, to: i.ticket_to })),
            ticket,
          )
        ].id,
      ).toBe(o.item.id);
    }
  });

  it('every image a creator may pick is served', async () => {
    for (const name of CUSTOM_BOX_IMAGES)
      expect((await t.fastify.inject({ method: 'GET', url: `/img/boxes/${name}.svg` })).statusCode, name).toBe(200);
  });

  it('GET /api/user-boxes/{slug}/last-drops gives the same drops as /api/boxes/{slug}/last-drops', async () => {
    const [box] = (await t.fastify.inject({ method: 'GET', url: '/api/user-boxes?search=share' })).json().data;
    for (const q of ['', '?best=1&limit=2', '?limit=1']) {
      const mine = (await t.fastify.inject({ method: 'GET', url: `/api/user-boxes/${box.slug}/last-drops${q}` })).json()
        .data;
      const same = (await t.fastify.inject({ method: 'GET', url: `/api/boxes/${box.slug}/last-drops${q}` })).json()
        .data;
      expect(mine).toEqual(same);
      expect(mine.length).toBeGreaterThan(0);
      expect(
        mine.every(
          (d: { source: string; box: { slug: string } }) => d.source === 'user_box' && d.box.slug === box.slug,
        ),
      ).toBe(true);
    }
    expect(
      (await t.fastify.inject({ method: 'GET', url: `/api/user-boxes/${box.slug}/last-drops?limit=2` })).json().data,
    ).toHaveLength(2);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/user-boxes/penny-box/last-drops' })).statusCode).toBe(
      404,
    );
    expect(
      (await t.fastify.inject({ method: 'GET', url: `/api/user-boxes/${box.slug}/last-drops?limit=0` })).statusCode,
    ).toBe(422);
  });
});
