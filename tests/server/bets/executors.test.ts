// The instant bets engine's three executors (src/server/bets/) run the SAME plans: the Kysely
// transaction (both databases), SQLite's synchronous job, PostgreSQL's la_apply_bet. Each must write
// the same rows, ledger (keys, references, balances after), balance, wagered, XP, level and
// settled wagers; refuse (403 self-excluded, 422 short balance, 404 no user) writing nothing; refuse
// a plan whose pair moved on (stale nonce, rotated pair) writing nothing; and under races apply
// exactly one of several plans made on one nonce. Upgrades: the same plans claim the staked items,
// grant and link the won item everywhere; a taken item refuses 409 writing nothing, an upgrade
// racing a sale of its item: one wins, the other 409. Through the services: parallel bets never
// overspend and take nonces 0…k−1, a first bet creates the pairs, a rotation racing bets keeps
// every roll verifiable.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { describeEachDb } from '../../helpers/test-db.ts';
import { expectBetRefusals } from '../../helpers/bet-refusals.ts';
import {
  activeNonce,
  balanceOf,
  createPlayer,
  playerState,
  revealedSeeds,
  seededPlayer,
  settledWagers,
} from '../../helpers/users.ts';
import { transact, transactSync } from '../../../src/server/db/transact.ts';
import { lockUserRows } from '../../../src/server/modules/wallet/ledger.ts';
import { applyPlanIn } from '../../../src/server/bets/apply-kysely.ts';
import { applyPlanSync } from '../../../src/server/bets/apply-sqlite.ts';
import { applyPlanPg } from '../../../src/server/bets/apply-pg.ts';
import { StalePair, type Applied, type BetPlan, type SeedPair } from '../../../src/server/bets/plan.ts';
import { dicePlan } from '../../../src/server/bets/games/dice.plan.ts';
import { plinkoPlan } from '../../../src/server/bets/games/plinko.plan.ts';
import { GONE, upgradePlan } from '../../../src/server/bets/games/upgrade.plan.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { grantItem, sellItems } from '../../../src/server/modules/inventory/inventory.service.ts';
import { placeUpgrade } from '../../../src/server/modules/upgrade/upgrade.service.ts';
import { upgradeRoll } from '../../../src/shared/fair/index.ts';
import { placeDiceBet } from '../../../src/server/modules/dice/dice.service.ts';
import { placePlinkoBet } from '../../../src/server/modules/plinko/plinko.service.ts';
import {
  diceMultiplierBp,
  diceRoll,
  plinkoResult,
  sha256Hex,
  type DiceDirection,
} from '../../../src/shared/fair/index.ts';

type Executor = (plan: BetPlan) => Promise<Applied>;

