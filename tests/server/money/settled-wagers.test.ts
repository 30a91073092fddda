// Issue 24, findings 1 and 2, on each database: a canceled wager earns nothing. Old main credited
// XP, "wagered", the level and the expected house profit on the stake's debit, and every programme
// counted gross wager debits, so a battle created and canceled at once (or a wheel bet canceled)
// levelled a self-referred account, paid its referrer commission, filled its free-loot allowance,
// ranked it on the leaderboard and — canceled across the 21:00 reset — paid cashback. Each check
// below failed on old main; now a wager counts only when its battle, round or bet settles.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createBattleTest, type BattleTest } from '../battles/battle-fixture.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../../helpers/users.ts';
import { FakeClock } from '../../helpers/fake-clock.ts';
import { cashbackWindow } from '../../../src/shared/time/programme-windows.ts';
import { wagerEdgeBp } from '../../../src/shared/economics/house-edge.ts';
import type { Database } from '../../../src/server/db/database.ts';

/** What every programme credits a player with, read through the API and the users row. */
async function credits(app: TestApp, p: TestPlayer, referrer: TestPlayer) {
  const get = async (url: string, who: TestPlayer) =>
    (await app.fastify.inject({ method: 'GET', url, headers: who.headers })).json();
  const user = await app.database.db
    .selectFrom('users')
    .select(['level', 'wagered_cents', 'edge_units'])
    .where('id', '=', p.id)
    .executeTakeFirstOrThrow();
  return {
    level: Number(user.level),
    wagered: Number(user.wagered_cents),
    edge: Number(user.edge_units),
    commission: (await get('/api/affiliates', referrer)).data.earned,
    allowance: (await get('/api/free-boxes', p)).allowance.profit_30d,
    leaderboard: (await get('/api/leaderboard', p)).data.me,
    cashbackOpen: (await get('/api/cashback', p)).data.accrued,
  };
}

const NOTHING = { level: 1, wagered: 0, edge: 0, commission: 0, allowance: 0, leaderboard: null, cashbackOpen: 0 };

/** `referrer` referred `p` (as a sign-up through /ref/{code} records it). */
async function refer(database: Database, p: TestPlayer, referrer: TestPlayer) {
  await database.db
    .insertInto('user_attributions')
    .values({ user_id: p.id, referrer_id: referrer.id, tracking_link_id: null, wants_promotions: 0, created_at: 1 })
    .execute();
}

