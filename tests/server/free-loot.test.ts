// Free loot on each database: the list per player, the 24 h cooldown (time is an input), the
// level gate, case35's one-time opening (real card deposit with the promo), parallel openings,
// the free-box drops endpoint, free boxes staying out of the paid catalog, and the daily openings'
// deposit rule ($5 net deposits within 30 days; nothing written on refusal; promo openings exempt).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { createWalletTest, type WalletTest } from '../helpers/wallet.ts';
import type { TestPlayer } from '../helpers/users.ts';
import { seedCatalog } from '../../src/server/modules/boxes/boxes.service.ts';
import { seedFreeBoxes, freeBoxSlug } from '../../src/server/modules/free-loot/free-loot.seed.ts';
import { PROMO_TIER_MESSAGE, openFreeBox } from '../../src/server/modules/free-loot/free-loot.service.ts';
import { applyMove } from '../../src/server/modules/wallet/ledger.ts';
import {
  DEPOSIT_REQUIRED_MESSAGE,
  FREE_BOX_COOLDOWN_MS,
  FREE_LOOT_DEPOSIT_WINDOW_MS,
} from '../../src/shared/api/free-loot.ts';
import { LEVEL_TIERS, xpForLevel } from '../../src/shared/levels.ts';
import { HttpError } from '../../src/server/http/errors.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 10, 12);

