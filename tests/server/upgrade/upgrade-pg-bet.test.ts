// The upgrade's PostgreSQL one-statement path (upgrade.pg-bet.ts, migration 0023) against the ledger
// path it replaces: with fixed seeds, upgrades (items only and items + balance, wins and losses,
// also across a rotation) roll and win as shared/fair recomputes from the revealed seed, at the
// chance upgradeChance gives; SQL's chance equals upgradeChance's over hundreds of stake/target
// pairs; the answers and rows equal those of the Kysely path (placeUpgrade given an Idempotency-Key
// answer to remember); parallel upgrades of one item let exactly one through; every refusal is the
// Kysely path's error and writes nothing. On SQLite the upgrades without a `remember` take the
// synchronous hot path instead, and the same assertions hold (the SQL function's own checks are
// PostgreSQL only).
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { describeEachDb } from '../../helpers/test-db.ts';
import { activeNonce, balanceOf, createPlayer, revealedSeeds, seededPlayer, playerState } from '../../helpers/users.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { grantItem } from '../../../src/server/modules/inventory/inventory.service.ts';
import { placeUpgrade } from '../../../src/server/modules/upgrade/upgrade.service.ts';
import { rotateSeeds } from '../../../src/server/modules/fair/fair.service.ts';
import { sha256Hex } from '../../../src/shared/fair/index.ts';
import {
  UPGRADE_EDGE_BP,
  UPGRADE_MAX_CHANCE_BP,
  UPGRADE_MIN_CHANCE_BP,
  bpToPercent,
  upgradeChance,
  upgradeChanceError,
} from '../../../src/shared/games/upgrade/upgrade.odds.ts';
import { upgradeOutcome } from '../../../src/shared/games/upgrade/upgrade.outcome.ts';
import type { Upgrade } from '../../../src/shared/api/upgrade.ts';
import { levelForXp } from '../../../src/shared/levels.ts';

/** The fixed server seed of a test player (64 hex characters; one per player, as pairs never share one). */
const serverSeedFor = (clientSeed: string) => sha256Hex(`upgrade server seed of ${clientSeed}`);
const kysely = async () => undefined; // a `remember` callback: selects the ledger (Kysely) path
const NOW = 1_700_000_000_000;