describeEachDb('a canceled battle earns nothing (issue 24 #1, #2)', (dialect) => {
  let t: BattleTest;
  beforeAll(async () => {
    t = await createBattleTest(dialect);
  });
  afterAll(() => t.close());
  const box = () => t.boxes[t.boxes.length - 1]!; // the dearest: the most XP per cycle on old main

  it('create + cancel five times: no XP, wagered, level, commission, allowance, leaderboard or cashback', async () => {
    const referrer = await t.player(0, 'Referrer');
    const p = await t.player(1_000_000, 'Cycler');
    await refer(t.database, p, referrer);
    for (let i = 0; i < 5; i++) {
      const made = await t.post('/api/battles/create', p, { boxes: [box().slug, box().slug], mode: '1v1' });
      expect(made.statusCode, made.body).toBe(200);
      const id = made.json().data.id as number;
      expect((await t.post(`/api/battles/${id}/cancel`, p)).statusCode).toBe(200);
    }
    expect(await t.balance(p.id)).toBe(1_000_000);
    expect(await credits(t, p, referrer)).toEqual(NOTHING);
  });

  it('a battle canceled across the 21:00 reset pays no cashback in either window', async () => {
    const p = await t.player(1_000_000, 'Midnight');
    // move the clock to 20:59:35 Berlin (25 s before the reset)
    const reset = cashbackWindow(t.clock.now()).to;
    t.clock.advance(reset - 25_000 - t.clock.now());
    const made = await t.post('/api/battles/create', p, { boxes: [box().slug], mode: '1v1' });
    expect(made.statusCode, made.body).toBe(200);
    t.clock.advance(26_000); // 21:00:01: the window of the stake has closed, the refund falls in the next
    expect((await t.post(`/api/battles/${made.json().data.id}/cancel`, p)).statusCode).toBe(200);
    const first = await t.post('/api/cashback/claim', p);
    expect(first.statusCode, first.body).toBe(422); // old main: 5 % of a battle nobody played
    t.clock.advance(cashbackWindow(t.clock.now()).to - t.clock.now() + 1_000); // the refund's window closed too
    const second = await t.post('/api/cashback/claim', p);
    expect(second.statusCode, second.body).toBe(422);
    expect(await t.balance(p.id)).toBe(1_000_000);
  });

  it('a battle that settles counts for every seat its player paid, at the boxes’ edge', async () => {
    const referrer = await t.player(0, 'Referrer 2');
    const p = await t.player(1_000_000, 'Player');
    await refer(t.database, p, referrer);
    const made = await t.post('/api/battles/create', p, { boxes: [box().slug], mode: '1v1' });
    const id = made.json().data.id as number;
    expect((await t.post(`/api/battles/${id}/add-bots`, p, { bots: 1 })).statusCode).toBe(200);
    await t.playAll();
    const cost = box().price_cents * 2; // the player paid both seats (the bot's too)
    const c = await credits(t, p, referrer);
    expect(c.wagered).toBe(cost);
    expect(c.edge).toBe(cost * wagerEdgeBp('battle'));
    expect(c.leaderboard).toMatchObject({ wagered: cost / 100 });
    expect(c.commission).toBe(Math.floor((cost * 740 * 0.15) / 10_000) / 100);
    const rows = await t.database.db.selectFrom('settled_wagers').selectAll().where('user_id', '=', p.id).execute();
    expect(rows.map((r) => r.wager_key).sort()).toEqual([`battle:${id}:seat:0`, `battle:${id}:seat:1`]);
  });
});

describeEachDb('a canceled wheel bet earns nothing (issue 24 #1)', (dialect) => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = new FakeClock();
    t = await createTestApp(dialect, { deps: { clock } });
  });
  afterEach(async () => {
    await t.fastify.wheelLoop.stop();
    await t.close();
  });
  const player = (balanceCents: number) =>
    createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents, now: clock.now() });
  const post = (p: TestPlayer, url: string, payload?: object) =>
    t.fastify.inject({ method: 'POST', url, headers: p.headers, ...(payload ? { payload } : {}) });
  const status = async (id: number) =>
    (await t.database.db.selectFrom('wheel_rounds').select('status').where('id', '=', id).executeTakeFirst())?.status;

  it('bet + cancel earns nothing; a bet that settles counts at its colour’s edge', async () => {
    const referrer = await player(0);
    const p = await player(1_000_000);
    await refer(t.database, p, referrer);
    t.fastify.wheelLoop.start();
    await clock.advanceUntil(async () => (await status(1)) === 'starting', 100);
    for (let i = 0; i < 3; i++) {
      const bet = await post(p, '/api/wheel/bet', { amount: 1000, color: 'red' });
      expect(bet.statusCode, bet.body).toBe(200);
      expect((await post(p, `/api/wheel/bet/${bet.json().data.id}/cancel`)).statusCode).toBe(200);
    }
    expect(await credits(t, p, referrer)).toEqual(NOTHING);
    // a bet that rides the round counts once it has settled, at red's edge (3.98 %), won or lost
    expect((await post(p, '/api/wheel/bet', { amount: 100, color: 'red' })).statusCode).toBe(200);
    expect((await credits(t, p, referrer)).wagered).toBe(0); // not before it settles
    await clock.advanceUntil(async () => (await status(1)) === 'ended', 100);
    const c = await credits(t, p, referrer);
    expect(c.wagered).toBe(10_000);
    expect(c.edge).toBe(10_000 * wagerEdgeBp('wheel_bet', 'red'));
    expect(c.leaderboard).toMatchObject({ wagered: 100 });
  });
});
