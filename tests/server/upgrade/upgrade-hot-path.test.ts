// The upgrade's hot path: on SQLite an upgrade without Idempotency-Key, by a player who already has
// a seed pair, is one synchronous job of the group commit (upgrade.sqlite-bet.ts). Its answers and
// rows are compared with the Kysely path's (an Idempotency-Key call) over wins and losses, and the
// race and refusals are checked with every player's pair made first; the assertions also hold on
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { describeEachDb } from '../../helpers/test-db.ts';
import { activeNonce, balanceOf, createPlayer, seededPlayer, type TestPlayer } from '../../helpers/users.ts';
import { sha256Hex } from '../../../src/shared/fair/index.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { grantItem } from '../../../src/server/modules/inventory/inventory.service.ts';
import { settleUpgradeSync } from '../../../src/server/modules/upgrade/upgrade.sqlite-bet.ts';
import { transactSync } from '../../../src/server/db/transact.ts';
import type { Upgrade } from '../../../src/shared/api/upgrade.ts';

describeEachDb('upgrade hot path', (dialect) => {
  let t: TestApp;
  let cheap: { id: number; price_cents: number };
  let target: { id: number; price_cents: number };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
    const products = await t.database.db
      .selectFrom('products')
      .select(['id', 'price_cents'])
      .orderBy('price_cents')
      .execute();
    cheap = products[0]!;
    // a target about 1.5× a $10 stake: a chance near 64 %, so a few upgrades see wins and losses
    target = products.find((p) => Number(p.price_cents) >= 1_500)!;
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  /** A player whose seed pair exists (`seeds` when given), holding `items` cheap items and `balanceCents`. */
  const player = async (
    balanceCents: number,
    items = 0,
    seeds?: { serverSeed: string; clientSeed: string; hash?: string },
  ) => {
    const secret = t.config.secrets.appSecret;
    const p = seeds
      ? await seededPlayer(db(), secret, { balanceCents, ...seeds })
      : await createPlayer(db(), secret, { balanceCents, seedPair: true });
    const ids: number[] = [];
    for (let i = 0; i < items; i++)
      ids.push(
        await grantItem(db(), { userId: p.id, productId: cheap.id, source: 'admin', sourceRef: 'test', now: 2_000 }),
      );
    return { p, ids };
  };
  const upgrade = (p: TestPlayer, payload: object, extra: Record<string, string> = {}) =>
    t.fastify.inject({ method: 'POST', url: '/api/upgrade', headers: { ...p.headers, ...extra }, payload });
  const rows = (table: 'upgrades' | 'ledger' | 'inventory_items', userId: number) =>
    db().selectFrom(table).selectAll().where('user_id', '=', userId).orderBy('id').execute();

  it('answers and writes like the Kysely path, over wins and losses', async () => {
    // the same seeds for both players (the stored hash differs: it names the ledger keys, unique across
    // players); fixed seeds whose 8 rolls at a ~49 % chance both win and lose
    const seeds = { serverSeed: sha256Hex('upgrade hot path'), clientSeed: 'wins-and-losses' };
    const fast = await player(10_000, 8, seeds);
    const slow = await player(10_000, 8, { ...seeds, hash: 'e'.repeat(64) });
    const body = (ids: number[], i: number) => ({ item_ids: [ids[i]!], balance: 10, target_product_id: target.id });
    const answers: [Upgrade, Upgrade][] = [];
    for (let i = 0; i < 8; i++) {
      const a = await upgrade(fast.p, body(fast.ids, i));
      const b = await upgrade(slow.p, body(slow.ids, i), { 'idempotency-key': `kysely-${i}` });
      expect([a.statusCode, b.statusCode], a.body).toEqual([200, 200]);
      expect(a.json().balance).toBe(b.json().balance);
      answers.push([a.json().data, b.json().data]);
    }
    const wins = answers.filter(([a]) => a.win).length;
    expect(wins).toBeGreaterThan(0); // both kinds of answer were compared
    expect(wins).toBeLessThan(8);
    const comparable = (u: Upgrade) => ({
      ...u,
      id: 0,
      stake: { ...u.stake, item_ids: [] },
      server_seed_hash: '',
      created_at: '',
      new_item: u.new_item && { ...u.new_item, id: 0, created_at: '' },
    });
    for (const [a, b] of answers) expect(comparable(a)).toEqual(comparable(b));
    const strip = (list: Record<string, unknown>[]) =>
      list.map(({ id: _id, user_id: _u, created_at: _c, updated_at: _up, inventory_item_id: i, ...rest }) => ({
        ...rest,
        has_item: i !== null && i !== undefined,
        idempotency_key:
          typeof rest.idempotency_key === 'string' ? rest.idempotency_key.replace(/[0-9a-f]{64}|\d+$/, '') : undefined,
        server_seed_hash: undefined,
        stake_item_ids: typeof rest.stake_item_ids === 'string' ? JSON.parse(rest.stake_item_ids).length : undefined,
        reference: typeof rest.reference === 'string' ? rest.reference.replace(/\d+$/, '') : rest.reference,
        source_ref: typeof rest.source_ref === 'string' ? rest.source_ref.replace(/\d+$/, '') : rest.source_ref,
      }));
    for (const table of ['upgrades', 'ledger', 'inventory_items'] as const)
      expect(strip(await rows(table, fast.p.id))).toEqual(strip(await rows(table, slow.p.id)));
    // the granted item is the one the answer names
    const granted = (await rows('inventory_items', fast.p.id)).filter((r) => r.source === 'upgrade').map((r) => r.id);
    expect(answers.filter(([a]) => a.new_item).map(([a]) => a.new_item!.id)).toEqual(granted);
  });

  it('six parallel upgrades staking the same item: exactly one succeeds, the rest 409, nothing lost or minted', async () => {
    const { p, ids } = await player(0, 1);
    const body = { item_ids: ids, balance: 0, target_product_id: target.id };
    const results = await Promise.all(Array.from({ length: 6 }, () => upgrade(p, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
      'Some of these items are no longer in your inventory.',
    );
    expect(await rows('upgrades', p.id)).toHaveLength(1);
    expect(await activeNonce(db(), p.id)).toBe(1); // the refused upgrades' nonces rolled back
    const items = await rows('inventory_items', p.id);
    expect(items[0]!.status).toBe('used_in_upgrade');
    expect(items.length).toBe(1 + (results.find((r) => r.statusCode === 200)!.json().data.win ? 1 : 0));
  });

  it('refuses a self-excluded player staking items only, an unknown target and a short balance, writing nothing', async () => {
    const { p, ids } = await player(100, 1);
    const excluded = await player(0, 1);
    await db()
      .updateTable('users')
      .set({ self_excluded_until: Date.UTC(2099, 0, 1) })
      .where('id', '=', excluded.p.id)
      .execute();
    const refusedExcluded = await upgrade(excluded.p, {
      item_ids: excluded.ids,
      balance: 0,
      target_product_id: target.id,
    });
    expect(refusedExcluded.statusCode).toBe(403);
    expect(refusedExcluded.json().message).toMatch(/^You are self-excluded until .*2099/);
    const unknown = await upgrade(p, { item_ids: ids, balance: 0, target_product_id: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.target_product_id).toEqual(['This target item does not exist.']);
    const short = await upgrade(p, { item_ids: ids, balance: 5, target_product_id: target.id });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe('Insufficient balance.');
    for (const who of [p, excluded.p]) {
      expect(await rows('upgrades', who.id)).toHaveLength(0);
      expect((await rows('inventory_items', who.id)).map((r) => r.status)).toEqual(['owned']);
      expect(await activeNonce(db(), who.id)).toBe(0);
    }
    expect(await balanceOf(db(), p.id)).toBe(100);
  });

  it("gives the Kysely path's refusal when several apply: a chance out of bounds before a short balance", async () => {
    const dearest = await db()
      .selectFrom('products')
      .select('id')
      .orderBy('price_cents', 'desc')
      .executeTakeFirstOrThrow();
    const fast = await player(100, 1);
    const slow = await player(100, 1);
    const body = (ids: number[]) => ({ item_ids: ids, balance: 5, target_product_id: dearest.id });
    const a = await upgrade(fast.p, body(fast.ids));
    const b = await upgrade(slow.p, body(slow.ids), { 'idempotency-key': 'kysely-order' });
    expect(a.statusCode).toBe(b.statusCode);
    const { request_id: idA, ...refusedA } = a.json(); // each answer quotes its own request's id
    const { request_id: idB, ...refusedB } = b.json();
    expect(refusedA).toEqual(refusedB);
    expect([idA, idB]).toEqual([a.headers['x-request-id'], b.headers['x-request-id']]);
    expect(Object.keys(a.json().errors ?? {})).toEqual(['target_product_id']); // not 'Insufficient balance.'
    expect(await activeNonce(db(), fast.p.id)).toBe(0);
    expect((await rows('inventory_items', fast.p.id)).map((r) => r.status)).toEqual(['owned']);
  });
});

describe('upgrade hot path on SQLite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await seedCatalog(t.database.db, 1_000);
  });
  afterAll(() => t.close());

  it('runs as a synchronous job: null without a seed pair and nothing written', async () => {
    const db = t.database.db;
    const fresh = await createPlayer(db, t.config.secrets.appSecret, { balanceCents: 10_000 });
    const product = await db // a target $1 can reach: a chance between 1 % and the maximum
      .selectFrom('products')
      .select('id')
      .where('price_cents', '>=', 300)
      .where('price_cents', '<=', 5_000)
      .executeTakeFirstOrThrow();
    const asked = { userId: fresh.id, ids: [], balanceCents: 100, targetProductId: product.id, now: Date.now() };
    expect(await transactSync(t.database, (sqlite) => settleUpgradeSync(sqlite, asked))).toBeNull();
    expect(await balanceOf(db, fresh.id)).toBe(10_000);
    expect(await db.selectFrom('upgrades').select('id').where('user_id', '=', fresh.id).execute()).toHaveLength(0);
  });
});
