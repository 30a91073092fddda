// The seeded catalog and the boxes API on each database: versions, odds, filters, 404s, drops.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createPlayer } from '../../helpers/users.ts';
import { seed } from '../../../src/server/db/seed.ts';
import { publishBoxVersion, recordDrop, seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { boxOpenings } from '../../../src/server/modules/boxes/boxes.repository.ts';
import { seedBoxes, seedProducts } from '../../../src/server/modules/boxes/catalog.data.ts';
import { grantItem } from '../../../src/server/modules/inventory/inventory.service.ts';
import { boxPriceCents, rangeProblems, TOTAL_TICKETS } from '../../../src/shared/games/boxes/boxes.odds.ts';
import { CATEGORIES } from '../../../src/shared/games/boxes/boxes.types.ts';
import { LEVEL_TIERS } from '../../../src/shared/levels.ts';

describeEachDb('boxes catalog', (dialect) => {
  let t: TestApp;
  const get = (url: string) => t.fastify.inject({ method: 'GET', url });
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seed(t.database.db, 1_000);
  });
  afterAll(() => t.close());

  it('seeds ≥ 80 products in every category and ≥ 12 boxes across several types, idempotently', async () => {
    const db = t.database.db;
    expect(seedProducts.length).toBeGreaterThanOrEqual(80);
    expect(seedBoxes.length).toBeGreaterThanOrEqual(12);
    const count = async (table: 'products' | 'boxes' | 'box_versions' | 'box_items') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((e) => e.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = {
      p: await count('products'),
      b: await count('boxes'),
      v: await count('box_versions'),
      i: await count('box_items'),
    };
    expect(before.p).toBe(seedProducts.length);
    // db/seed.ts also seeds one free box per level tier (modules/free-loot)
    expect(before.b).toBe(seedBoxes.length + LEVEL_TIERS.length);
    expect(before.v).toBe(seedBoxes.length + LEVEL_TIERS.length);
    await seed(db, 2_000);
    await seedCatalog(db, 3_000);
    expect({
      p: await count('products'),
      b: await count('boxes'),
      v: await count('box_versions'),
      i: await count('box_items'),
    }).toEqual(before);
    const cats = await db.selectFrom('products').select('category').distinct().execute();
    expect(cats.map((c) => c.category).sort()).toEqual([...CATEGORIES].sort());
    const types = new Set(seedBoxes.map((b) => b.type));
    expect(types.size).toBeGreaterThanOrEqual(4);
  });

  it('every stored box version has contiguous ranges covering 1..100,000 and price = EV × 1.08 rounded up', async () => {
    const db = t.database.db;
    const versions = await db.selectFrom('box_versions').selectAll().execute();
    for (const v of versions) {
      const items = await db
        .selectFrom('box_items')
        .selectAll()
        .where('box_version_id', '=', v.id)
        .orderBy('position')
        .execute();
      expect(rangeProblems(items.map((i) => ({ from: i.ticket_from, to: i.ticket_to }))), `version ${v.id}`).toEqual(
        [],
      );
      expect(items.reduce((a, i) => a + i.tickets, 0)).toBe(TOTAL_TICKETS);
      items.forEach((i) => expect(i.ticket_to - i.ticket_from + 1).toBe(i.tickets));
      expect(v.price_cents).toBe(boxPriceCents(items.map((i) => ({ tickets: i.tickets, priceCents: i.price_cents }))));
      expect(v.house_edge_bp).toBe(800);
    }
  });

  it('changing a box’s items makes a new version and keeps the old one', async () => {
    const db = t.database.db;
    const box = await db.selectFrom('boxes').selectAll().where('slug', '=', 'penny-box').executeTakeFirstOrThrow();
    const oldVersion = box.current_version_id!;
    const products = await db
      .selectFrom('products')
      .select(['id', 'price_cents', 'sale_price_cents'])
      .orderBy('id')
      .limit(2)
      .execute();
    const items = products.map((p, k) => ({
      productId: p.id,
      tickets: k === 0 ? 60_000 : 40_000,
      priceCents: p.price_cents,
      salePriceCents: p.sale_price_cents,
    }));
    const newId = await db.transaction().execute((trx) => publishBoxVersion(trx, box.id, items, 5_000));
    const res = await get('/api/boxes/penny-box');
    expect(res.json().data.version).toBe(2);
    expect(res.json().data.version_id).toBe(newId);
    expect(res.json().data.items.map((i: { chance: number }) => i.chance)).toEqual([60, 40]);
    const old = await db.selectFrom('box_items').select('id').where('box_version_id', '=', oldVersion).execute();
    expect(old.length).toBe(seedBoxes.find((b) => b.slug === 'penny-box')!.items.length);
    // the seed restores the catalog's items as version 3, never editing a version in place
    await seedCatalog(db, 6_000);
    expect((await get('/api/boxes/penny-box')).json().data.version).toBe(3);
    await expect(
      db.transaction().execute((trx) => publishBoxVersion(trx, box.id, [{ ...items[0]!, tickets: 99_999 }], 7_000)),
    ).rejects.toThrow(/expected 100000/);
  });

  it('GET /api/boxes lists every box with image, price and URL /{type}/{slug}', async () => {
    const res = await get('/api/boxes');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(seedBoxes.length);
    for (const b of body.data) {
      expect(b.url).toBe(`/${b.type}/${b.slug}`);
      expect(b.img_url).toBe(`/img/boxes/${b.slug}.svg`);
      expect(b.price).toBeGreaterThan(0);
      expect(b.items_count).toBeGreaterThan(1);
    }
    expect(body.types).toEqual(expect.arrayContaining(['sneakers', 'fashion', 'tech', 'gaming']));
  });

  it('filters by search, type and price range and sorts', async () => {
    const names = async (q: string) => (await get(`/api/boxes?${q}`)).json().data.map((b: { slug: string }) => b.slug);
    expect(await names('search=SNEAKER')).toEqual(['sneakerhead']);
    expect((await names('type=gaming')).sort()).toEqual(['console-wars', 'pro-setup']);
    const asc = (await get('/api/boxes?sort=price_asc')).json().data.map((b: { price: number }) => b.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await get('/api/boxes?sort=price_desc')).json().data.map((b: { price: number }) => b.price);
    expect(desc).toEqual([...asc].reverse());
    const mid = asc[Math.floor(asc.length / 2)];
    const ranged = (await get(`/api/boxes?min_price=${mid}&max_price=${mid}`)).json().data;
    expect(ranged.length).toBeGreaterThanOrEqual(1);
    ranged.forEach((b: { price: number }) => expect(b.price).toBe(mid));
    expect(await names('search=%25')).toEqual([]);
    expect(await names('search=_')).toEqual([]);
    expect(await names('search=%5C')).toEqual([]);
    expect(await names('search=p_n')).toEqual([]); // "_" is not a wildcard ("Penny" has no "p_n")
    expect(await names('search=enny%20b')).toEqual(['penny-box']);
    expect(await names("search=' OR 1=1 --")).toEqual([]);
    expect(await names('search=%3Cscript%3E')).toEqual([]);
    expect(await names('search=%F0%9F%8E%81')).toEqual([]);
    const byName = await names('sort=name');
    expect(byName[0]).toBe('accessory-vault');
  });

  it('answers bad list queries with 422, never 5xx', async () => {
    for (const q of [
      'sort=random',
      'min_price=abc',
      'min_price=-1',
      'min_price=1.234', // more than a cent's precision: a 422 on the field, not a rounding
      'max_price=1e99',
      `search=${'x'.repeat(65)}`,
      'type=DROP%20TABLE',
      'type=%3Cb%3E',
    ]) {
      const res = await get(`/api/boxes?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().msg, q).toBeTruthy();
    }
  });

  it('GET /api/boxes/{slug} shows every item with chance, EV and sell-back value', async () => {
    const res = await get('/api/boxes/sneakerhead');
    expect(res.statusCode).toBe(200);
    const box = res.json().data;
    const seedBox = seedBoxes.find((b) => b.slug === 'sneakerhead')!;
    expect(box.items.map((i: { slug: string }) => i.slug)).toEqual(seedBox.items);
    const ticketSum = box.items.reduce((a: number, i: { tickets: number }) => a + i.tickets, 0);
    expect(ticketSum).toBe(100_000);
    expect(box.items.reduce((a: number, i: { chance: number }) => a + Math.round(i.chance * 1000), 0)).toBe(100_000);
    const evCents = Math.round(
      box.items.reduce(
        (a: number, i: { tickets: number; price: number }) => a + i.tickets * Math.round(i.price * 100),
        0,
      ) / 100_000,
    );
    expect(Math.round(box.expected_value * 100)).toBe(evCents);
    expect(box.price).toBeGreaterThanOrEqual(box.expected_value * 1.08 - 0.005);
    expect(box.price).toBeLessThan(box.expected_value * 1.08 + 0.02);
    expect(box.sell_back_value).toBeLessThan(box.expected_value);
    expect(box.house_edge).toBe(8);
    expect(box.items[0].sizes).toContain('15.5');
  });

  it('answers 404 for an unknown box and 422 for a malformed slug', async () => {
    const miss = await get('/api/boxes/no-such-box');
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toEqual({ message: 'Box not found.', msg: 'Box not found.', request_id: expect.any(String) });
    for (const slug of ['%3Cscript%3E', 'UPPER', "a'b", 'x'.repeat(65), '%F0%9F%8E%81'])
      expect((await get(`/api/boxes/${slug}`)).statusCode, slug).toBe(422);
    expect((await get('/api/boxes/no-such-box/last-drops')).statusCode).toBe(404);
  });

  it('last drops are empty until openings land, then list box, item and user; best sorts by price', async () => {
    expect((await get('/api/last-drops')).json()).toEqual({ data: [] });
    expect((await get('/api/boxes/sneakerhead/last-drops?best=1&limit=5')).json()).toEqual({ data: [] });
    const db = t.database.db;
    const p = await createPlayer(db, t.config.secrets.appSecret);
    const box = await db
      .selectFrom('boxes')
      .select(['id', 'current_version_id'])
      .where('slug', '=', 'sneakerhead')
      .executeTakeFirstOrThrow();
    const items = await db
      .selectFrom('box_items')
      .select(['product_id', 'ticket_from'])
      .where('box_version_id', '=', box.current_version_id!)
      .orderBy('position')
      .execute();
    for (const it of items.slice(0, 4)) {
      const invId = await grantItem(db, {
        userId: p.id,
        productId: it.product_id,
        source: 'box',
        sourceRef: 'test',
        now: 10_000,
      });
      await db.transaction().execute((trx) =>
        recordDrop(trx, {
          userId: p.id,
          boxId: box.id,
          boxVersionId: box.current_version_id!,
          productId: it.product_id,
          inventoryItemId: invId,
          source: 'box',
          ticket: it.ticket_from,
          now: 10_000,
        }),
      );
    }
    expect(
      (
        await db
          .selectFrom('boxes')
          .select(boxOpenings.as('openings'))
          .where('id', '=', box.id)
          .executeTakeFirstOrThrow()
      ).openings,
    ).toBe(4);
    const all = (await get('/api/last-drops')).json().data;
    expect(all).toHaveLength(4);
    expect(all[0]).toMatchObject({
      box: { slug: 'sneakerhead', img_url: '/img/boxes/sneakerhead.svg' },
      user: { id: p.id, avatar_url: null },
    });
    expect(all[0].item).toEqual(
      expect.objectContaining({
        img_url: expect.stringMatching(/^\/img\/products\//),
        rarity: expect.any(String),
        price: expect.any(Number),
        sale_price: expect.any(Number),
      }),
    );
    const best = (await get('/api/boxes/sneakerhead/last-drops?best=true&limit=2')).json().data;
    expect(best).toHaveLength(2);
    expect(best[0].item.price).toBeGreaterThanOrEqual(best[1].item.price);
    const maxPrice = Math.max(...all.map((d: { item: { price: number } }) => d.item.price));
    expect(best[0].item.price).toBe(maxPrice);
    for (const q of ['limit=0', 'limit=51', 'limit=x', 'best=maybe'])
      expect((await get(`/api/boxes/sneakerhead/last-drops?${q}`)).statusCode, q).toBe(422);
  });

  it('serves the product and box images', async () => {
    const img = await get('/img/products/aero-runner-volt.svg');
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/svg+xml');
    expect(img.body).toContain('<svg');
    expect((await get('/img/boxes/sneakerhead.svg')).statusCode).toBe(200);
    for (const url of [
      '/img/products/..%2F..%2Fpackage.json',
      '/img/products/../../package.json',
      '/img/products/nope.svg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).not.toBe(200); // falls through to the not-found handler
      expect(res.body, url).not.toContain('loot-arcade');
    }
  });

  it('documents the routes in OpenAPI', async () => {
    const doc = (await get('/api/openapi.json')).json();
    for (const p of [
      '/api/boxes',
      '/api/boxes/{slug}',
      '/api/last-drops',
      '/api/boxes/{slug}/last-drops',
      '/api/inventory',
      '/api/inventory/sell',
      '/api/delivery',
      '/api/shipments',
      '/api/shipments/{id}/cancel',
    ]) {
      expect(doc.paths[p], p).toBeTruthy();
    }
  });
});
