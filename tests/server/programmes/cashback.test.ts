// Cashback (issues 16, 24) on each database: its share of the expected house profit of the wagers
// that settled in daily windows resetting 21:00 Europe/Berlin, claimable once its window closed
// until the next closes, credited through the ledger once per window also under parallel claims.
// (The cancel-across-the-reset attack is in tests/server/money/settled-wagers.test.ts.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createPlayer, type TestPlayer, testMove } from '../../helpers/users.ts';
import { systemClock } from '../../../src/server/rounds/clock.ts';

// 2026-06-10 12:00 UTC (14:00 Berlin, summer): open window 2026-06-09 19:00 UTC → 2026-06-10 19:00 UTC
const NOW = Date.UTC(2026, 5, 10, 12);

describeEachDb('cashback', (dialect) => {
  let t: TestApp;
  let now = NOW;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect, { deps: { clock: { ...systemClock, now: () => now } } });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const player = () => createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 1_000_000 });
  const move = (userId: number, deltaCents: number, kind: string, at: number, pending = false) =>
    testMove(db(), { userId, deltaCents, kind, key: `cb-${seq++}`, at, pending });
  const get = (p: TestPlayer) => t.fastify.inject({ method: 'GET', url: '/api/cashback', headers: p.headers });
  const claim = (p: TestPlayer) => t.fastify.inject({ method: 'POST', url: '/api/cashback/claim', headers: p.headers });
  const balance = async (id: number) =>
    Number(
      (await db().selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_cents,
    );

  it('needs a token', async () => {
    expect((await t.fastify.inject({ method: 'GET', url: '/api/cashback' })).statusCode).toBe(401);
    expect((await t.fastify.inject({ method: 'POST', url: '/api/cashback/claim' })).statusCode).toBe(401);
  });

  it('shows the windows, the open play and the claimable cashback of the closed window: a share of the edge, win or lose', async () => {
    const p = await player();
    // closed window 2026-06-08 19:00 → 06-09 19:00 UTC: $100 on dice (1 %) and $50 on a box (7.40 %)
    await move(p.id, -10_000, 'bet', Date.UTC(2026, 5, 8, 19)); // first instant of the window
    await move(p.id, 30_000, 'win', Date.UTC(2026, 5, 9, 1)); // winning changes nothing
    await move(p.id, -5_000, 'box', Date.UTC(2026, 5, 9, 2));
    await move(p.id, 40_000, 'deposit', Date.UTC(2026, 5, 9, 4)); // not a wager
    await move(p.id, -9_000, 'wheel_bet', Date.UTC(2026, 5, 9, 5), true); // staked, never settled: nothing
    await move(p.id, -7_000, 'bet', Date.UTC(2026, 5, 8, 19) - 1); // the window before
    // open window: $8 on an upgrade (5 %)
    await move(p.id, -800, 'upgrade', Date.UTC(2026, 5, 9, 19));
    const res = await get(p);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      rate: 10,
      time_zone: 'Europe/Berlin',
      window: { from: '2026-06-09T19:00:00.000Z', to: '2026-06-10T19:00:00.000Z' },
      wagered: 8,
      house_edge: 0.4,
      accrued: 0.04,
      claimable: 0.47, // 10 % of $1.00 + $3.70 expected house profit
      claimable_window: { from: '2026-06-08T19:00:00.000Z', to: '2026-06-09T19:00:00.000Z' },
      next_reset_at: '2026-06-10T19:00:00.000Z',
      history: [],
    });
  });

  it('parallel claims pay once; then nothing is claimable; the next window replaces it', async () => {
    const p = await player();
    await move(p.id, -123_450, 'bet', Date.UTC(2026, 5, 9, 10)); // $12.345 expected profit: $1.23 back
    const start = await balance(p.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(p)));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json()).toEqual({
      msg: '$1.23 cashback has been added to your balance.',
      balance: (start + 123) / 100,
    });
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(422);
      expect(a.json().msg).toBe('You have already claimed the cashback of the last window.');
    }
    expect(await balance(p.id)).toBe(start + 123);
    const after = (await get(p)).json().data;
    expect(after.claimable).toBe(0);
    expect(after.history).toEqual([
      {
        window: { from: '2026-06-08T19:00:00.000Z', to: '2026-06-09T19:00:00.000Z' },
        wagered: 1234.5,
        house_edge: 12.34,
        amount: 1.23,
        claimed_at: new Date(NOW).toISOString(),
      },
    ]);
    const ledger = await db()
      .selectFrom('ledger')
      .select('id')
      .where('user_id', '=', p.id)
      .where('kind', '=', 'cashback')
      .execute();
    expect(ledger).toHaveLength(1);
    // play in the open window becomes claimable once it closes (at 19:00 UTC)
    await move(p.id, -20_000, 'bet', NOW);
    now = Date.UTC(2026, 5, 10, 19) - 1;
    expect((await get(p)).json().data.claimable).toBe(0);
    now = Date.UTC(2026, 5, 10, 19);
    expect((await get(p)).json().data.claimable).toBe(0.2);
    expect((await claim(p)).statusCode).toBe(200);
    now = NOW;
  });

  it('refuses a claim when the closed window had no settled bets', async () => {
    const p = await player();
    await move(p.id, -100_000, 'crash_bet', Date.UTC(2026, 5, 9, 10), true); // still riding: not settled
    expect((await get(p)).json().data.claimable).toBe(0);
    const res = await claim(p);
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('There is no cashback to claim: you had no settled bets in the last window.');
    const none = await claim(await player());
    expect(none.statusCode).toBe(422);
  });
});
