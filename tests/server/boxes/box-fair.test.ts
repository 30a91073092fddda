// Verifying box openings on each database: GET /api/boxes/openings lists only my reels with the
// fields that verify them; after POST /api/fair/rotate each ticket recomputes from the revealed
// seed with the shared fair code and lands on the recorded item of its own version, also after
// publishBoxVersion made a newer version; GET /api/boxes/{slug}/versions/{v} serves every version.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../../helpers/users.ts';
import { publishBoxVersion, seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { boxTicket, hashServerSeed, rangeIndexForTicket, ticketRangesError } from '../../../src/shared/fair/index.ts';
import type { BoxVersion, OpeningRecord } from '../../../src/shared/api/box-fair.ts';

const SLUG = 'penny-box';
const OTHER = 'budget-kicks';

describeEachDb('box fairness: openings history and versions', (dialect) => {
  let t: TestApp;
  let priceCents: number;
  let otherPriceCents: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
    const price = async (slug: string) =>
      Math.round((await t.fastify.inject({ method: 'GET', url: `/api/boxes/${slug}` })).json().data.price * 100);
    priceCents = await price(SLUG);
    otherPriceCents = await price(OTHER);
  });
  afterAll(() => t.close());

  const player = (balanceCents: number) => createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents });
  const get = (url: string, p: TestPlayer | null = null) =>
    t.fastify.inject({ method: 'GET', url, headers: p?.headers ?? {} });
  const open = async (p: TestPlayer, count: number, slug = SLUG) => {
    const res = await t.fastify.inject({
      method: 'POST',
      url: `/api/boxes/${slug}/open`,
      headers: p.headers,
      payload: { count },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.reels as {
      ticket: number;
      nonce: number;
      client_seed: string;
      server_seed_hash: string;
      box_version: number;
      item: { id: number; name: string };
    }[];
  };
  const history = async (p: TestPlayer, query = '') => {
    const res = await get(`/api/boxes/openings${query}`, p);
    expect(res.statusCode).toBe(200);
    return res.json() as { data: OpeningRecord[]; meta: { page: number; per_page: number; total: number } };
  };
  const version = async (slug: string, v: number): Promise<BoxVersion> => {
    const res = await get(`/api/boxes/${slug}/versions/${v}`);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  /** Recomputes an opening from the revealed seed and finds the item of its version. */
  const verify = async (o: OpeningRecord) => {
    expect(o.server_seed).not.toBeNull();
    expect(hashServerSeed(o.server_seed!)).toBe(o.server_seed_hash);
    const ticket = boxTicket({ serverSeed: o.server_seed!, clientSeed: o.client_seed, nonce: o.nonce });
    const v = await version(o.box.slug, o.version);
    const index = rangeIndexForTicket(
      v.items.map((i) => ({ from: i.ticket_from, to: i.ticket_to })),
      ticket,
    );
    return { ticket, item: v.items[index]! };
  };

  it('lists only my openings, newest first, with the fields that verify them; pages and filters by box', async () => {
    const me = await player(priceCents * 3 + otherPriceCents);
    const other = await player(priceCents * 2);
    const seeds = (await get('/api/fair/seeds', me)).json().data;
    const mine = [...(await open(me, 2)), ...(await open(me, 1, OTHER)), ...(await open(me, 1))];
    await open(other, 2);

    const { data, meta } = await history(me);
    expect(meta).toEqual({ page: 1, per_page: 20, total: 4 });
    expect(data.map((o) => o.nonce)).toEqual([3, 2, 1, 0]);
    expect(data.map((o) => o.box.slug)).toEqual([SLUG, OTHER, SLUG, SLUG]);
    const reversed = [...mine].reverse();
    for (const [i, o] of data.entries()) {
      const reel = reversed[i]!;
      expect(o).toMatchObject({
        version: reel.box_version,
        ticket: reel.ticket,
        nonce: reel.nonce,
        client_seed: seeds.client_seed,
        server_seed_hash: seeds.server_seed_hash,
        server_seed: null,
        item: { id: reel.item.id, name: reel.item.name },
      });
      expect(o.price).toBe((o.box.slug === SLUG ? priceCents : otherPriceCents) / 100);
      expect(o.box.url).toMatch(new RegExp(`^/[a-z0-9-]+/${o.box.slug}$`));
      expect(o.box.name.length).toBeGreaterThan(0);
      expect(o.box.img_url).toBe(`/img/boxes/${o.box.slug}.svg`);
      expect(Number.isNaN(Date.parse(o.created_at))).toBe(false);
    }
    const theirs = await history(other);
    expect(theirs.meta.total).toBe(2);
    expect(theirs.data.map((o) => o.nonce)).toEqual([1, 0]);
    expect(new Set([...data, ...theirs.data].map((o) => o.id)).size).toBe(6);

    const page2 = await history(me, '?per_page=3&page=2');
    expect(page2.meta).toEqual({ page: 2, per_page: 3, total: 4 });
    expect(page2.data.map((o) => o.nonce)).toEqual([0]);
    const only = await history(me, `?box=${SLUG}`);
    expect(only.meta.total).toBe(3);
    expect(only.data.every((o) => o.box.slug === SLUG)).toBe(true);
    expect((await history(me, '?box=no-such-box')).data).toEqual([]);

    expect((await get('/api/boxes/openings')).statusCode).toBe(401);
    for (const q of ['?page=0', '?per_page=101', '?per_page=x', "?box=x' OR 1=1 --"])
      expect((await get(`/api/boxes/openings${q}`, me)).statusCode, q).toBe(422);
  });

  it('after rotation every listed ticket recomputes from the revealed seed onto the recorded item', async () => {
    const me = await player(priceCents * 7);
    await open(me, 5);
    await open(me, 2);
    const rotated = (await t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: me.headers })).json()
      .data;
    const { data } = await history(me);
    expect(data).toHaveLength(7);
    for (const o of data) {
      expect(o.server_seed).toBe(rotated.previous.server_seed);
      const { ticket, item } = await verify(o);
      expect(ticket).toBe(o.ticket);
      expect(item.id).toBe(o.item.id);
    }
  });

  it('a new version changes the ranges; old openings still verify against their own version', async () => {
    const me = await player(priceCents * 2 + 5_000_000); // v2 may cost far more: its odds favour the dearest item
    await open(me, 2);
    const v1 = await version(SLUG, 1);
    expect(v1.current).toBe(true);
    expect(ticketRangesError(v1.items.map((i) => ({ from: i.ticket_from, to: i.ticket_to })))).toBeNull();
    expect(v1.items.reduce((s, i) => s + i.tickets, 0)).toBe(100_000);
    expect(v1.items.every((i) => i.ticket_to - i.ticket_from + 1 === i.tickets)).toBe(true);

    // publish v2 with the tickets reversed, so every range moves
    const box = await t.database.db
      .selectFrom('boxes')
      .select(['id', 'current_version_id'])
      .where('slug', '=', SLUG)
      .executeTakeFirstOrThrow();
    const old = await t.database.db
      .selectFrom('box_items')
      .selectAll()
      .where('box_version_id', '=', box.current_version_id!)
      .orderBy('position')
      .execute();
    const tickets = old.map((i) => i.tickets).reverse();
    await publishBoxVersion(
      t.database.db,
      box.id,
      old.map((i, k) => ({
        productId: i.product_id,
        tickets: tickets[k]!,
        priceCents: i.price_cents,
        salePriceCents: i.sale_price_cents,
      })),
      9_000,
    );
    const v2 = await version(SLUG, 2);
    expect(v2.current).toBe(true);
    expect(v2.items.reduce((s, i) => s + i.tickets, 0)).toBe(100_000);
    expect(v2.items.map((i) => i.tickets)).toEqual(tickets);
    const stillV1 = await version(SLUG, 1);
    expect(stillV1.current).toBe(false);
    expect(stillV1.items).toEqual(v1.items);

    await open(me, 1); // rolls on v2 at the new price
    await t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: me.headers });
    const { data } = await history(me);
    expect(data.map((o) => o.version)).toEqual([2, 1, 1]);
    for (const o of data) {
      const { ticket, item } = await verify(o);
      expect(ticket).toBe(o.ticket);
      expect(item.id).toBe(o.item.id);
    }

    expect((await get(`/api/boxes/${SLUG}/versions/3`)).statusCode).toBe(404);
    expect((await get('/api/boxes/no-such-box/versions/1')).json()).toMatchObject({
      message: 'Box version not found.',
    });
    for (const bad of ['0', 'x', '-1', '1.5'])
      expect((await get(`/api/boxes/${SLUG}/versions/${bad}`)).statusCode, bad).toBe(422);
  });

  it('documents both routes in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json();
    const openings = doc.paths['/api/boxes/openings'].get;
    expect(openings.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['box', 'page', 'per_page']);
    expect(
      Object.keys(openings.responses['200'].content['application/json'].schema.properties.data.items.properties),
    ).toEqual(
      expect.arrayContaining([
        'ticket',
        'nonce',
        'client_seed',
        'server_seed_hash',
        'server_seed',
        'version',
        'item',
        'box',
        'price',
      ]),
    );
    const versions = doc.paths['/api/boxes/{slug}/versions/{version}'].get;
    expect(versions.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual([
      'path:slug',
      'path:version',
    ]);
  });
});
