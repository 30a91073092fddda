// The Crazy Wheel end to end on the real database with the round loop on a fake clock: config and
// day seeds, bets on several colours only while starting, cancel with a refund, each bet settled
// exactly once (also across a restart), the result hidden until the round has ended.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { createPlayer, type TestPlayer } from '../helpers/users.ts';
import { FakeClock } from '../helpers/fake-clock.ts';
import { RoundLoop } from '../../src/server/rounds/round-loop.ts';
import { LocalLeadership } from '../../src/server/rounds/leadership.ts';
import { wheelGame } from '../../src/server/modules/wheel/wheel.game.ts';
import type { RoundStatus } from '../../src/shared/api/rounds.ts';
import { WHEEL_LAYOUT } from '../../src/shared/games/wheel/wheel.layout.ts';
import { wheelOutcome, wheelSeeds } from '../../src/shared/games/wheel/wheel.outcome.ts';
import { hashServerSeed } from '../../src/shared/fair/index.ts';

const DAY_MS = 86_400_000;

describeEachDb('crazy wheel', (dialect) => {
  let t: TestApp;
  let clock: FakeClock;
  let events: { event: string; payload: Record<string, unknown> }[];
  const extraLoops: RoundLoop<never>[] = [];

  beforeEach(async () => {
    clock = new FakeClock();
    t = await createTestApp(dialect, { deps: { clock } });
    events = [];
    t.fastify.wheelLoop.addChannel({ emit: (event, payload) => events.push({ event, payload: payload as never }) });
  });
  afterEach(async () => {
    for (const loop of extraLoops.splice(0)) await loop.stop();
    await t.fastify.wheelLoop.stop(); // gives the lead up (PostgreSQL: the advisory lock's session)
    await t.close();
  });

  const player = (balanceCents = 100_000) =>
    createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents, now: clock.now() });
  const get = async (url: string) => (await t.fastify.inject({ method: 'GET', url })).json();
  const post = (p: TestPlayer, url: string, payload?: object) =>
    t.fastify.inject({ method: 'POST', url, headers: p.headers, ...(payload ? { payload } : {}) });
  const bet = (p: TestPlayer, amount: number, color: string) => post(p, '/api/wheel/bet', { amount, color });
  const balance = async (id: number) =>
    Number(
      (await t.database.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_cents,
    );
  const ledger = (id: number) =>
    t.database.db
      .selectFrom('ledger')
      .select(['kind', 'delta_cents', 'idempotency_key'])
      .where('user_id', '=', id)
      .execute();
  const round = (id: number) =>
    t.database.db.selectFrom('wheel_rounds').selectAll().where('id', '=', id).executeTakeFirst();
  const reach = (status: RoundStatus, id = 1) =>
    clock.advanceUntil(async () => (await round(id))?.status === status, 100);

  it('publishes the layout and limits exactly', async () => {
    expect(await get('/api/wheel/config')).toEqual({
      data: {
        segments: [...WHEEL_LAYOUT],
        payouts: { grey: 2, red: 3.05, blue: 5.2, gold: 52 },
        min_bet: 0.1,
        max_bet: 1000,
        max_payout: 20000,
      },
    });
  });

  it('takes bets on several colours while starting, cancels with a refund, refuses once closed', async () => {
    const p = await player();
    const other = await player();
    t.fastify.wheelLoop.start();
    await reach('starting');
    const grey = await bet(p, 10, 'grey');
    expect(grey.statusCode).toBe(200);
    expect(grey.json()).toMatchObject({
      data: {
        round_id: 1,
        amount: 10,
        color: 'grey',
        status: 'active',
        payout: null,
        user: { id: p.id, name: 'Test Player' },
      },
      balance: 990,
      msg: 'Bet placed.',
    });
    const red = (await bet(p, 2.5, 'red')).json().data;
    expect(await balance(p.id)).toBe(100_000 - 1250);
    expect(events.filter((e) => e.event === 'wheel:bets').map((e) => e.payload.type)).toEqual(['placed', 'placed']);

    // bad input changes nothing
    for (const [body, field] of [
      [{ amount: 0.05, color: 'grey' }, 'amount'],
      [{ amount: 1.005, color: 'grey' }, 'amount'],
      [{ amount: 1, color: 'green' }, 'color'],
      [{ amount: 500, color: 'gold' }, 'amount'], // 500 × 52 passes the $20,000 maximum payout
    ] as const) {
      const res = await post(p, '/api/wheel/bet', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toBeDefined();
    }
    expect((await bet(p, 300, 'gold')).statusCode).toBe(200);
    expect((await bet(p, 100, 'gold')).statusCode).toBe(422); // 400 × 52 on gold this round > 20,000
    expect(await balance(p.id)).toBe(100_000 - 1250 - 30_000);

    expect((await post(other, `/api/wheel/bet/${red.id}/cancel`)).statusCode).toBe(404); // not theirs
    const cancels = await Promise.all([1, 2].map(() => post(p, `/api/wheel/bet/${red.id}/cancel`)));
    expect(cancels.map((c) => c.statusCode).sort()).toEqual([200, 422]);
    expect(cancels.find((c) => c.statusCode === 200)!.json()).toMatchObject({
      data: { id: red.id, status: 'canceled' },
      msg: 'Bet canceled.',
    });
    expect(await balance(p.id)).toBe(100_000 - 1000 - 30_000);
    expect((await ledger(p.id)).filter((l) => l.kind === 'wheel_refund')).toEqual([
      { kind: 'wheel_refund', delta_cents: 250, idempotency_key: `wheel:refund:${red.id}` },
    ]);
    expect((await get('/api/wheel/recent-bets')).data.map((b: { color: string }) => b.color)).toEqual(['grey', 'gold']);

    await reach('pending');
    const late = await bet(p, 1, 'blue');
    expect(late.statusCode).toBe(422);
    expect(late.json().msg).toBe('Bets are closed: wait for the next round.');
    expect((await post(p, `/api/wheel/bet/${grey.json().data.id}/cancel`)).statusCode).toBe(422);
    expect(await balance(p.id)).toBe(100_000 - 1000 - 30_000);
  });

  it('settles every bet once with the committed segment; the result shows only once ended', async () => {
    const p = await player();
    t.fastify.wheelLoop.start();
    await reach('starting');
    for (const color of ['grey', 'red', 'blue', 'gold']) expect((await bet(p, 1, color)).statusCode).toBe(200);
    await reach('in_progress');
    expect((await get('/api/wheel/current')).data).not.toHaveProperty('segment');
    await reach('ended');

    const ended = (await get('/api/wheel/current')).data;
    const r1 = (await round(1))!;
    expect(ended).toMatchObject({ id: 1, status: 'ended', segment: r1.segment, color: WHEEL_LAYOUT[r1.segment] });
    const won = ended.color as string;
    const multiplier = { grey: 2, red: 3.05, blue: 5.2, gold: 52 }[won]!;
    expect(ended.multiplier).toBe(multiplier);
    const payoutCents = Math.floor(100 * multiplier);
    expect(await balance(p.id)).toBe(100_000 - 400 + payoutCents);
    const wins = (await ledger(p.id)).filter((l) => l.kind === 'wheel_win');
    expect(wins).toHaveLength(1);
    expect(
      ended.bets.map((b: { color: string; status: string; payout: number }) => [b.color, b.status, b.payout]),
    ).toEqual(['grey', 'red', 'blue', 'gold'].map((c) => (c === won ? [c, 'won', payoutCents / 100] : [c, 'lost', 0])));
    const settledEvents = events.filter((e) => e.event === 'wheel:bets' && e.payload.type !== 'placed');
    expect(settledEvents.map((e) => e.payload.type).sort()).toEqual(['lost', 'lost', 'lost', 'won']);
    expect((await get('/api/wheel/top-payouts')).data[0]).toMatchObject({ color: won, payout: payoutCents / 100 });
    expect((await get('/api/wheel/recent-games?limit=5')).data).toEqual([
      { id: 1, segment: r1.segment, color: won, multiplier, ended_at: new Date(r1.ended_at!).toISOString() },
    ]);

    // no game event showed the result before the round had ended
    const games = events.filter((e) => e.event === 'wheel:game' && e.payload.id === 1);
    for (const e of games.filter((g) => g.payload.status !== 'ended')) {
      expect(Object.keys(e.payload).sort()).toEqual(
        e.payload.status === 'starting'
          ? ['betting_ends_at', 'id', 'server_time', 'status']
          : e.payload.status === 'in_progress'
            ? ['elapsed', 'id', 'server_time', 'status']
            : ['id', 'server_time', 'status'],
      );
    }
    expect(games.at(-1)!.payload).toMatchObject({ status: 'ended', segment: r1.segment, color: won, multiplier });

    // the day's seed is revealed the next day and recomputes the segment
    await t.fastify.wheelLoop.stop();
    await clock.advance(DAY_MS);
    const seeds = (await get('/api/wheel/seeds')).data;
    const day = seeds.find((s: { date: string }) => s.date === r1.seed_date);
    expect(day.server_seed).not.toBeNull();
    expect(hashServerSeed(day.server_seed)).toBe(day.server_seed_hash);
    expect(wheelOutcome(wheelSeeds(day.server_seed, day.public_seed, 1)).segment).toBe(r1.segment);
  });

  it('commits the next day before it starts and reveals nothing early', async () => {
    t.fastify.wheelLoop.start();
    await reach('starting');
    const seeds = (await get('/api/wheel/seeds')).data;
    expect(seeds).toHaveLength(2);
    const [tomorrow, today] = seeds;
    expect(Date.parse(tomorrow.date) - Date.parse(today.date)).toBe(DAY_MS);
    for (const s of seeds) {
      expect(s.server_seed).toBeNull();
      expect(s.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(s.public_seed).toMatch(/^[0-9a-f]{32}$/);
    }
    // a round drawn on a day that is over but still playing keeps that day's seed secret
    await t.fastify.wheelLoop.stop();
    await clock.advance(DAY_MS);
    const later = (await get('/api/wheel/seeds')).data;
    expect(later.find((s: { date: string }) => s.date === today.date).server_seed).toBeNull();
  });

  it('a restart in progress continues the same round and settles each bet once', async () => {
    const p = await player();
    t.fastify.wheelLoop.start();
    await reach('starting');
    expect((await bet(p, 5, 'grey')).statusCode).toBe(200);
    expect((await bet(p, 5, 'red')).statusCode).toBe(200);
    await reach('in_progress');
    const before = (await round(1))!;
    // the process goes away mid-spin (stop, not halt: a halted loop would keep its PostgreSQL lock
    // session open in this test process; a crash without release is covered by tests/server/rounds)
    await t.fastify.wheelLoop.stop();
    await clock.advance(60_000); // nobody alive while the spin's time runs out
    const loop = new RoundLoop({
      database: t.database,
      game: wheelGame(async () => undefined),
      clock,
      leadership: new LocalLeadership(),
    });
    extraLoops.push(loop as never);
    loop.start();
    await reach('ended');
    const after = (await round(1))!;
    expect(after.segment).toBe(before.segment);
    expect(after.in_progress_at).toBe(before.in_progress_at);
    await reach('starting', 2);
    const bets = await t.database.db
      .selectFrom('wheel_bets')
      .select(['status', 'payout_cents'])
      .where('round_id', '=', 1)
      .execute();
    expect(bets.every((b) => b.status === 'won' || b.status === 'lost')).toBe(true);
    const wins = (await ledger(p.id)).filter((l) => l.kind === 'wheel_win');
    expect(wins.length).toBe(bets.filter((b) => b.status === 'won').length);
    const paid = bets.reduce((a, b) => a + Number(b.payout_cents), 0);
    expect(await balance(p.id)).toBe(100_000 - 1000 + paid);
  });

  it('a restart while starting keeps the countdown and the bets', async () => {
    const p = await player();
    t.fastify.wheelLoop.start();
    await reach('starting');
    const placed = (await bet(p, 1, 'blue')).json().data;
    const before = (await round(1))!;
    await t.fastify.wheelLoop.stop();
    await clock.advance(2000);
    const loop = new RoundLoop({
      database: t.database,
      game: wheelGame(async () => undefined),
      clock,
      leadership: new LocalLeadership(),
    });
    extraLoops.push(loop as never);
    loop.start();
    await clock.advance(100);
    expect((await round(1))!).toMatchObject({ status: 'starting', betting_ends_at: before.betting_ends_at });
    expect((await bet(p, 1, 'grey')).json().data.round_id).toBe(1);
    await reach('ended');
    const statuses = await t.database.db
      .selectFrom('wheel_bets')
      .select(['id', 'status'])
      .where('round_id', '=', 1)
      .execute();
    expect(statuses.find((b) => b.id === placed.id)!.status).not.toBe('active');
    expect(statuses).toHaveLength(2);
  });

  it("runs at the configured pace (WHEEL_BETTING_MS, WHEEL_ENDED_MS), the spec's by default", async () => {
    t.fastify.wheelLoop.start();
    await reach('starting');
    const spec = (await round(1))!;
    expect(Number(spec.betting_ends_at) - Number(spec.starting_at)).toBe(10_000);
    await t.fastify.wheelLoop.stop();

    const fastClock = new FakeClock();
    const fast = await createTestApp(dialect, {
      env: { WHEEL_BETTING_MS: '4000', WHEEL_ENDED_MS: '5000' },
      deps: { clock: fastClock },
    });
    try {
      const row = (id: number) =>
        fast.database.db.selectFrom('wheel_rounds').selectAll().where('id', '=', id).executeTakeFirst();
      fast.fastify.wheelLoop.start();
      await fastClock.advanceUntil(async () => (await row(1))?.status === 'starting', 100);
      const first = (await row(1))!;
      expect(Number(first.betting_ends_at) - Number(first.starting_at)).toBe(4000);
      await fastClock.advanceUntil(async () => (await row(2))?.status === 'starting', 100);
      const ended = Number((await row(1))!.ended_at);
      // the next round opens after the configured pause (give or take the loop's 100 ms steps here)
      expect(Number((await row(2))!.starting_at) - ended).toBeGreaterThanOrEqual(5000);
      expect(Number((await row(2))!.starting_at) - ended).toBeLessThan(5000 + 200);
    } finally {
      await fast.fastify.wheelLoop.stop();
      await fast.close();
    }
  });
});