describeEachDb('bets engine: one plan, every executor', (dialect) => {
  let t: TestApp;
  let products: { id: number; price_cents: number; sale_price_cents: number }[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
    products = await t.database.db
      .selectFrom('products')
      .select(['id', 'price_cents', 'sale_price_cents'])
      .orderBy('price_cents')
      .orderBy('id')
      .execute();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  const executors: Record<string, Executor> = {
    kysely: (plan) =>
      transact(t.database, async (trx) => {
        await lockUserRows(trx, [plan.userId]);
        return applyPlanIn(trx, plan);
      }),
    ...(dialect === 'sqlite'
      ? { sqlite: (plan: BetPlan) => transactSync(t.database, (sqlite) => applyPlanSync(sqlite, plan)) }
      : { pg: (plan: BetPlan) => applyPlanPg(t.database, plan) }),
  };

  const serverSeedFor = (clientSeed: string) => sha256Hex(`server seed of ${clientSeed}`);
  const seeded = (balanceCents: number, clientSeed: string) =>
    seededPlayer(db(), t.config.secrets.appSecret, { balanceCents, serverSeed: serverSeedFor(clientSeed), clientSeed });
  /** The player's active pair as a plan takes it. */
  const pairOf = async (userId: number): Promise<SeedPair> => {
    const r = await db()
      .selectFrom('fair_seeds')
      .selectAll()
      .where('user_id', '=', userId)
      .where('slot', '=', 'active')
      .executeTakeFirstOrThrow();
    const { server_seed, server_seed_hash, client_seed } = r;
    return {
      id: Number(r.id),
      serverSeed: server_seed,
      serverSeedHash: server_seed_hash,
      clientSeed: client_seed,
      nonce: Number(r.nonce),
    };
  };
  const dice = (
    userId: number,
    amountCents: number,
    target: number,
    direction: DiceDirection,
    now = 1_700_000_000_000,
  ) => {
    const chanceBp = direction === 'under' ? target * 100 : 10_000 - target * 100;
    return (pair: SeedPair) =>
      dicePlan(
        {
          userId,
          amountCents,
          target,
          targetBp: target * 100,
          direction,
          multiplier: diceMultiplierBp(chanceBp),
          payoutIfWinCents: Math.floor((amountCents * 9900) / chanceBp),
          now,
        },
        pair,
      );
  };
  const plinko = (userId: number, amountCents: number, rows: number, risk: 'low' | 'high') => (pair: SeedPair) =>
    plinkoPlan({ userId, amountCents, rows, risk, now: 1_700_000_000_000 }, pair);
  const state = async (userId: number) => ({
    user: await playerState(db(), userId),
    dice: await db()
      .selectFrom('dice_bets')
      .select(['amount_cents', 'payout_cents', 'target_bp', 'direction', 'roll_bp', 'multiplier', 'win', 'nonce'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    plinko: await db()
      .selectFrom('plinko_bets')
      .select(['amount_cents', 'payout_cents', 'rows', 'risk', 'path', 'bucket', 'multiplier', 'nonce'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    ledger: await db()
      .selectFrom('ledger')
      .select(['delta_cents', 'balance_after_cents', 'kind', 'reference', 'idempotency_key'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    settled: await settledWagers(db(), userId),
    nonce: await activeNonce(db(), userId),
  });
  const nothingWritten = async (userId: number, before: Awaited<ReturnType<typeof state>>) =>
    expect(await state(userId)).toEqual(before);

  it('the same plans write the same rows, ledger, balance, wagered, XP, level and settled wagers everywhere', async () => {
    const runs: Record<string, unknown> = {};
    for (const [name, apply] of Object.entries(executors)) {
      // every executor plays the same server seed; each its own commitment, so their ledger keys differ
      const hash = sha256Hex(`compare-${name}`);
      const p = await seededPlayer(db(), t.config.secrets.appSecret, {
        balanceCents: 5_000_000,
        serverSeed: serverSeedFor('compare'),
        clientSeed: 'compare',
        hash,
      });
      const plans = [
        dice(p.id, 25_000, 50, 'over'),
        dice(p.id, 10_000, 1.5, 'under'),
        plinko(p.id, 1_000, 8, 'high'),
        dice(p.id, 1, 2, 'over'),
        plinko(p.id, 40_000, 16, 'low'),
        dice(p.id, 100_000, 90, 'over'),
      ];
      const answers = [];
      for (const planFor of plans) {
        const a = await apply(planFor(await pairOf(p.id)));
        answers.push({ balances: [...a.balances.entries()].map(([id, b]) => [id === p.id, b]), name: a.userName });
      }
      const s = await state(p.id);
      // ids differ per run: references name the bet by id, keys by the (shared) seed hash
      const firstId = async (table: 'dice_bets' | 'plinko_bets') =>
        Number(
          (
            await db()
              .selectFrom(table)
              .select((eb) => eb.fn.min('id').as('id'))
              .where('user_id', '=', p.id)
              .executeTakeFirstOrThrow()
          ).id,
        );
      const first = { dice_bet: await firstId('dice_bets'), plinko_bet: await firstId('plinko_bets') };
      const ledger = s.ledger.map((r) => ({
        ...r,
        reference: r.reference?.replace(/^(\w+):(\d+)$/, (_, t: 'dice_bet', id) => `${t}:${Number(id) - first[t]}`),
        idempotency_key: r.idempotency_key.replace(hash, 'H').replace(/^test-fund:\d+$/, 'test-fund'),
      }));
      const settled = s.settled.map((w) => ({ ...w, user_id: 0, wager_key: w.wager_key.replace(hash, 'H') }));
      runs[name] = { answers, ...s, ledger, settled };
      // the ledger's own arithmetic: every balance after is the running sum of the deltas
      let running = 0;
      for (const r of s.ledger) expect(Number(r.balance_after_cents)).toBe((running += Number(r.delta_cents)));
      expect(Number(s.user.balance_cents)).toBe(running);
      expect(s.settled).toHaveLength(plans.length);
      expect(Number(s.user.level)).toBeGreaterThan(1); // the plays raise the level
      expect(s.nonce).toBe(plans.length);
    }
    const [first, ...others] = Object.values(runs);
    for (const other of others) expect(other).toEqual(first);
  });

  for (const name of ['kysely', dialect === 'sqlite' ? 'sqlite' : 'pg']) {
    it(`${name}: a plan on a pair that moved on (stale nonce, rotation) is refused, writing nothing`, async () => {
      const apply = executors[name]!;
      const p = await seeded(100_000, `stale-${name}`);
      const planFor = dice(p.id, 100, 50, 'over');
      const pair = await pairOf(p.id);
      await apply(planFor(pair)); // nonce 0 → 1
      const before = await state(p.id);
      await expect(apply(planFor(pair))).rejects.toBeInstanceOf(StalePair); // nonce 0 again
      await expect(apply(planFor({ ...pair, nonce: 5 }))).rejects.toBeInstanceOf(StalePair);
      await expect(apply(planFor({ ...pair, nonce: 1, clientSeed: 'other' }))).rejects.toBeInstanceOf(StalePair);
      await nothingWritten(p.id, before);
      const rotated = await t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers });
      expect(rotated.statusCode).toBe(200);
      const afterRotation = await state(p.id);
      await expect(apply(planFor({ ...pair, nonce: 0 }))).rejects.toBeInstanceOf(StalePair); // same id and nonce, old seeds
      await nothingWritten(p.id, afterRotation);
    });

    it(`${name}: plans made on one nonce race; exactly one applies`, async () => {
      const apply = executors[name]!;
      const p = await seeded(100_000, `race-${name}`);
      const pair = await pairOf(p.id);
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => apply(dice(p.id, 100, 50, 'over')(pair))),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(StalePair);
      expect((await state(p.id)).dice).toHaveLength(1);
      expect(await activeNonce(db(), p.id)).toBe(1);
    });

    it(`${name}: refuses a self-excluded player (403), a short balance (422) and no user (404), writing nothing`, async () => {
      const apply = executors[name]!;
      const place = async (userId: number, now: number) => {
        const pair =
          userId === 987_654_321
            ? { ...(await pairOf((await createPlayer(db(), t.config.secrets.appSecret, { seedPair: true })).id)) }
            : await pairOf(userId);
        return apply(dice(userId, 100, 50, 'over', now)(pair));
      };
      await expectBetRefusals(db(), t.config.secrets.appSecret, 'postgres', place, (id) =>
        db().selectFrom('dice_bets').select('id').where('user_id', '=', id).execute(),
      );
    });
  }

  /** Items of the player from product `from` of the catalog (ascending price) on, one per entry of `offsets`. */
  const grant = async (userId: number, offsets: number[], from = 10) => {
    const items = [];
    for (const o of offsets) {
      const product = products[from + o]!;
      const id = await grantItem(db(), { userId, productId: product.id, source: 'admin', sourceRef: 'test', now: 1 });
      items.push({ id, price_cents: Number(product.price_cents) });
    }
    return items;
  };
  /** The cheapest product at least `factor` × the stake: a chance of about 95 / factor %. */
  const targetFor = (stakeCents: number, factor = 2) => {
    const p = products.find((x) => Number(x.price_cents) >= stakeCents * factor)!;
    return { id: p.id, price_cents: Number(p.price_cents), sale_price_cents: Number(p.sale_price_cents) };
  };
  const upgrade =
    (userId: number, items: { id: number; price_cents: number }[], balanceCents: number, factor = 2) =>
    (pair: SeedPair) =>
      upgradePlan(
        {
          userId,
          items,
          balanceCents,
          target: targetFor(
            items.reduce((s, i) => s + i.price_cents, balanceCents),
            factor,
          ),
          now: 1_700_000_000_000,
        },
        pair,
      );
  /** A player's upgrades and items, ids as their index in the player's own rows (comparable across runs). */
  const upgradeState = async (userId: number) => {
    const s = await state(userId);
    const ups = await db().selectFrom('upgrades').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    const items = await db()
      .selectFrom('inventory_items')
      .select(['id', 'product_id', 'status', 'price_cents', 'sale_price_cents', 'source', 'source_ref', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    const item = (id: number | null) => (id === null ? null : items.findIndex((i) => i.id === Number(id)));
    const up = (ref: string | null) =>
      ref?.replace(/^upgrade:(\d+)$/, (_, id) => `upgrade:#${ups.findIndex((u) => u.id === Number(id))}`);
    return {
      ...s,
      ledger: s.ledger.map((r) => ({ ...r, reference: up(r.reference) })),
      upgrades: ups.map(({ id: _, user_id: __, server_seed_hash: ___, ...u }) => ({
        ...u,
        stake_item_ids: (JSON.parse(u.stake_item_ids) as number[]).map(item),
        inventory_item_id: item(u.inventory_item_id),
      })),
      items: items.map(({ id: _, ...i }) => ({ ...i, source_ref: up(i.source_ref) })),
    };
  };

  it('the same upgrade plans claim the items, grant and link the won item, debit and settle alike everywhere', async () => {
    const runs: Record<string, unknown> = {};
    for (const [name, apply] of Object.entries(executors)) {
      const hash = sha256Hex(`upgrade-${name}`);
      const p = await seededPlayer(db(), t.config.secrets.appSecret, {
        balanceCents: 500_000,
        serverSeed: serverSeedFor('upgrade-compare'),
        clientSeed: 'upgrade-compare',
        hash,
      });
      const items = await grant(p.id, [0, 1, 2, 3, 4, 5]);
      const plans = [
        upgrade(p.id, [items[0]!], 2_000),
        upgrade(p.id, [items[1]!, items[2]!], 0),
        upgrade(p.id, [items[3]!], 500, 1.5),
        upgrade(p.id, [items[4]!], 0, 3),
        upgrade(p.id, [items[5]!], 90_000, 1.4),
      ];
      const answers = [];
      for (const planFor of plans) {
        const plan = planFor(await pairOf(p.id));
        const a = await apply(plan);
        expect(a.ids).toHaveLength(plan.outcome!.win ? 2 : 1);
        answers.push({ balance: a.balances.get(p.id), name: a.userName, win: plan.outcome!.win });
      }
      const s = await upgradeState(p.id);
      // the cross-link: a won upgrade names its item, the item names its upgrade
      for (const [i, u] of s.upgrades.entries()) {
        if (!u.win) expect(u.inventory_item_id).toBeNull();
        else
          expect(s.items[u.inventory_item_id!]).toMatchObject({
            source: 'upgrade',
            source_ref: `upgrade:#${i}`,
            status: 'owned',
            product_id: u.target_product_id,
            price_cents: u.target_price_cents,
          });
      }
      expect(s.items.slice(0, 6).map((i) => i.status)).toEqual(Array(6).fill('used_in_upgrade'));
      let running = 0;
      for (const r of s.ledger) expect(Number(r.balance_after_cents)).toBe((running += Number(r.delta_cents)));
      expect(Number(s.user.balance_cents)).toBe(running);
      expect(s.settled).toHaveLength(3); // the balance stakes
      expect(s.nonce).toBe(plans.length);
      const settled = s.settled.map((w) => ({ ...w, user_id: 0, wager_key: w.wager_key.replace(hash, 'H') }));
      const ledger = s.ledger.map((r) => ({
        ...r,
        idempotency_key: r.idempotency_key.replace(hash, 'H').replace(/^test-fund:\d+$/, 'test-fund'),
      }));
      runs[name] = { answers, ...s, settled, ledger };
    }
    const [first, ...others] = Object.values(runs);
    const wins = (first as { answers: { win: boolean }[] }).answers.map((a) => a.win);
    expect(wins).toContain(true); // the seed plays both branches
    expect(wins).toContain(false);
    for (const other of others) expect(other).toEqual(first);
  });

  for (const name of ['kysely', dialect === 'sqlite' ? 'sqlite' : 'pg']) {
    it(`${name}: an upgrade whose item was taken is refused 409, stale or self-excluded writes nothing; racing a sale, one wins`, async () => {
      const apply = executors[name]!;
      const p = await seeded(100_000, `taken-${name}`);
      const items = await grant(p.id, [0, 1, 2]);
      await sellItems(db(), p.id, [items[0]!.id], 5);
      const before = await upgradeState(p.id);
      const gone = { statusCode: 409, message: GONE, errors: { item_ids: [GONE] } };
      // the sold item with an owned one: the claim takes neither
      await expect(apply(upgrade(p.id, [items[0]!, items[1]!], 100)(await pairOf(p.id)))).rejects.toMatchObject(gone);
      expect(await upgradeState(p.id)).toEqual(before);
      // a plan on a pair that moved on: stale, the item not taken
      const pair = await pairOf(p.id);
      await expect(apply(upgrade(p.id, [items[1]!], 0)({ ...pair, nonce: pair.nonce + 1 }))).rejects.toBeInstanceOf(
        StalePair,
      );
      expect(await upgradeState(p.id)).toEqual(before);
      // staking items only is playing: refused while self-excluded
      const until = Date.UTC(2099, 0, 1);
      await db().updateTable('users').set({ self_excluded_until: until }).where('id', '=', p.id).execute();
      await expect(apply(upgrade(p.id, [items[1]!], 0)(pair))).rejects.toMatchObject({ statusCode: 403 });
      await db().updateTable('users').set({ self_excluded_until: null }).where('id', '=', p.id).execute();
      expect(await upgradeState(p.id)).toEqual(before);
      // an upgrade racing a sale of its item: exactly one takes it, the other is refused 409
      const [up, sale] = await Promise.allSettled([
        apply(upgrade(p.id, [items[2]!], 100)(pair)),
        sellItems(db(), p.id, [items[2]!.id], 6),
      ]);
      expect([up.status, sale.status].sort()).toEqual(['fulfilled', 'rejected']);
      const refused = (up.status === 'rejected' ? up.reason : (sale as PromiseRejectedResult).reason) as {
        statusCode: number;
      };
      expect(refused.statusCode).toBe(409);
      const after = await upgradeState(p.id);
      expect(after.items[2]!.status).toBe(up.status === 'fulfilled' ? 'used_in_upgrade' : 'sold');
      expect(after.upgrades).toHaveLength(up.status === 'fulfilled' ? 1 : 0);
      expect(after.nonce).toBe(up.status === 'fulfilled' ? 1 : 0);
    });
  }

  it('through the services: an upgrade on a stale cached pair is re-planned once, on the next nonce', async () => {
    const p = await seeded(100_000, 'upgrade-replan');
    const items = await grant(p.id, [0, 1]);
    const body = (i: number) => ({
      item_ids: [items[i]!.id],
      balance: 1,
      target_product_id: targetFor(items[i]!.price_cents + 100).id,
    });
    const first = await placeUpgrade(t.database, p.id, body(0), Date.now());
    expect(first.upgrade.nonce).toBe(0);
    // a bet elsewhere (another process) moves the pair on: a cached pair is stale now
    await db()
      .updateTable('fair_seeds')
      .set({ nonce: 5 })
      .where('user_id', '=', p.id)
      .where('slot', '=', 'active')
      .execute();
    const second = await placeUpgrade(t.database, p.id, body(1), Date.now());
    expect(second.upgrade.nonce).toBe(5);
    expect(second.upgrade.roll).toBe(
      upgradeRoll({ serverSeed: serverSeedFor('upgrade-replan'), clientSeed: 'upgrade-replan', nonce: 5 }),
    );
    expect(await activeNonce(db(), p.id)).toBe(6);
    const s = await upgradeState(p.id);
    expect(s.items.slice(0, 2).map((i) => i.status)).toEqual(['used_in_upgrade', 'used_in_upgrade']);
    expect(s.ledger.filter((r) => r.kind === 'upgrade')).toHaveLength(2);
  });

  if (dialect === 'sqlite')
    it('sqlite: jobs share one batch; a refused one fails alone, one that fails after writing rolls back alone', async () => {
      const a = await seeded(10_000, 'batch-a');
      const b = await seeded(99, 'batch-b');
      const c = await seeded(10_000, 'batch-c');
      const [pa, pb, pc] = [await pairOf(a.id), await pairOf(b.id), await pairOf(c.id)];
      const before = { b: await state(b.id), c: await state(c.id) };
      const dup = dice(c.id, 100, 50, 'over')(pc);
      dup.moves[0]!.key = 'test-fund:' + a.id; // a ledger key already used: the insert fails after the rows were written
      const [ok, short, failed] = await Promise.allSettled([
        executors.sqlite!(dice(a.id, 100, 50, 'over')(pa)),
        executors.sqlite!(dice(b.id, 100, 50, 'over')(pb)),
        executors.sqlite!(dup),
      ]);
      expect(ok.status).toBe('fulfilled');
      expect(short.status === 'rejected' && (short.reason as Error).message).toBe('Insufficient balance.');
      expect(failed.status === 'rejected' && String(failed.reason)).toMatch(/UNIQUE/);
      expect((await state(a.id)).dice).toHaveLength(1);
      await nothingWritten(b.id, before.b);
      await nothingWritten(c.id, before.c);
    });

  it('through the services: 50 parallel bets never overspend and take nonces 0…k−1', async () => {
    const clientSeed = Array.from({ length: 100 }, (_, i) => `spend-${i}`).find((s) => {
      let balance = 800;
      let placed = 0;
      for (let nonce = 0; nonce < 50 && balance >= 100; nonce++, placed++)
        balance += (diceRoll({ serverSeed: serverSeedFor(s), clientSeed: s, nonce }) < 40 ? 247 : 0) - 100;
      return placed < 40;
    })!;
    const p = await seeded(800, clientSeed);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.fastify.inject({
          method: 'POST',
          url: '/api/dice/bet',
          headers: p.headers,
          payload: { amount: 1, target: 40, direction: 'under' },
        }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data);
    for (const r of answers.filter((a) => a.statusCode !== 200))
      expect(r.json().errors.amount).toEqual(['Insufficient balance.']);
    expect(ok.map((b) => b.nonce).sort((a, b) => a - b)).toEqual([...Array(ok.length).keys()]);
    for (const b of ok)
      expect(b.roll).toBe(diceRoll({ serverSeed: serverSeedFor(clientSeed), clientSeed, nonce: b.nonce }));
    const s = await state(p.id);
    expect(s.ledger.every((r) => Number(r.balance_after_cents) >= 0)).toBe(true);
    expect(s.ledger.reduce((sum, r) => sum + Number(r.delta_cents), 0)).toBe(await balanceOf(db(), p.id));
    expect(await balanceOf(db(), p.id)).toBeLessThan(100);
  });

  it("through the services: a player's first bets create the seed pairs, once, from nonce 0", async () => {
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 1_000 });
    const body = { amount: 0.01, target: 50, direction: 'over' as DiceDirection };
    const placed = await Promise.all(Array.from({ length: 5 }, () => placeDiceBet(t.database, p.id, body, Date.now())));
    expect(placed.map((b) => b.bet.nonce).sort()).toEqual([0, 1, 2, 3, 4]);
    const pairs = await db().selectFrom('fair_seeds').select('slot').where('user_id', '=', p.id).execute();
    expect(pairs.map((r) => r.slot).sort()).toEqual(['active', 'next']);
  });

  it('through the services: every roll and path recomputes from the revealed seeds, with a rotation racing the bets', async () => {
    const p = await seeded(1_000_000, 'rotation');
    const rotate = () => t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers });
    const bet = () => placeDiceBet(t.database, p.id, { amount: 0.5, target: 50, direction: 'over' }, Date.now());
    const drop = () => placePlinkoBet(t.database, p.id, { amount: 0.5, rows: 12, risk: 'high' }, Date.now());
    await Promise.all([
      ...Array.from({ length: 6 }, bet),
      ...Array.from({ length: 4 }, drop),
      rotate(),
      ...Array.from({ length: 6 }, bet),
      ...Array.from({ length: 4 }, drop),
    ]);
    expect((await rotate()).statusCode).toBe(200);
    const seedOf = await revealedSeeds(db(), p.id);
    const dices = await db().selectFrom('dice_bets').selectAll().where('user_id', '=', p.id).execute();
    const drops = await db().selectFrom('plinko_bets').selectAll().where('user_id', '=', p.id).execute();
    expect(dices.length + drops.length).toBe(20);
    expect(new Set([...dices, ...drops].map((r) => `${r.server_seed_hash}:${r.nonce}`)).size).toBe(20);
    for (const r of dices) {
      const roll = diceRoll({
        serverSeed: seedOf.get(r.server_seed_hash)!,
        clientSeed: r.client_seed,
        nonce: Number(r.nonce),
      });
      expect(Number(r.roll_bp)).toBe(Math.round(roll * 100));
    }
    for (const r of drops) {
      const res = plinkoResult(
        { serverSeed: seedOf.get(r.server_seed_hash)!, clientSeed: r.client_seed, nonce: Number(r.nonce) },
        12,
        'high',
      );
      expect(r.path).toBe(res.path);
    }
  });
});
