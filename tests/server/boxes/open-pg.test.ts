// Box openings through the instant bets engine (bets/games/box.plan.ts): the executor of a call
// without an Idempotency-Key (SQLite's job, PostgreSQL's la_apply_bet) against the Kysely one: every reel's ticket and prize recompute from the revealed seeds with the
// shared boxOutcome; the rows equal those of the Kysely path (openBox given an Idempotency-Key answer
// to remember); parallel openings never overspend and take distinct nonces; a custom box pays its
// creator per reel (not its own creator); two creators opening each other's boxes do not deadlock;
// a version published after the box was loaded is opened at the new version.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { describeEachDb } from '../../helpers/test-db.ts';
import {
  activeNonce,
  balanceOf,
  createPlayer,
  type TestPlayer,
  seededPlayer,
  playerState,
  settledWagers,
} from '../../helpers/users.ts';
import { publishBoxVersion, seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { boxOpenings } from '../../../src/server/modules/boxes/boxes.repository.ts';
import {
  loadBox,
  openBox,
  openLoadedBox,
  type Opening,
} from '../../../src/server/modules/openings/openings.service.ts';
import { utcLabel } from '../../../src/server/modules/responsible-play/exclusion.ts';
import { boxOutcome } from '../../../src/shared/games/boxes/boxes.outcome.ts';
import { creatorShareCents } from '../../../src/shared/games/boxes/custom-box.quote.ts';
import { hashServerSeed, sha256Hex } from '../../../src/shared/fair/index.ts';

const SLUG = 'penny-box';
const NOW = 1_700_000_000_000;
const kysely = async () => undefined; // a `remember` callback: selects the ledger (Kysely) path
const serverSeedFor = (clientSeed: string) => sha256Hex(`box server seed of ${clientSeed}`);

describeEachDb('box openings, one-statement path', (dialect) => {
  let t: TestApp;
  let products: { id: number; price: number }[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
    products = (await t.fastify.inject({ method: 'GET', url: '/api/products?sort=price_desc&limit=100' })).json().data;
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  /** A player whose active pair is (serverSeedFor(clientSeed), clientSeed, nonce 0). */
  const seeded = (balanceCents: number, clientSeed: string, name?: string) =>
    seededPlayer(db(), t.config.secrets.appSecret, {
      balanceCents,
      serverSeed: serverSeedFor(clientSeed),
      clientSeed,
      name,
    });
  /** A custom box of `creator` made of the dearest products (so its 1 % share is whole cents). */
  async function customBox(creator: TestPlayer, name: string) {
    const items = products.slice(0, 4).map((p, i) => ({ product_id: p.id, chance: [60, 30, 9.5, 0.5][i]! }));
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/user-boxes',
      headers: creator.headers,
      payload: { name, img: 'penny-box', items },
    });
    expect(res.statusCode).toBe(201);
    return (await loadBox(t.database, res.json().data.slug)).box;
  }
  const httpOpen = (p: TestPlayer, slug: string, count: number) =>
    t.fastify.inject({ method: 'POST', url: `/api/boxes/${slug}/open`, headers: p.headers, payload: { count } });
  const user = (id: number) => playerState(db(), id);
  const box = (id: number) =>
    db()
      .selectFrom('boxes')
      .select([boxOpenings.as('openings'), 'creator_earnings_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const ledger = (id: number) =>
    db()
      .selectFrom('ledger')
      .select(['id', 'delta_cents', 'balance_after_cents', 'kind', 'reference', 'idempotency_key', 'created_at'])
      .where('user_id', '=', id)
      .where('kind', 'in', ['box', 'user_box', 'creator_share'])
      .orderBy('id')
      .execute();
  const openings = (id: number) =>
    db().selectFrom('box_openings').selectAll().where('user_id', '=', id).orderBy('id').execute();
  /** Everything an opening writes for player `id` (and a creator `creatorId`), ids relative to the first of each table. */
  async function written(id: number, creatorId: number | null) {
    const items = await db()
      .selectFrom('inventory_items')
      .selectAll()
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    const drops = await db().selectFrom('drops').selectAll().where('user_id', '=', id).orderBy('id').execute();
    const opened = await openings(id);
    const mine = await ledger(id);
    const theirs = creatorId === null ? [] : await ledger(creatorId);
    const base = (rows: { id: number }[]) => Math.min(...rows.map((r) => Number(r.id)));
    const [item0, drop0, open0, ledger0] = [items, drops, opened, [...mine, ...theirs]].map(base);
    const rel = (v: number, b: number) => Number(v) - b!;
    return {
      items: items.map((r) => ({ ...r, id: rel(r.id, item0!) })),
      drops: drops.map((r) => ({ ...r, id: rel(r.id, drop0!), inventory_item_id: rel(r.inventory_item_id!, item0!) })),
      openings: opened.map((r) => ({
        ...r,
        id: rel(r.id, open0!),
        inventory_item_id: rel(r.inventory_item_id, item0!),
        drop_id: rel(r.drop_id, drop0!),
      })),
      ledger: mine.map((r) => ({ ...r, id: rel(r.id, ledger0!) })),
      creatorLedger: theirs.map((r) => ({ ...r, id: rel(r.id, ledger0!) })),
      settled: await settledWagers(db(), id), // what the programmes count: one per paid reel
    };
  }
  /** Undoes player `id`'s openings of box `boxId` (and its creator's credits): back to `balanceCents`, nonce 0 and `boxRow`. */
  async function undo(
    id: number,
    balanceCents: number,
    boxId: number,
    boxRow: Awaited<ReturnType<typeof box>>,
    creator: { id: number; balanceCents: number },
  ) {
    await db().deleteFrom('box_openings').where('user_id', '=', id).execute();
    await db().deleteFrom('drops').where('user_id', '=', id).execute();
    await db().deleteFrom('inventory_items').where('user_id', '=', id).execute();
    await db().deleteFrom('settled_wagers').where('user_id', '=', id).execute();
    await db()
      .deleteFrom('ledger')
      .where('user_id', '=', id)
      .where('kind', 'in', ['box', 'user_box', 'creator_share'])
      .execute();
    const reset = { balance_cents: balanceCents, wagered_cents: 0, edge_units: 0, level: 1 };
    await db().updateTable('users').set(reset).where('id', '=', id).execute();
    await db().updateTable('fair_seeds').set({ nonce: 0 }).where('user_id', '=', id).execute();
    // the box's openings as they were: the counted total back in the column, its counter shards emptied
    await db().deleteFrom('box_open_counts').where('box_id', '=', boxId).execute();
    await db().updateTable('boxes').set(boxRow).where('id', '=', boxId).execute();
    await db().deleteFrom('ledger').where('user_id', '=', creator.id).where('kind', '=', 'creator_share').execute();
    await db().updateTable('users').set({ balance_cents: creator.balanceCents }).where('id', '=', creator.id).execute();
  }

  it('every reel of ×1 and ×5 openings recomputes from the revealed seed with boxOutcome', async () => {
    const p = await seeded(100_000_000, 'recompute');
    const { box, items } = await loadBox(t.database, SLUG);
    const opens = [...Array(10).fill(1), ...Array(10).fill(5)].map((count) =>
      openBox(t.database, p.id, SLUG, { count, demo: false }, Date.now()),
    );
    const answers = await Promise.all(opens);
    expect((await t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers })).statusCode).toBe(
      200,
    );
    const serverSeed = serverSeedFor('recompute');
    const ranges = items.map((i) => ({ from: i.ticket_from, to: i.ticket_to }));
    const reels = answers.flatMap((a) => a.reels);
    expect(reels.map((r) => r.nonce).sort((a, b) => a - b)).toEqual([...Array(60).keys()]);
    for (const a of answers) expect(a.reels.map((r) => r.nonce)).toEqual(a.reels.map((_, i) => a.reels[0]!.nonce + i));
    const rows = await openings(p.id);
    const granted = await db()
      .selectFrom('inventory_items')
      .select(['id', 'product_id', 'price_cents', 'sale_price_cents', 'source_ref'])
      .where('user_id', '=', p.id)
      .execute();
    const itemById = new Map(granted.map((g) => [Number(g.id), g]));
    expect(rows.length).toBe(60);
    for (const r of rows) {
      const { ticket, index } = boxOutcome({ serverSeed, clientSeed: 'recompute', nonce: Number(r.nonce) }, ranges);
      const won = items[index]!;
      expect(r.ticket).toBe(ticket);
      expect(Number(r.product_id)).toBe(won.id);
      expect(Number(r.box_version_id)).toBe(box.version_id);
      const item = itemById.get(Number(r.inventory_item_id))!;
      expect(Number(item.product_id)).toBe(won.id);
      expect(Number(item.price_cents)).toBe(Number(won.item_price_cents)); // the version's snapshot
      expect(Number(item.sale_price_cents)).toBe(Number(won.item_sale_price_cents));
      expect(item.source_ref).toBe(`box:${hashServerSeed(serverSeed)}:${r.nonce}`);
      const reel = reels.find((x) => x.nonce === Number(r.nonce))!;
      expect(reel).toMatchObject({ ticket, inventory_item_id: Number(r.inventory_item_id), box_version: box.version });
      expect(reel.item.id).toBe(won.id);
    }
  });

  it('writes the same rows, balance, wagered, XP and level as the ledger path (catalog and custom box)', async () => {
    const creator = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 500 });
    const custom = await customBox(creator, 'Same Rows');
    const catalog = (await loadBox(t.database, SLUG)).box;
    for (const b of [catalog, custom]) {
      const p = await seeded(50_000_000, `compare-${b.slug}`);
      const boxBefore = await box(b.id);
      const run = async (remember?: typeof kysely) => {
        const answers: Opening[] = [];
        for (const count of [1, 5, 3])
          answers.push(await openBox(t.database, p.id, b.slug, { count, demo: false }, NOW, remember));
        const creatorId = b.creator_id === null ? null : creator.id;
        const state = {
          user: await user(p.id),
          creator: await user(creator.id),
          box: await box(b.id),
          rows: await written(p.id, creatorId),
        };
        await undo(p.id, 50_000_000, b.id, boxBefore, { id: creator.id, balanceCents: 500 });
        // ids differ between the runs: compare the answers without them
        const same = answers.map((a) => ({
          ...a,
          dropIds: a.dropIds.length,
          openingIds: a.openingIds.length,
          reels: a.reels.map((r) => ({ ...r, inventory_item_id: 0 })),
        }));
        return { answers: same, state };
      };
      const viaLedger = await run(kysely);
      const viaStatement = await run();
      expect(viaStatement).toEqual(viaLedger);
      expect(viaLedger.state.rows.openings.length).toBe(9);
      expect(viaLedger.state.rows.creatorLedger.length).toBe(b.creator_id === null ? 0 : 9);
      expect(Number(viaLedger.state.user.level)).toBeGreaterThan(1);
      expect(Number(viaLedger.state.box.openings)).toBe(Number(boxBefore.openings) + 9);
    }
  });

  it('50 parallel openings with money for only some never overspend and take distinct nonces', async () => {
    const { box } = await loadBox(t.database, SLUG);
    const price = Number(box.price_cents);
    const p = await seeded(price * 17 + price - 1, 'race');
    const answers = await Promise.all(Array.from({ length: 50 }, () => httpOpen(p, SLUG, 1)));
    const ok = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(ok.length).toBe(17);
    for (const r of refused) {
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.amount).toEqual(['Insufficient balance.']);
    }
    expect(ok.map((o) => o.reels[0].nonce).sort((a: number, b: number) => a - b)).toEqual([...Array(17).keys()]);
    expect(await balanceOf(db(), p.id)).toBe(price - 1);
    const rows = await ledger(p.id);
    expect(rows.length).toBe(17);
    expect(rows.every((r) => Number(r.balance_after_cents) >= 0)).toBe(true);
    expect((await openings(p.id)).length).toBe(17);
    expect(await activeNonce(db(), p.id)).toBe(17);
    // ×5 with money for 2 reels: refused whole, nothing written
    const short = await seeded(price * 2, 'short-five');
    expect((await httpOpen(short, SLUG, 5)).statusCode).toBe(422);
    expect(await ledger(short.id)).toEqual([]);
    expect(await activeNonce(db(), short.id)).toBe(0);
  });

  it("a custom box pays its creator's share per reel, and nothing when the creator opens it", async () => {
    const creator = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 0, name: 'Maker' });
    const b = await customBox(creator, 'Share Box');
    const price = Number(b.price_cents);
    const share = creatorShareCents(price, b.creator_share_bp);
    expect(share).toBeGreaterThan(0);
    const opener = await seeded(price * 10, 'share-opener');
    const res = await httpOpen(opener, b.slug, 5);
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(db(), creator.id)).toBe(share * 5);
    expect(Number((await box(b.id)).creator_earnings_cents)).toBe(share * 5);
    const credits = await ledger(creator.id);
    const hash = hashServerSeed(serverSeedFor('share-opener'));
    expect(
      credits.map((c) => [Number(c.delta_cents), Number(c.balance_after_cents), c.kind, c.idempotency_key]),
    ).toEqual([0, 1, 2, 3, 4].map((n) => [share, share * (n + 1), 'creator_share', `creator_share:${hash}:${n}`]));
    expect((await ledger(opener.id)).map((r) => r.idempotency_key)).toEqual(
      [0, 1, 2, 3, 4].map((n) => `user_box:${hash}:${n}`),
    );
    // the creator opens their own box: pays the price, no share back
    await db()
      .updateTable('users')
      .set({ balance_cents: price * 2 })
      .where('id', '=', creator.id)
      .execute();
    const own = await openBox(t.database, creator.id, b.slug, { count: 2, demo: false }, Date.now());
    expect(own.creditedCreator).toBeNull();
    expect(await balanceOf(db(), creator.id)).toBe(0);
    expect((await ledger(creator.id)).filter((r) => r.kind === 'creator_share').length).toBe(5);
    expect(Number((await box(b.id)).creator_earnings_cents)).toBe(share * 5);
    expect(Number((await box(b.id)).openings)).toBe(7);
  });

  it("two creators opening each other's boxes in parallel neither deadlock nor lose a cent", async () => {
    const a = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 100_000_000 });
    const b = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 100_000_000 });
    const boxA = await customBox(a, 'Box Of A');
    const boxB = await customBox(b, 'Box Of B');
    const opens = Array.from({ length: 20 }, (_, i) =>
      i % 2
        ? openBox(t.database, a.id, boxB.slug, { count: 2, demo: false }, Date.now())
        : openBox(t.database, b.id, boxA.slug, { count: 2, demo: false }, Date.now()),
    );
    const done = await Promise.all(opens);
    expect(done.length).toBe(20);
    const price = (x: typeof boxA) => Number(x.price_cents);
    const share = (x: typeof boxA) => creatorShareCents(price(x), x.creator_share_bp);
    expect(await balanceOf(db(), a.id)).toBe(100_000_000 - 20 * price(boxB) + 20 * share(boxA));
    expect(await balanceOf(db(), b.id)).toBe(100_000_000 - 20 * price(boxA) + 20 * share(boxB));
    for (const p of [a, b]) {
      const rows = await ledger(p.id);
      expect(rows.length).toBe(40);
      // balance_after of the rows in id order follows the deltas exactly: no lost update
      let running = 100_000_000;
      for (const r of rows) expect(Number(r.balance_after_cents)).toBe((running += Number(r.delta_cents)));
    }
  });

  it('refuses a self-excluded player (403) and a short balance (422), writing nothing', async () => {
    const until = Date.now() + 86_400_000;
    const excluded = await seeded(10_000_000, 'excluded');
    await db().updateTable('users').set({ self_excluded_until: until }).where('id', '=', excluded.id).execute();
    const short = await seeded(1, 'one-cent');
    const body = { count: 1, demo: false };
    await expect(openBox(t.database, excluded.id, SLUG, body, Date.now())).rejects.toMatchObject({
      statusCode: 403,
      message: `You are self-excluded until ${utcLabel(until)}: bets and openings are closed until then.`,
    });
    await expect(openBox(t.database, short.id, SLUG, body, Date.now())).rejects.toMatchObject({
      statusCode: 422,
      errors: { amount: ['Insufficient balance.'] },
    });
    if (dialect === 'postgres')
      await expect(openBox(t.database, 987_654_321, SLUG, body, Date.now())).rejects.toMatchObject({ statusCode: 404 });
    for (const p of [excluded, short]) {
      expect(await ledger(p.id)).toEqual([]);
      expect(await openings(p.id)).toEqual([]);
      expect(await activeNonce(db(), p.id)).toBe(0);
    }
  });

  it("a player's first opening creates the seed pairs and starts at nonce 0", async () => {
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 100_000 });
    const opened = await openBox(t.database, p.id, SLUG, { count: 3, demo: false }, Date.now());
    expect(opened.reels.map((r) => r.nonce)).toEqual([0, 1, 2]);
  });

  it('a version published after the box was loaded: the opening is made again at the new version', async () => {
    const creator = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 0 });
    const b = await customBox(creator, 'Moving Target');
    const stale = await loadBox(t.database, b.slug);
    // the new version: one item only, so every reel must win it
    const only = products[5]!;
    const versionId = await publishBoxVersion(
      db(),
      b.id,
      [{ productId: only.id, tickets: 100_000, priceCents: 777, salePriceCents: 555 }],
      Date.now(),
    );
    const fresh = await loadBox(t.database, b.slug);
    const opener = await seeded(Number(fresh.box.price_cents) * 3, 'moving');
    const opened = await openLoadedBox(t.database, opener.id, stale, 3, Date.now());
    expect(opened.box).toMatchObject({ slug: b.slug, version: 2, priceCents: Number(fresh.box.price_cents) });
    expect(opened.reels.map((r) => [r.box_version, r.item.id, r.nonce])).toEqual([0, 1, 2].map((n) => [2, only.id, n]));
    const rows = await openings(opener.id);
    expect(rows.map((r) => [Number(r.box_version_id), Number(r.product_id), Number(r.price_cents)])).toEqual(
      [0, 1, 2].map(() => [versionId, only.id, Number(fresh.box.price_cents)]),
    );
    expect(await balanceOf(db(), opener.id)).toBe(0);
    expect(Number((await box(b.id)).openings)).toBe(3);
  });

  it('a box kept for openings follows the versions published here and, after a failed check, elsewhere', async () => {
    const creator = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 0 });
    const b = await customBox(creator, 'Kept Box');
    const opener = await seeded(1_000_000, 'kept');
    const versionsOf = (o: Opening) => o.reels.map((r) => r.box_version);
    const first = await openBox(t.database, opener.id, b.slug, { count: 1, demo: false }, Date.now());
    expect(versionsOf(first)).toEqual([1]);
    const only = products[5]!;
    const v2 = await publishBoxVersion(
      db(),
      b.id,
      [{ productId: only.id, tickets: 100_000, priceCents: 777, salePriceCents: 555 }],
      Date.now(),
    );
    // published in this process: the next opening is at version 2
    const second = await openBox(t.database, opener.id, b.slug, { count: 1, demo: false }, Date.now());
    expect([versionsOf(second), second.reels[0]!.item.id]).toEqual([[2], only.id]);
    // another instance makes version 1 current again (nothing here hears of it): the kept box fails
    // the opening's check, the box is read again and the opening is made at version 1
    const v1 = await db()
      .selectFrom('box_versions')
      .select('id')
      .where('box_id', '=', b.id)
      .where('version', '=', 1)
      .executeTakeFirstOrThrow();
    await db().updateTable('boxes').set({ current_version_id: v1.id }).where('id', '=', b.id).execute();
    for (let i = 0; i < 2; i++) {
      const again = await openBox(t.database, opener.id, b.slug, { count: 1, demo: false }, Date.now());
      expect(versionsOf(again)).toEqual([1]);
    }
    const rows = await openings(opener.id);
    expect(rows.map((r) => Number(r.box_version_id))).toEqual([v1.id, v2, v1.id, v1.id]);
  });

  if (dialect === 'postgres') {
    it("openers of one box do not queue on its row: an opening completes while another opener's transaction holds it", async () => {
      const { box: b } = await loadBox(t.database, SLUG);
      const opener = await seeded(Number(b.price_cents), 'beside');
      const before = Number((await box(b.id)).openings);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let held!: () => void;
      const holding = new Promise<void>((r) => (held = r));
      // another opening's hold on the box row, from its version check until its commit
      const other = db()
        .transaction()
        .execute(async (trx) => {
          await sql`select 1 from boxes where id = ${b.id} for share`.execute(trx);
          held();
          await gate;
        });
      await holding;
      const res = await Promise.race([
        httpOpen(opener, SLUG, 1),
        new Promise<null>((r) => setTimeout(() => r(null), 5_000)),
      ]);
      release();
      await other;
      expect(res?.statusCode).toBe(200); // null: it waited for the other transaction
      expect(Number((await box(b.id)).openings)).toBe(before + 1);
    });

    it('a version published while the opening waits for the box row: made again at the new version; an Idempotency-Key opening keeps the version it loaded', async () => {
      const creator = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 0 });
      const b = await customBox(creator, 'Racing Target');
      const opener = await seeded(100_000_000, 'racing');
      /** Opens with `headers` while a new version's transaction holds the box row, committing it once the opening waits. */
      const racePublish = async (productId: number, headers: Record<string, string>) => {
        let release!: () => void;
        const gate = new Promise<void>((r) => (release = r));
        let published!: Promise<number>;
        const publisherPid = await new Promise<number>((started) => {
          published = db()
            .transaction()
            .execute(async (trx) => {
              const one = [{ productId, tickets: 100_000, priceCents: 900, salePriceCents: 600 }];
              const id = await publishBoxVersion(trx, b.id, one, Date.now());
              const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
              started(rows[0]!.pid);
              await gate;
              return id;
            });
        });
        const opening = t.fastify.inject({
          method: 'POST',
          url: `/api/boxes/${b.slug}/open`,
          headers: { ...opener.headers, ...headers },
          payload: { count: 2 },
        });
        // the opening reaches the box row (the creator's earnings, on either path) and waits for the publish
        // (other test files share the database: only a backend blocked by this publish counts)
        let blocked = false;
        for (let waited = 0; waited < 100 && !blocked; waited++) {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where ${publisherPid}::int = any(pg_blocking_pids(pid))`.execute(db());
          blocked = rows[0]!.n > 0;
          if (!blocked) await new Promise((r) => setTimeout(r, 50));
        }
        expect(blocked).toBe(true);
        release();
        const [versionId, res] = await Promise.all([published, opening]);
        expect(res.statusCode).toBe(200);
        return { versionId, data: res.json().data };
      };
      const fast = await racePublish(products[6]!.id, {});
      expect(fast.data.box.version).toBe(2);
      expect(fast.data.reels.map((r: { item: { id: number } }) => r.item.id)).toEqual([
        products[6]!.id,
        products[6]!.id,
      ]);
      const keyed = await racePublish(products[7]!.id, { 'idempotency-key': 'racing-1' });
      expect(keyed.data.box.version).toBe(3); // every executor checks the version: the Kysely path too
      const rows = await openings(opener.id);
      expect(rows.map((r) => Number(r.box_version_id))).toEqual([
        fast.versionId,
        fast.versionId,
        keyed.versionId,
        keyed.versionId,
      ]);
      expect(Number((await box(b.id)).openings)).toBe(4);
    });
  }
});