describeEachDb('free loot', (dialect) => {
  let w: WalletTest;
  beforeAll(async () => {
    w = await createWalletTest(dialect);
    await seedCatalog(w.database.db, 1_000);
    await seedFreeBoxes(w.database.db, 1_000);
    await seedFreeBoxes(w.database.db, 2_000); // idempotent
  });
  afterAll(() => w.close());

  const db = () => w.database.db;
  const openAt = (p: TestPlayer, slug: string, now: number, promo = false) =>
    openFreeBox(w.database, p.id, slug, { promo }, now);
  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(HttpError);
    return e as HttpError;
  };
  const openHttp = (p: TestPlayer | null, slug: string, payload: object = {}) =>
    w.fastify.inject({ method: 'POST', url: `/api/free-boxes/${slug}/open`, headers: p?.headers ?? {}, payload });
  const list = (p: TestPlayer | null) =>
    w.fastify.inject({ method: 'GET', url: '/api/free-boxes', headers: p?.headers ?? {} });
  // a credited deposit as the wallet writes it (kind 'deposit'); `at` defaults to now for HTTP openings
  const deposit = (p: TestPlayer, cents = 500, at = Date.now(), key = 'd') =>
    applyMove(db(), {
      userId: p.id,
      deltaCents: cents,
      kind: 'deposit',
      reference: 'test',
      idempotencyKey: `dep:${key}:${p.id}`,
      now: at,
    });
  // recent play for the free-loot allowance: `xp` dollars settled on dice (1 XP = 1 cent of expected
  // house profit); the tier-1 box (EV $5.13) needs 3,420 XP within 30 days per opening (15 % of it)
  const play = async (p: TestPlayer, xp = 3_500, at = Date.now(), key = 'play') => {
    const move = { userId: p.id, reference: 'test', now: at };
    await applyMove(db(), { ...move, deltaCents: xp * 100, kind: 'admin', idempotencyKey: `${key}:fund:${p.id}` });
    await applyMove(db(), {
      ...move,
      deltaCents: -xp * 100,
      kind: 'bet',
      idempotencyKey: `${key}:bet:${p.id}`,
      settlesOn: '',
    });
  };
  const wager = (p: TestPlayer, cents: number, key: string) =>
    applyMove(db(), {
      userId: p.id,
      deltaCents: -cents,
      kind: 'bet',
      reference: 'test',
      idempotencyKey: key,
      now: T0,
      settlesOn: '',
    });

  it('seeds one free box per level tier, idempotently, and keeps them out of the paid catalog', async () => {
    const rows = await db()
      .selectFrom('free_boxes')
      .innerJoin('boxes', 'boxes.id', 'free_boxes.box_id')
      .select(['min_level', 'slug', 'box_type'])
      .orderBy('min_level')
      .execute();
    expect(rows.map((r) => r.min_level)).toEqual([...LEVEL_TIERS]);
    expect(rows.every((r) => r.box_type === 'free')).toBe(true);
    expect(
      await db()
        .selectFrom('box_versions')
        .select('id')
        .where('box_id', 'in', db().selectFrom('free_boxes').select('box_id'))
        .execute(),
    ).toHaveLength(LEVEL_TIERS.length);
    const catalog = (await w.fastify.inject({ method: 'GET', url: '/api/boxes' })).json();
    expect(catalog.types).not.toContain('free');
    expect(catalog.data.some((b: { slug: string }) => b.slug.startsWith('free-'))).toBe(false);
    const p = await w.player(100_000);
    const paid = await w.fastify.inject({
      method: 'POST',
      url: `/api/boxes/${freeBoxSlug(1)}/open`,
      headers: p.headers,
      payload: { count: 1 },
    });
    expect(paid.statusCode).toBe(403);
    expect(await w.balance(p.id)).toBe(100_000);
  });

  it('lists boxes for guests (nothing unlocked) and players (tier 1 unlocked, level progress)', async () => {
    const guest = (await list(null)).json();
    expect(guest.data).toHaveLength(12);
    expect(guest.level).toBeNull();
    expect(guest.data.every((b: { unlocked: boolean }) => !b.unlocked)).toBe(true);
    expect(guest.deposit_required).toBeNull();
    const p = await w.player();
    const fresh = (await list(p)).json();
    expect(fresh.deposit_required).toEqual({ min: 5, deposited_30d: 0, met: false });
    expect(fresh.data.map((b: { unlocked: boolean; available: boolean }) => [b.unlocked, b.available])[0]).toEqual([
      true,
      false,
    ]); // no deposit yet
    await deposit(p, 750);
    const me = (await list(p)).json();
    expect(me.deposit_required).toEqual({ min: 5, deposited_30d: 7.5, met: true });
    expect(me.level).toEqual({ level: 1, xp: 0, level_xp: 0, next_level_xp: 25 });
    expect(me.allowance).toEqual({ share_percent: 15, profit_30d: 0, taken_30d: 0, available: 0 });
    expect(me.data.map((b: { unlocked: boolean; available: boolean }) => [b.unlocked, b.available])[0]).toEqual([
      true,
      false,
    ]); // no recent play: the allowance does not cover the box
    await play(p);
    const played = (await list(p)).json();
    expect(played.allowance).toEqual({ share_percent: 15, profit_30d: 35, taken_30d: 0, available: 5.25 });
    expect(played.data.map((b: { unlocked: boolean; available: boolean }) => [b.unlocked, b.available])[0]).toEqual([
      true,
      true,
    ]);
    expect(me.data.slice(1).every((b: { unlocked: boolean }) => !b.unlocked)).toBe(true);
    expect(me.promo_openings).toBe(0);
  });

  it('opens over HTTP: one reel, no debit, free_box drop published and listed by last-drops; then the countdown', async () => {
    const p = await w.player();
    await deposit(p, 500);
    await play(p);
    const before = w.events.length;
    const res = await openHttp(p, freeBoxSlug(1));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ demo: false, cost: 0, box: { slug: freeBoxSlug(1), price: 0 } });
    expect(body.data.reels).toHaveLength(1);
    expect(body.free.via).toBe('daily');
    expect(await w.balance(p.id)).toBe(500);
    const drop = w.events.slice(before).find((e) => e.event === 'lastDrop');
    expect(drop?.data).toMatchObject({ source: 'free_box', user_id: p.id, box: { slug: freeBoxSlug(1) } });
    const drops = (
      await w.fastify.inject({ method: 'GET', url: `/api/free-boxes/${freeBoxSlug(1)}/last-drops?limit=5&best=1` })
    ).json().data;
    expect(drops[0]).toMatchObject({
      source: 'free_box',
      user: { id: p.id },
      item: { id: body.data.reels[0].item.id },
    });
    expect(drop?.data).toEqual({ ...drops[0], user_id: p.id }); // the event is what the list serves
    // the drop names its reel: the free box's public replay (stake 0)
    const replay = await w.fastify.inject({ method: 'GET', url: `/api/bets/box/${drops[0].opening_id}` });
    expect(replay.json().data).toMatchObject({
      stake: 0,
      multiplier: null,
      outcome: { item: { id: body.data.reels[0].item.id } },
    });
    expect((await w.fastify.inject({ method: 'GET', url: '/api/free-boxes/penny-box/last-drops' })).statusCode).toBe(
      404,
    );
    const row = (await list(p)).json().data[0];
    expect(row.available).toBe(false);
    expect(Date.parse(row.next_available_at) - Date.parse(body.free.next_available_at)).toBe(0);
    const again = await openHttp(p, freeBoxSlug(1));
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^You can open this free box again in 2[34]:\d\d:\d\d\.$/);
    expect((await openHttp(null, freeBoxSlug(1))).statusCode).toBe(401);
    expect((await openHttp(p, 'no-such-box')).statusCode).toBe(404);
  });

  it('refuses a second daily opening within 24 h with the time left and opens again after 24 h', async () => {
    const p = await w.player();
    await deposit(p, 500, T0);
    await play(p, 7_000, T0); // two openings' worth
    await openAt(p, freeBoxSlug(1), T0);
    const e = await refusal(openAt(p, freeBoxSlug(1), T0 + HOUR + 30_000));
    expect(e.statusCode).toBe(429);
    expect(e.message).toBe('You can open this free box again in 22:59:30.');
    expect(e.errors).toEqual({ next_available_at: [new Date(T0 + FREE_BOX_COOLDOWN_MS).toISOString()] });
    expect((await refusal(openAt(p, freeBoxSlug(1), T0 + FREE_BOX_COOLDOWN_MS - 1))).statusCode).toBe(429);
    const later = await openAt(p, freeBoxSlug(1), T0 + FREE_BOX_COOLDOWN_MS);
    expect(later.nextAvailableAt).toBe(T0 + 2 * FREE_BOX_COOLDOWN_MS);
    const n = await db()
      .selectFrom('free_box_openings')
      .select(['slot', 'via'])
      .where('user_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(n).toEqual([
      { slot: 'daily:0', via: 'daily' },
      { slot: 'daily:1', via: 'daily' },
    ]);
    expect(
      await db()
        .selectFrom('drops')
        .select('id')
        .where('user_id', '=', p.id)
        .where('source', '=', 'free_box')
        .execute(),
    ).toHaveLength(2);
  });

  it('refuses a box above the player level and opens it once wagering reaches that level', async () => {
    // tier 30: the level (21,025 XP) is checked first; then the allowance (EV $76.41 / 15 % = 50,940 XP)
    const p = await w.player(6_000_000);
    await deposit(p, 500, T0);
    const e = await refusal(openAt(p, freeBoxSlug(30), T0));
    expect(e.statusCode).toBe(403);
    expect(e.message).toBe('Reach level 30 to open this free box.');
    expect(await db().selectFrom('drops').select('id').where('user_id', '=', p.id).execute()).toHaveLength(0);
    await wager(p, xpForLevel(30) * 100 - 100, `lvl:${p.id}:1`); // one XP short of level 30
    expect((await refusal(openAt(p, freeBoxSlug(30), T0))).message).toBe('Reach level 30 to open this free box.');
    await wager(p, 100, `lvl:${p.id}:2`);
    expect((await refusal(openAt(p, freeBoxSlug(30), T0))).message).toMatch(
      /^Play a little more to open this free box/,
    );
    await wager(p, 5_100_000 - xpForLevel(30) * 100, `lvl:${p.id}:3`); // 51,000 XP in all
    expect((await openAt(p, freeBoxSlug(30), T0)).reels).toHaveLength(1);
    expect((await refusal(openAt(p, freeBoxSlug(40), T0))).statusCode).toBe(403);
  });

  it('case35 (real card deposit) gives exactly one extra opening beside the cooldown; used_at is set', async () => {
    const p = await w.player();
    const redirect = await w.post('/api/deposit/zen/redirect', p, { amount: 100, promocode: 'case35' });
    expect(redirect.statusCode).toBe(200);
    expect(
      (await w.fastify.inject({ method: 'POST', url: `${new URL(redirect.json().redirect_url).pathname}/pay` }))
        .statusCode,
    ).toBe(303);
    expect((await list(p)).json().promo_openings).toBe(1);
    await play(p);
    await openAt(p, freeBoxSlug(1), T0);
    expect((await refusal(openAt(p, freeBoxSlug(1), T0 + HOUR))).statusCode).toBe(429);
    const promo = await openAt(p, freeBoxSlug(1), T0 + HOUR, true);
    expect(promo).toMatchObject({ via: 'promo', promoOpenings: 0, nextAvailableAt: T0 + FREE_BOX_COOLDOWN_MS });
    const ent = await db()
      .selectFrom('entitlements')
      .select(['used_at', 'source'])
      .where('user_id', '=', p.id)
      .execute();
    expect(ent).toEqual([{ used_at: T0 + HOUR, source: 'promo:case35' }]);
    const again = await refusal(openAt(p, freeBoxSlug(1), T0 + 2 * HOUR, true));
    expect([again.statusCode, again.message]).toEqual([409, 'You have no promo free box to open.']);
    expect((await list(p)).json().promo_openings).toBe(0);
  });

  it('a promo opening spends the entitlement once even in parallel, and needs no free daily slot', async () => {
    const p = await w.player();
    await db()
      .insertInto('entitlements')
      .values({
        user_id: p.id,
        kind: 'free_box',
        source: 'promo:case35',
        reference: `test:${p.id}`,
        used_at: null,
        created_at: T0,
      })
      .execute();
    await deposit(p);
    await play(p);
    expect((await openHttp(p, freeBoxSlug(1))).statusCode).toBe(200); // daily slot used: cooling down now
    const results = await Promise.all([1, 2, 3].map(() => openHttp(p, freeBoxSlug(1), { promo: true })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const ok = results.find((r) => r.statusCode === 200)!.json();
    expect(ok.free).toMatchObject({ via: 'promo', promo_openings: 0 });
    const ent = await db().selectFrom('entitlements').select(['id', 'used_at']).where('user_id', '=', p.id).execute();
    expect(ent).toHaveLength(1);
    expect(ent[0]!.used_at).not.toBeNull();
    const rows = await db()
      .selectFrom('free_box_openings')
      .select(['via', 'slot'])
      .where('user_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { via: 'daily', slot: 'daily:0' },
      { via: 'promo', slot: `promo:${ent[0]!.id}` },
    ]);
    expect((await openHttp(p, freeBoxSlug(1), { promo: true })).json().message).toBe(
      'You have no promo free box to open.',
    );
  });

  it('a promo entitlement opens only the lowest-tier free box, and its EV counts against the allowance', async () => {
    const top = LEVEL_TIERS[LEVEL_TIERS.length - 1]!;
    const p = await w.player();
    await db()
      .insertInto('entitlements')
      .values({
        user_id: p.id,
        kind: 'free_box',
        source: 'promo:case35',
        reference: `tier:${p.id}`,
        used_at: null,
        created_at: T0,
      })
      .execute();
    await play(p, xpForLevel(top)); // level `top`: every free box unlocked
    for (const tier of [top, LEVEL_TIERS[1]!]) {
      const r = await openHttp(p, freeBoxSlug(tier), { promo: true });
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json().message).toBe(PROMO_TIER_MESSAGE);
    }
    const unused = await db().selectFrom('entitlements').select('used_at').where('user_id', '=', p.id).execute();
    expect(unused).toEqual([{ used_at: null }]);
    expect(await db().selectFrom('free_box_openings').select('id').where('user_id', '=', p.id).execute()).toEqual([]);
    const before = (await list(p)).json();
    expect(before.allowance.taken_30d).toBe(0);
    const ok = await openHttp(p, freeBoxSlug(LEVEL_TIERS[0]!), { promo: true });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await list(p)).json();
    expect(after.allowance.taken_30d).toBe(after.data[0].expected_value);
    expect(after.allowance.available).toBeCloseTo(before.allowance.available - after.data[0].expected_value, 2);
  });

  it('Idempotency-Key: a retried opening returns the first answer and opens once', async () => {
    const p = await w.player();
    await deposit(p);
    await play(p, 5_000); // enough for several: only the key may stop the retries
    const withKey = (key: string) =>
      w.fastify.inject({
        method: 'POST',
        url: `/api/free-boxes/${freeBoxSlug(1)}/open`,
        headers: { ...p.headers, 'idempotency-key': key },
        payload: {},
      });
    const first = await withKey('free-1');
    expect(first.statusCode, first.body).toBe(200);
    const retries = await Promise.all([withKey('free-1'), withKey('free-1')]);
    for (const r of retries) expect([r.statusCode, r.json()]).toEqual([200, first.json()]);
    const rows = await db().selectFrom('free_box_openings').select('id').where('user_id', '=', p.id).execute();
    expect(rows).toHaveLength(1);
    expect(await db().selectFrom('drops').select('id').where('user_id', '=', p.id).execute()).toHaveLength(1);
    const reused = await w.fastify.inject({
      method: 'POST',
      url: `/api/free-boxes/${freeBoxSlug(1)}/open`,
      headers: { ...p.headers, 'idempotency-key': 'free-1' },
      payload: { promo: true },
    });
    expect(reused.statusCode).toBe(409); // same key, another body
    expect((await withKey('free-2')).statusCode).toBe(429); // a new key is a new opening: cooling down
  });

  it('parallel daily openings of one box open it once', async () => {
    const p = await w.player();
    await deposit(p);
    await play(p, 5_000); // enough for four: only the daily slot may stop them
    const results = await Promise.all([1, 2, 3, 4].map(() => openHttp(p, freeBoxSlug(1))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
    expect(await db().selectFrom('drops').select('id').where('user_id', '=', p.id).execute()).toHaveLength(1);
    expect(await db().selectFrom('inventory_items').select('id').where('user_id', '=', p.id).execute()).toHaveLength(1);
  });
  const written = async (p: TestPlayer) => ({
    seeds: await db()
      .selectFrom('fair_seeds')
      .select(['slot', 'nonce'])
      .where('user_id', '=', p.id)
      .orderBy('id')
      .execute(),
    items: (await db().selectFrom('inventory_items').select('id').where('user_id', '=', p.id).execute()).length,
    openings: (await db().selectFrom('free_box_openings').select('id').where('user_id', '=', p.id).execute()).length,
    drops: (await db().selectFrom('drops').select('id').where('user_id', '=', p.id).execute()).length,
  });

  it('refuses a daily opening without a deposit (403, spec shape) and writes nothing', async () => {
    const p = await w.player(10_000); // balance from elsewhere (kind admin) is no deposit
    const before = await written(p);
    const res = await openHttp(p, freeBoxSlug(1));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: DEPOSIT_REQUIRED_MESSAGE,
      errors: { deposit: [DEPOSIT_REQUIRED_MESSAGE] },
    });
    expect(DEPOSIT_REQUIRED_MESSAGE).toBe('Deposit $5.00 or more within 30 days to open daily free boxes.');
    expect(await written(p)).toEqual(before);
    expect(before).toMatchObject({ items: 0, openings: 0, drops: 0 });
    expect(await w.balance(p.id)).toBe(10_000);
  });

  it('counts $4.99 as too little, $5.00 within 30 days as enough, older deposits and reversed ones not at all', async () => {
    const p = await w.player();
    await deposit(p, 499, T0, 'a');
    await play(p, 3_500, T0);
    const e = await refusal(openAt(p, freeBoxSlug(1), T0));
    expect([e.statusCode, e.message]).toEqual([403, DEPOSIT_REQUIRED_MESSAGE]);
    expect(await written(p)).toMatchObject({ items: 0, openings: 0 });
    await deposit(p, 1, T0, 'b'); // $5.00 in total
    const before = await written(p);
    expect((await openAt(p, freeBoxSlug(1), T0)).reels).toHaveLength(1);
    const after = await written(p);
    expect([after.items, after.openings]).toEqual([1, 1]);
    expect(after.seeds).not.toEqual(before.seeds); // the reel took a nonce
    // 30 days (+1 ms) after the deposits they no longer count, though the cooldown is long over
    const late = await refusal(openAt(p, freeBoxSlug(1), T0 + FREE_LOOT_DEPOSIT_WINDOW_MS + 1));
    expect(late.statusCode).toBe(403);
    expect(await written(p)).toEqual(after);

    const q = await w.player();
    await deposit(q, 10_000, T0 - FREE_LOOT_DEPOSIT_WINDOW_MS - 1, 'old'); // just outside the window
    expect((await refusal(openAt(q, freeBoxSlug(1), T0))).statusCode).toBe(403);
    await deposit(q, 600, T0 - HOUR, 'new');
    await applyMove(db(), {
      userId: q.id,
      deltaCents: -600,
      kind: 'reversal',
      reference: 'test',
      idempotencyKey: `rev:${q.id}`,
      now: T0 - 1,
    }); // chargeback
    expect((await refusal(openAt(q, freeBoxSlug(1), T0))).statusCode).toBe(403);
  });

  it('a promo opening needs no deposit; the daily one still does', async () => {
    const p = await w.player();
    await db()
      .insertInto('entitlements')
      .values({
        user_id: p.id,
        kind: 'free_box',
        source: 'promo:case35',
        reference: `test:${p.id}`,
        used_at: null,
        created_at: T0,
      })
      .execute();
    expect((await refusal(openAt(p, freeBoxSlug(1), T0))).statusCode).toBe(403);
    expect(await openAt(p, freeBoxSlug(1), T0, true)).toMatchObject({ via: 'promo', promoOpenings: 0 });
    expect((await written(p)).openings).toBe(1);
  });
});
