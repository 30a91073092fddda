// XP and levels on each database: settled wagers (dice bet, box opening, upgrade) raise
// wagered_cents, edge_units (XP = 1 per cent of expected house profit: wager × the game's edge) and
// the level exactly per the published curve inside the ledger move; credits, other debits, stakes
// that have not settled, replays and refused debits do not; the profile shows the progress.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../helpers/users.ts';
import { seedCatalog } from '../../src/server/modules/boxes/boxes.service.ts';
import { applyMove } from '../../src/server/modules/wallet/ledger.ts';
import { levelForXp, xpForEdge, xpForLevel } from '../../src/shared/levels.ts';
import { wagerEdgeBp } from '../../src/shared/economics/house-edge.ts';

describeEachDb('levels from wagering', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
  });
  afterAll(() => t.close());

  const player = (balanceCents: number) => createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents });
  const state = (id: number) =>
    t.database.db
      .selectFrom('users')
      .select(['level', 'wagered_cents', 'edge_units', 'balance_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  let n = 0;
  // a wager move settles at once (an instant game's stake) unless `pending`
  const move = (p: TestPlayer, deltaCents: number, kind: string, key = `lv:${++n}`, pending = false) =>
    applyMove(t.database.db, {
      userId: p.id,
      deltaCents,
      kind,
      reference: 'test',
      idempotencyKey: key,
      now: 1,
      ...(pending ? {} : { settlesOn: '' }),
    });

  it('counts settled wager debits only, and moves the level exactly at the curve boundaries', async () => {
    const p = await player(1_000_000);
    await move(p, -(xpForLevel(2) * 100 - 1), 'bet'); // dice (1 %): one cent short of 25 XP
    expect(await state(p.id)).toMatchObject({ level: 1, wagered_cents: 2_499, edge_units: 249_900 });
    await move(p, -1, 'upgrade'); // 5 % of 1 cent
    expect(await state(p.id)).toMatchObject({ level: 2, wagered_cents: 2_500, edge_units: 250_400 });
    await move(p, 50_000, 'win');
    await move(p, -50_000, 'withdrawal');
    await move(p, 20_000, 'box'); // a credit of a wager kind is not wagering
    await move(p, -20_000, 'wheel_bet', undefined, true); // staked, not settled: nothing yet
    expect(await state(p.id)).toMatchObject({ level: 2, wagered_cents: 2_500, edge_units: 250_400 });
    await move(p, 20_000, 'wheel_refund');
    const key = 'lv:replay';
    const toLevel10 = Math.ceil((xpForLevel(10) * 10_000 - 250_400) / wagerEdgeBp('user_box')); // 6.40 % each
    await move(p, -(toLevel10 - 1), 'user_box', 'lv:short');
    expect(await state(p.id)).toMatchObject({ level: 9 });
    await move(p, -1, 'user_box', key);
    await move(p, -1, 'user_box', key); // replay: no second count
    expect(await state(p.id)).toMatchObject({ level: 10, wagered_cents: 2_500 + toLevel10, edge_units: 20_250_400 });
    const profile = (await t.fastify.inject({ method: 'GET', url: '/api/profile', headers: p.headers })).json().data;
    expect(profile.user_level).toEqual({ level: 10, xp: 2_025, level_xp: 2_025, next_level_xp: 2_500 });
  });

  it('a refused debit (insufficient balance) adds no XP', async () => {
    const p = await player(1_000);
    await expect(move(p, -5_000, 'bet')).rejects.toMatchObject({ statusCode: 422 });
    expect(await state(p.id)).toMatchObject({ level: 1, wagered_cents: 0, balance_cents: 1_000 });
  });

  it('dice bets and box openings through the API raise XP by their expected house profit', async () => {
    const p = await player(1_000_000);
    for (let i = 0; i < 3; i++) {
      const res = await t.fastify.inject({
        method: 'POST',
        url: '/api/dice/bet',
        headers: p.headers,
        payload: { amount: 1_000, target: 50, direction: 'over' },
      });
      expect(res.statusCode).toBe(200);
    }
    const open = await t.fastify.inject({
      method: 'POST',
      url: '/api/boxes/penny-box/open',
      headers: p.headers,
      payload: { count: 2 },
    });
    expect(open.statusCode).toBe(200);
    const boxCents = Math.round(open.json().data.cost * 100);
    const s = await state(p.id);
    expect(s.wagered_cents).toBe(300_000 + boxCents);
    expect(s.edge_units).toBe(300_000 * 100 + boxCents * 740); // dice 1 %, boxes 7.40 %
    expect(s.level).toBe(levelForXp(xpForEdge(300_000 * 100 + boxCents * 740)));
    expect(s.level).toBeGreaterThanOrEqual(11); // $3,000 on dice → 3,000 XP ≥ level 11 (2,500 XP)
  });
});
