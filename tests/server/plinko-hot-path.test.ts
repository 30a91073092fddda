// The plinko drop's hot path: on SQLite a drop without Idempotency-Key, by a player who already has
// a seed pair, is one synchronous job of the group commit (plinko.sqlite-bet.ts). Players here get
// their pair first so their drops take that path; the assertions also hold on PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { createPlayer, balanceOf } from '../helpers/users.ts';
import { plinkoOutcome } from '../../src/shared/games/plinko/plinko.outcome.ts';

describeEachDb('plinko hot path', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const player = (balanceCents: number) =>
    createPlayer(db(), t.config.secrets.appSecret, { balanceCents, seedPair: true });
  const drop = (headers: Record<string, string>, payload: object) =>
    t.fastify.inject({ method: 'POST', url: '/api/plinko/bet', headers, payload });
  const balance = (id: number) => balanceOf(db(), id);

  it('50 parallel drops never overspend; every path recomputes from the revealed seed after rotation', async () => {
    const p = await player(2_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => drop(p.headers, { amount: 1, rows: 8, risk: 'low' })),
    );
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().data);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok.length).toBeGreaterThanOrEqual(20);
    expect(refused.every((r) => r.statusCode === 422 && r.json().message === 'Insufficient balance.')).toBe(true);
    expect(new Set(ok.map((b) => b.nonce))).toEqual(new Set([...Array(ok.length).keys()]));
    const paid = ok.reduce((a, b) => a + Math.round(b.payout * 100), 0);
    expect(await balance(p.id)).toBe(2_000 - ok.length * 100 + paid);
    const moves = await db().selectFrom('ledger').selectAll().where('user_id', '=', p.id).execute();
    expect(moves.reduce((a, m) => a + Number(m.delta_cents), 0)).toBe(await balance(p.id));
    const bets = moves.filter((m) => m.kind === 'plinko_bet');
    expect(bets).toHaveLength(ok.length);
    for (const m of bets) expect(m.idempotency_key).toMatch(/^plinko:[0-9a-f]{64}:\d+:bet$/);
    const rotated = (await t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers })).json()
      .data;
    const rows = await db().selectFrom('plinko_bets').selectAll().where('user_id', '=', p.id).execute();
    expect(rows).toHaveLength(ok.length);
    for (const r of rows) {
      const seeds = { serverSeed: rotated.previous.server_seed, clientSeed: r.client_seed, nonce: Number(r.nonce) };
      expect(plinkoOutcome(seeds, 8, 'low')).toMatchObject({ path: r.path, bucket: Number(r.bucket) });
    }
  });

  it('refuses a self-excluded player with 403 and its message, writing nothing', async () => {
    const p = await player(10_000);
    await db()
      .updateTable('users')
      .set({ self_excluded_until: Date.UTC(2099, 0, 1) })
      .where('id', '=', p.id)
      .execute();
    const res = await drop(p.headers, { amount: 1, rows: 8, risk: 'low' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^You are self-excluded until .*2099/);
    expect(await db().selectFrom('plinko_bets').select('id').where('user_id', '=', p.id).execute()).toHaveLength(0);
    expect(await balance(p.id)).toBe(10_000);
  });
});
