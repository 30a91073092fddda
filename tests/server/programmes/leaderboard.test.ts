// Weekly leaderboard (issues 16, 24) on each database: standings by wagered amount (settled wagers
// only) in the week ending Thursday 18:00 (Europe/Berlin), `me`, masked names of players who opted
// out, prizes capped at 10 % of the winner's own expected house profit that week, and the payout of
// a closed week through the ledger exactly once under concurrent closers.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createPlayer, testMove } from '../../helpers/users.ts';
import { closePeriod, MASKED_NAME } from '../../../src/server/modules/leaderboard/leaderboard.service.ts';
import type { LocalPublisher } from '../../../src/server/realtime/publisher.ts';
import { startLeaderboardJob } from '../../../src/server/modules/leaderboard/leaderboard.job.ts';
import { LEADERBOARD_PRIZES_DOLLARS } from '../../../src/shared/constants.ts';
import { leaderboardPeriod } from '../../../src/shared/time/programme-windows.ts';
import { systemClock } from '../../../src/server/rounds/clock.ts';

// Wednesday 2026-03-04 12:00 UTC: the week runs Thu 2026-02-26 18:00 → Thu 2026-03-05 18:00 Berlin (17:00 UTC)
const NOW = Date.UTC(2026, 2, 4, 12);