/** A small deterministic PRNG (mulberry32), so the stakes are the same on every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describeEachDb('upgrade, one-statement path', (dialect) => {
  let t: TestApp;
  let cheap: { id: number; price_cents: number }; // the product of every staked item
  let dear: { id: number; price_cents: number }; // the priciest product: fine-grained chances
  let mid: { id: number; price_cents: number };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
    const products = await db().selectFrom('products').select(['id', 'price_cents']).orderBy('price_cents').execute();
    cheap = products[0]!;
    dear = products[products.length - 1]!;
    mid = products.find((p) => Number(p.price_cents) >= 1_500)!;
    expect(Number(dear.price_cents)).toBeGreaterThan(10_000);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  /** A player whose active pair is (serverSeedFor(clientSeed), clientSeed, nonce 0). */
  const seeded = (balanceCents: number, clientSeed: string, hash?: string) =>
    seededPlayer(db(), t.config.secrets.appSecret, {
      balanceCents,
      serverSeed: serverSeedFor(clientSeed),
      clientSeed,
      hash,
    });
  /** Grants the player one cheap item per price snapshot (cents); answers their ids. */
  const items = async (userId: number, prices: number[]) => {
    const ids: number[] = [];
    for (const priceCents of prices)
      ids.push(
        await grantItem(db(), {
          userId,
          productId: cheap.id,
          source: 'admin',
          sourceRef: 'test',
          now: 2_000,
          priceCents,
          salePriceCents: Math.floor(priceCents * 0.8),
        }),
      );
    return ids;
  };
  const user = (id: number) => playerState(db(), id);
  const rows = (table: 'upgrades' | 'ledger' | 'inventory_items', userId: number) =>
    db().selectFrom(table).selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const body = (ids: number[], balanceCents: number, target: { id: number }) => ({
    item_ids: ids,
    balance: balanceCents / 100,
    target_product_id: target.id,
  });
  /** The error a call threw, as the API answers it. */
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (e: { statusCode?: number; message: string; errors?: unknown }) => ({
        statusCode: e.statusCode,
        message: e.message,
        errors: e.errors,
      }),
    );

  it('upgrades of every stake kind roll as the revealed seeds say, at upgradeChance, with a rotation racing them', async () => {
    const target = Number(dear.price_cents);
    const random = prng(23);
    // 60 stakes from just above the 1 % floor to beyond the 75 % cap; odd ones add balance
    const plays = Array.from({ length: 60 }, (_, i) => {
      const fraction = i === 0 ? 0.0106 : i === 1 ? 0.95 : 0.0106 + random() * 0.9;
      const stake = Math.floor(target * fraction);
      const balanceCents = i % 2 ? Math.floor(stake * random() * 0.5) : 0;
      return { itemCents: stake - balanceCents, balanceCents };
    });
    for (const p of plays) expect(upgradeChanceError(p.itemCents + p.balanceCents, target)).toBeNull();
    const p = await seeded(10_000_000, 'many');
    const ids = await items(
      p.id,
      plays.map((x) => x.itemCents),
    );
    const run = (i: number) => placeUpgrade(t.database, p.id, body([ids[i]!], plays[i]!.balanceCents, dear), NOW + i);
    // a quarter, a rotation, a quarter, then half racing another rotation (the pair's lock orders them)
    const quarter = plays.length / 4;
    for (let i = 0; i < quarter; i++) await run(i);
    await rotateSeeds(t.database, p.id, NOW);
    for (let i = quarter; i < 2 * quarter; i++) await run(i);
    await Promise.all([
      rotateSeeds(t.database, p.id, NOW),
      ...plays.slice(2 * quarter).map((_, i) => run(2 * quarter + i)),
    ]);
    await rotateSeeds(t.database, p.id, NOW); // reveals the pair the later upgrades used
    const seedOf = await revealedSeeds(db(), p.id);
    expect(seedOf.size).toBe(3);
    const upgrades = await rows('upgrades', p.id);
    expect(upgrades).toHaveLength(plays.length);
    expect(new Set(upgrades.map((u) => u.server_seed_hash)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(upgrades.map((u) => `${u.server_seed_hash}:${u.nonce}`)).size).toBe(plays.length);
    const granted = new Map(
      (await rows('inventory_items', p.id)).filter((r) => r.source === 'upgrade').map((r) => [r.id, r]),
    );
    let wins = 0;
    let capped = 0;
    for (const u of upgrades) {
      const i = ids.indexOf(JSON.parse(u.stake_item_ids)[0]);
      expect(Number(u.stake_items_cents)).toBe(plays[i]!.itemCents);
      expect(Number(u.stake_balance_cents)).toBe(plays[i]!.balanceCents);
      const chance = upgradeChance(plays[i]!.itemCents + plays[i]!.balanceCents, target);
      expect(Number(u.chance_bp)).toBe(chance.chanceBp);
      if (chance.capped) capped++;
      const seeds = { serverSeed: seedOf.get(u.server_seed_hash)!, clientSeed: u.client_seed, nonce: Number(u.nonce) };
      const outcome = upgradeOutcome(seeds, bpToPercent(chance.chanceBp));
      expect({ roll: Number(u.roll), win: Number(u.win) === 1 }).toEqual({ roll: outcome.roll, win: outcome.win });
      if (outcome.win) {
        wins++;
        const item = granted.get(Number(u.inventory_item_id))!;
        expect(item).toMatchObject({ product_id: dear.id, status: 'owned', source_ref: `upgrade:${u.id}` });
        expect(Number(item.price_cents)).toBe(target);
      } else expect(u.inventory_item_id).toBeNull();
    }
    expect(wins).toBeGreaterThan(0); // both outcomes were checked
    expect(wins).toBeLessThan(plays.length);
    expect(capped).toBeGreaterThan(0);
    expect(granted.size).toBe(wins);
    const staked = (await rows('inventory_items', p.id)).filter((r) => ids.includes(r.id));
    expect(staked.every((r) => r.status === 'used_in_upgrade')).toBe(true);
    const moves = (await rows('ledger', p.id)).filter((m) => m.kind === 'upgrade');
    expect(moves).toHaveLength(plays.length / 2);
    const spent = plays.reduce((s, x) => s + x.balanceCents, 0);
    expect(moves.reduce((s, m) => s + Number(m.delta_cents), 0)).toBe(-spent);
    expect(await balanceOf(db(), p.id)).toBe(10_000_000 - spent);
  });

  it('answers and writes like the Kysely path: upgrades, ledger, items, balance, wagered, XP and level', async () => {
    // fractions of the target's price: items only, several items, items + balance, a capped chance
    const plays = [
      { items: [0.2], balance: 0, target: mid },
      { items: [0.25, 0.3], balance: 0, target: mid },
      { items: [0.3], balance: 0.2, target: mid },
      { items: [0.1], balance: 0.3, target: dear },
      { items: [0.05, 0.05, 0.05], balance: 0, target: dear },
      { items: [0.5], balance: 0.1, target: mid },
      { items: [0.01], balance: 0.6, target: dear },
      { items: [0.15], balance: 0, target: mid },
      { items: [0.35], balance: 0.3, target: mid },
      { items: [0.8], balance: 0, target: mid },
    ];
    const cents = (f: number, target: { price_cents: number }) => Math.floor(f * Number(target.price_cents));
    const stakes = plays.map((x) => ({
      items: x.items.map((f) => cents(f, x.target)),
      balance: cents(x.balance, x.target),
      target: x.target,
    }));
    // a client seed whose plays both win and lose (so both kinds of answer and row are compared)
    const wins = (clientSeed: string) =>
      stakes.filter((s, nonce) => {
        const chance = upgradeChance(s.items.reduce((a, b) => a + b, 0) + s.balance, Number(s.target.price_cents));
        return upgradeOutcome(
          { serverSeed: serverSeedFor(clientSeed), clientSeed, nonce },
          bpToPercent(chance.chanceBp),
        ).win;
      }).length;
    const clientSeed = Array.from({ length: 50 }, (_, i) => `compare-${i}`).find((s) => wins(s) >= 3 && wins(s) <= 7)!;
    const fast = await seeded(100_000_000, clientSeed);
    const slow = await seeded(100_000_000, clientSeed, 'e'.repeat(64)); // the hash names the ledger keys: unique
    const answers: [Upgrade, Upgrade, number, number][] = [];
    for (const s of stakes) {
      const a = await placeUpgrade(t.database, fast.id, body(await items(fast.id, s.items), s.balance, s.target), NOW);
      const b = await placeUpgrade(
        t.database,
        slow.id,
        body(await items(slow.id, s.items), s.balance, s.target),
        NOW,
        kysely,
      );
      expect(a.balanceMoved).toBe(b.balanceMoved);
      answers.push([a.upgrade, b.upgrade, a.balanceCents, b.balanceCents]);
    }
    expect(answers.filter(([a]) => a.win).length).toBe(wins(clientSeed));
    const comparable = (u: Upgrade) => ({
      ...u,
      id: 0,
      stake: { ...u.stake, item_ids: u.stake.item_ids.length },
      server_seed_hash: '',
      new_item: u.new_item && { ...u.new_item, id: 0 },
    });
    for (const [a, b, balanceA, balanceB] of answers) {
      expect(comparable(a)).toEqual(comparable(b));
      expect(balanceA).toBe(balanceB);
    }
    // each answer is what the history reads back
    const history = await t.fastify.inject({
      method: 'GET',
      url: '/api/upgrade/history?limit=100',
      headers: fast.headers,
    });
    expect(history.json().data.reverse()).toEqual(answers.map(([a]) => a));
    const strip = (list: Record<string, unknown>[]) =>
      list.map(({ id: _id, user_id: _u, inventory_item_id: i, ...rest }) => ({
        ...rest,
        created_at: rest.kind === 'admin' ? undefined : rest.created_at, // the opening deposit's: Date.now()
        has_item: i !== null && i !== undefined,
        idempotency_key:
          typeof rest.idempotency_key === 'string' ? rest.idempotency_key.replace(/[0-9a-f]{64}|\d+$/g, '') : undefined,
        server_seed_hash: undefined,
        stake_item_ids: typeof rest.stake_item_ids === 'string' ? JSON.parse(rest.stake_item_ids).length : undefined,
        reference: typeof rest.reference === 'string' ? rest.reference.replace(/\d+$/, '') : rest.reference,
        source_ref: typeof rest.source_ref === 'string' ? rest.source_ref.replace(/\d+$/, '') : rest.source_ref,
      }));
    for (const table of ['upgrades', 'ledger', 'inventory_items'] as const)
      expect(strip(await rows(table, fast.id))).toEqual(strip(await rows(table, slow.id)));
    expect(await user(fast.id)).toEqual(await user(slow.id));
    expect(Number((await user(fast.id)).level)).toBeGreaterThan(1); // the balance stakes raised the level
    expect(await activeNonce(db(), fast.id)).toBe(stakes.length);
    // the granted items are the ones the answers name
    const granted = (await rows('inventory_items', fast.id)).filter((r) => r.source === 'upgrade').map((r) => r.id);
    expect(answers.filter(([a]) => a.new_item).map(([a]) => a.new_item!.id)).toEqual(granted);
  });

  it('six parallel upgrades staking the same item with balance: one goes through, five 409, nothing lost or minted', async () => {
    const p = await seeded(10_000, 'shared');
    const [id] = await items(p.id, [600]);
    const settled = await Promise.all(
      Array.from({ length: 6 }, () => failure(placeUpgrade(t.database, p.id, body([id!], 300, mid), NOW))),
    );
    const gone = 'Some of these items are no longer in your inventory.';
    expect(settled.filter((s) => s === null)).toHaveLength(1);
    expect(settled.filter((s) => s !== null)).toEqual(
      Array.from({ length: 5 }, () => ({ statusCode: 409, message: gone, errors: { item_ids: [gone] } })),
    );
    const [upgrade, ...more] = await rows('upgrades', p.id);
    expect(more).toHaveLength(0);
    expect(await activeNonce(db(), p.id)).toBe(1); // the refused upgrades took no nonce
    expect(await balanceOf(db(), p.id)).toBe(10_000 - 300);
    expect((await rows('ledger', p.id)).filter((m) => m.kind === 'upgrade')).toHaveLength(1);
    const owned = await rows('inventory_items', p.id);
    expect(owned[0]!.status).toBe('used_in_upgrade');
    expect(owned.length).toBe(1 + Number(upgrade!.win));
  });

  it('refuses as the Kysely path does, writing nothing', async () => {
    const now = Date.now();
    const until = now + 86_400_000;
    const target = Number(mid.price_cents);
    const other = await seeded(0, 'other');
    const [notMine] = await items(other.id, [100]);
    const cases = [
      { name: 'self-excluded, items only', excluded: true, items: [500], balance: 0, status: 403 },
      { name: 'self-excluded, with balance', excluded: true, items: [500], balance: 100, status: 403 },
      { name: 'short balance', items: [500], balance: 1_001, status: 422 },
      { name: 'unknown target', items: [500], balance: 0, target: 987_654_321, status: 422 },
      { name: 'target not pricier', items: [target - 100], balance: 100, status: 422 },
      { name: 'chance below 1 %', items: [Math.floor(target / 100)], balance: 0, status: 422 },
      { name: 'stake worth nothing', items: [0], balance: 0, status: 422 },
      { name: 'item not owned', items: [500], balance: 100, foreign: true, status: 409 },
    ];
    for (const c of cases) {
      const errors = [];
      for (const remember of [undefined, kysely]) {
        const p = await seeded(1_000, `refused-${c.name}-${remember ? 'kysely' : 'fast'}`);
        if (c.excluded)
          await db().updateTable('users').set({ self_excluded_until: until }).where('id', '=', p.id).execute();
        const ids = [...(await items(p.id, c.items)), ...(c.foreign ? [notMine!] : [])];
        const asked = { item_ids: ids, balance: c.balance / 100, target_product_id: c.target ?? mid.id };
        errors.push(await failure(placeUpgrade(t.database, p.id, asked, now, remember)));
        expect(await rows('upgrades', p.id), c.name).toEqual([]);
        expect((await rows('inventory_items', p.id)).map((r) => r.status)).toEqual(c.items.map(() => 'owned'));
        expect((await rows('ledger', p.id)).map((r) => r.kind)).toEqual(['admin']); // the opening deposit only
        expect(await activeNonce(db(), p.id)).toBe(0);
        expect(await balanceOf(db(), p.id)).toBe(1_000);
      }
      expect(errors[0], c.name).toEqual(errors[1]);
      expect(errors[0]?.statusCode, c.name).toBe(c.status);
    }
    expect((await rows('inventory_items', other.id)).map((r) => r.status)).toEqual(['owned']);
    // the ledger path never gets there (creating the missing user's seed pair fails first)
    if (dialect === 'postgres')
      await expect(
        placeUpgrade(t.database, 987_654_321, { item_ids: [1], balance: 0, target_product_id: mid.id }, now),
      ).rejects.toMatchObject({ statusCode: 404 });
  });

  it("a player's first upgrades create the seed pairs, once, and start at nonce 0", async () => {
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 1_000 });
    const ids = await items(p.id, [500, 500, 500]);
    const placed = await Promise.all(ids.map((id) => placeUpgrade(t.database, p.id, body([id], 100, mid), NOW)));
    expect(placed.map((u) => u.upgrade.nonce).sort()).toEqual([0, 1, 2]);
    const pairs = await db().selectFrom('fair_seeds').select('slot').where('user_id', '=', p.id).execute();
    expect(pairs.map((r) => r.slot).sort()).toEqual(['active', 'next']);
    expect(await rows('upgrades', p.id)).toHaveLength(3);
    expect(await balanceOf(db(), p.id)).toBe(700);
  });

  if (dialect === 'postgres') {
    it("SQL's chance is upgradeChance's, and refuses what upgradeChanceError refuses, for hundreds of stakes", async () => {
      const random = prng(7);
      const pairs: [number, number][] = [
        [0, 1_000],
        [1, 2],
        [100, 100],
        [100, 101],
        [1_000_000, 1_000_001],
      ];
      for (let i = 0; i < 300; i++) {
        const stake = 1 + Math.floor(random() * 2_000_000);
        pairs.push([stake, Math.max(1, Math.floor(stake * (0.5 + random() * 150)))]);
      }
      // at the floor and at the cap: targets whose raw chance is just above, at and below them
      for (let i = 0; i < 40; i++) {
        const stake = 1 + Math.floor(random() * 500_000);
        for (const bp of [UPGRADE_MIN_CHANCE_BP, UPGRADE_MAX_CHANCE_BP])
          for (const d of [-1, 0, 1]) pairs.push([stake, Math.floor((stake * (10_000 - UPGRADE_EDGE_BP)) / bp) + d]);
      }
      const { rows: got } = await sql<{ chance: number | null }>`select la_upgrade_chance(s, t, ${UPGRADE_EDGE_BP},
        ${UPGRADE_MIN_CHANCE_BP}, ${UPGRADE_MAX_CHANCE_BP}) as chance
        from unnest(${pairs.map((p) => p[0])}::bigint[], ${pairs.map((p) => p[1])}::bigint[]) with ordinality as x(s, t, i)
        order by i`.execute(db());
      const expected = pairs.map(([s, t]) => (upgradeChanceError(s, t) ? null : upgradeChance(s, t).chanceBp));
      expect(got.map((r) => r.chance)).toEqual(expected);
      // every edge was reached: refusals, the floor exactly, the cap, and uncapped chances between
      expect(expected.filter((c) => c === null).length).toBeGreaterThan(20);
      expect(expected).toContain(UPGRADE_MIN_CHANCE_BP);
      expect(expected.filter((c) => c === UPGRADE_MAX_CHANCE_BP).length).toBeGreaterThan(20);
      expect(expected.filter((c) => c !== null && c > 100 && c < 7_500).length).toBeGreaterThan(100);
    });
    // la_upgrade's helpers from migration 0020 (their other users, the dice and plinko functions,
    // were dropped by 0032): HMAC-SHA256 and the level curve, step for step
    it('la_hmac_sha256 is HMAC-SHA256 for short, block-sized and long keys', async () => {
      for (const key of ['', 'k', sha256Hex('k'), 'x'.repeat(65), sha256Hex('k').repeat(3)]) {
        const message = `client:${key.length}:0`;
        const { rows } = await sql<{ h: Buffer }>`select la_hmac_sha256(convert_to(${key}, 'UTF8'),
          convert_to(${message}, 'UTF8')) as h`.execute(db());
        expect(rows[0]!.h.toString('hex')).toBe(createHmac('sha256', key).update(message).digest('hex'));
      }
    });

    it('la_level_for_xp is levelForXp, around every level threshold', async () => {
      const xps = [-5, 0, 1, 24, 10 ** 12];
      for (let l = 2; l <= 121; l++) xps.push(25 * (l - 1) ** 2 - 1, 25 * (l - 1) ** 2, 25 * (l - 1) ** 2 + 1);
      const { rows } = await sql<{ xp: number; level: number }>`select xp, la_level_for_xp(xp) as level
        from unnest(${xps}::bigint[]) as xp`.execute(db());
      expect(rows.map((r) => [Number(r.xp), r.level])).toEqual(xps.map((xp) => [xp, levelForXp(xp)]));
    });
  }
});