describeEachDb('weekly leaderboard', (dialect) => {
  let t: TestApp;
  let now = NOW;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect, { deps: { clock: { ...systemClock, now: () => now } } });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const player = (name: string, balanceCents = 1_000_000) =>
    createPlayer(db(), t.config.secrets.appSecret, { name, balanceCents });
  const move = (userId: number, deltaCents: number, kind: string, at: number, pending = false) =>
    testMove(db(), { userId, deltaCents, kind, key: `lb-${seq++}`, at, pending });
  const get = (headers: Record<string, string> = {}) =>
    t.fastify.inject({ method: 'GET', url: '/api/leaderboard', headers });

  it('ranks this week by settled wagers only; me; masked names; the prize table and its cap', async () => {
    const week = leaderboardPeriod(NOW);
    expect(new Date(week.from).toISOString()).toBe('2026-02-26T17:00:00.000Z');
    expect(new Date(week.to).toISOString()).toBe('2026-03-05T17:00:00.000Z');
    const [a, b, c, d] = [await player('Ann'), await player('Ben'), await player('Cat'), await player('Dan')];
    await move(a.id, -5_000, 'bet', week.from); // first instant counts
    await move(a.id, 9_000, 'win', week.from + 1); // a win is no wager
    await move(b.id, -3_000, 'box', NOW - 1000);
    await move(b.id, -3_000, 'upgrade', NOW - 500);
    await move(c.id, -2_000, 'user_box', NOW - 100);
    await move(c.id, -50_000, 'withdrawal', NOW - 100); // not a wager
    await move(d.id, -99_000, 'bet', week.from - 1); // last week
    await move(d.id, -900_000, 'wheel_bet', NOW - 100, true); // staked, never settled: not ranked
    await db().updateTable('users').set({ hide_public_stats: 1 }).where('id', '=', c.id).execute();

    const anon = await get();
    expect(anon.statusCode).toBe(200);
    const data = anon.json().data;
    expect(data.period).toEqual({ starts_at: '2026-02-26T17:00:00.000Z', ends_at: '2026-03-05T17:00:00.000Z' });
    expect(data.time_zone).toBe('Europe/Berlin');
    expect(data.prizes).toHaveLength(10);
    expect(data.prizes[0]).toEqual({ place: 1, amount: LEADERBOARD_PRIZES_DOLLARS[0] });
    expect(data.prize_cap_percent).toBe(10);
    expect(data.me).toBeNull();
    expect(data.entries.map((e: { user: { id: number } }) => e.user.id)).toEqual([b.id, a.id, c.id]);
    expect(data.entries[0]).toEqual({
      place: 1,
      user: { id: b.id, name: 'Ben', avatar_url: null, level: expect.any(Number) },
      wagered: 60,
      prize: 0.37, // the $250 of 1st place, capped at 10 % of Ben's $2.22 + $1.50 expected house profit
    });
    expect(data.entries[1].wagered).toBe(50);
    expect(data.entries[2].user.name).toBe(MASKED_NAME);
    expect(data.previous.period.ends_at).toBe('2026-02-26T17:00:00.000Z');
    expect(data.previous.entries[0]).toMatchObject({ place: 1, user: { id: d.id }, wagered: 990 });

    expect((await get(a.headers)).json().data.me).toEqual({ place: 2, wagered: 50 });
    expect((await get((await player('Eve')).headers)).json().data.me).toBeNull();
  });

  it('a real dice bet ranks the player', async () => {
    now = Date.now();
    const p = await player('Dicey');
    const bet = await t.fastify.inject({
      method: 'POST',
      url: '/api/dice/bet',
      headers: p.headers,
      payload: { amount: 12.5, target: 50, direction: 'over' },
    });
    expect(bet.statusCode, bet.body).toBe(200);
    expect((await get(p.headers)).json().data.me).toEqual({ place: expect.any(Number), wagered: 12.5 });
    now = NOW;
  });

  it('pays a closed week exactly once under concurrent closers, and shows the winners', async () => {
    // the week of NOW closes at 2026-03-05 17:00 UTC; close it from the next week
    const after = Date.UTC(2026, 2, 5, 17, 0, 5);
    const prizeRows = async () =>
      db().selectFrom('ledger').select(['user_id', 'delta_cents']).where('kind', '=', 'leaderboard_prize').execute();
    const before = await prizeRows();
    const results = await Promise.all([closePeriod(db(), after), closePeriod(db(), after), closePeriod(db(), after)]);
    const paid = results.filter((r) => r.length > 0);
    expect(paid).toHaveLength(1);
    // capped: 10 % of each winner's expected house profit ($3.72 box + upgrade, $0.50 dice, $1.28 custom box)
    expect(paid[0]!.map((p) => [p.place, p.amountCents])).toEqual([
      [1, 37],
      [2, 5],
      [3, 12],
    ]);
    expect(await closePeriod(db(), after + 60_000)).toEqual([]); // a restart or the next tick
    const rows = (await prizeRows()).slice(before.length);
    expect(rows).toHaveLength(3);
    now = after;
    const data = (await get()).json().data;
    expect(data.previous.period.ends_at).toBe('2026-03-05T17:00:00.000Z');
    expect(data.previous.entries.map((e: { place: number; prize: number }) => [e.place, e.prize])).toEqual([
      [1, 0.37],
      [2, 0.05],
      [3, 0.12],
    ]);
    expect(data.entries).toEqual([]); // a new week
    now = NOW;
  });

  it('the job started with the server pays a closed week once (restart included) and publishes the balance', async () => {
    const week = leaderboardPeriod(Date.UTC(2026, 2, 10, 12)); // 2026-03-05 17:00 → 03-12 17:00 UTC
    const p = await player('Jobber', 5_000_000);
    await move(p.id, -4_000_000, 'box', week.from + 1000); // $2,960 expected house profit: the full $250
    const at = week.to + 1;
    const events: string[] = [];
    const unsubscribe = (t.fastify.publisher as LocalPublisher).subscribe((e) => events.push(e.event));
    for (let run = 0; run < 2; run++) {
      const stop = startLeaderboardJob(t.fastify, db(), () => at, 60_000); // a restart ticks at once
      await stop();
    }
    unsubscribe();
    const paid = await db().selectFrom('leaderboard_payouts').selectAll().where('period_end', '=', week.to).execute();
    expect(paid.map((r) => [Number(r.place), Number(r.user_id), Number(r.amount_cents)])).toEqual([
      [1, p.id, LEADERBOARD_PRIZES_DOLLARS[0] * 100],
    ]);
    expect(events.filter((e) => e === 'balanceUpdated')).toHaveLength(1);
  });

  it('a player hides or shows their name (public stats); bad bodies and no token are refused', async () => {
    const p = await player('Shy');
    const put = (payload: object, headers: Record<string, string> = p.headers) =>
      t.fastify.inject({ method: 'PUT', url: '/api/profile/public-stats', headers, payload });
    expect((await t.fastify.inject({ method: 'GET', url: '/api/profile/public-stats' })).statusCode).toBe(401);
    expect((await put({ public: false }, {})).statusCode).toBe(401);
    for (const body of [{}, { public: 'no' }, { public: 0 }]) expect((await put(body)).statusCode).toBe(422);
    const show = await t.fastify.inject({ method: 'GET', url: '/api/profile/public-stats', headers: p.headers });
    expect(show.json()).toEqual({ data: { public: true } });
    now = Date.UTC(2026, 2, 20, 12);
    await move(p.id, -1_000_000, 'bet', now - 1);
    expect((await get()).json().data.entries[0].user.name).toBe('Shy');
    expect((await put({ public: false })).json()).toEqual({
      msg: 'The leaderboard hides your name.',
      data: { public: false },
    });
    expect((await get()).json().data.entries[0].user).toEqual({
      id: p.id,
      name: MASKED_NAME,
      avatar_url: null,
      level: expect.any(Number),
    });
    await put({ public: true });
    expect((await get()).json().data.entries[0].user.name).toBe('Shy');
    now = NOW;
  });
});
