// The plinko API end to end on the real database: money, fairness, limits, concurrency, leaderboard.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { createPlayer } from '../helpers/users.ts';
import type { LocalPublisher, ChannelEvent } from '../../src/server/realtime/publisher.ts';
import { hashServerSeed, plinkoTable } from '../../src/shared/fair/index.ts';
import { plinkoOutcome } from '../../src/shared/games/plinko/plinko.outcome.ts';

describeEachDb('plinko bets', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const player = (balanceCents = 10_000) => createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents });
  const bet = (headers: Record<string, string>, payload: unknown) =>
    t.fastify.inject({ method: 'POST', url: '/api/plinko/bet', headers, payload: payload as object });
  const get = (url: string, headers: Record<string, string> = {}) => t.fastify.inject({ method: 'GET', url, headers });
  const balance = async (id: number) =>
    Number(
      (await t.database.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_cents,
    );
  const rowsOf = (id: number) =>
    t.database.db.selectFrom('plinko_bets').selectAll().where('user_id', '=', id).orderBy('id').execute();
  const ledger = (id: number) =>
    t.database.db.selectFrom('ledger').select(['delta_cents', 'kind']).where('user_id', '=', id).execute();

  it('serves the config: rows, risks, Stake tables and limits', async () => {
    const res = await get('/api/plinko/config');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.rows).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(data.risks).toEqual(['low', 'medium', 'high']);
    expect(data.multipliers.low['8']).toEqual([5.6, 2.1, 1.1, 1, 0.5, 1, 1.1, 2.1, 5.6]);
    expect(data.multipliers.high['16']).toHaveLength(17);
    expect(data).toMatchObject({ min_bet: 0.01, max_bet: 1000, max_payout: 10000 });
  });

  it('settles a drop: debit, path from the committed pair, credit, row; publishes after commit', async () => {
    const p = await player();
    const events: ChannelEvent[] = [];
    const off = (t.fastify.publisher as LocalPublisher).subscribe((e) => events.push(e));
    const current = (await get('/api/plinko/current', p.headers)).json().data;
    expect(current).toMatchObject({ nonce: 0, bets: [] });
    const res = await bet(p.headers, { amount: 10, rows: 12, risk: 'medium' });
    off();
    expect(res.statusCode).toBe(200);
    const { data, balance: after, msg } = res.json();
    expect(Object.keys(data).sort()).toEqual(
      [
        'bucket',
        'client_seed',
        'created_at',
        'id',
        'multiplier',
        'nonce',
        'path',
        'payout',
        'risk',
        'rows',
        'server_seed_hash',
      ].sort(),
    );
    expect(data).toMatchObject({
      rows: 12,
      risk: 'medium',
      nonce: 0,
      client_seed: current.client_seed,
      server_seed_hash: current.server_seed_hash,
    });
    expect(data.path).toMatch(/^[LR]{12}$/);
    expect(data.bucket).toBe([...data.path].filter((c: string) => c === 'R').length);
    expect(data.multiplier).toBe(plinkoTable(12, 'medium')[data.bucket]);
    expect(data.payout).toBe(Math.floor(1000 * data.multiplier) / 100);
    expect(typeof msg).toBe('string');
    expect(after).toBe((10_000 - 1000 + Math.round(data.payout * 100)) / 100);
    expect(await balance(p.id)).toBe(Math.round(after * 100));
    const moves = await ledger(p.id);
    expect(moves.find((m) => m.kind === 'plinko_bet')?.delta_cents).toEqual(-1000);
    expect(moves.reduce((a, m) => a + Number(m.delta_cents), 0)).toBe(await balance(p.id));
    expect(events.find((e) => e.channel === `private-users.${p.id}`)?.data).toEqual({
      type: 'balanceUpdated',
      current_balance: after,
    });
    const pub = events.find((e) => e.channel === 'plinko-bets' && e.event === 'plinkoBet')?.data;
    expect(pub).toMatchObject({ id: data.id, path: data.path, amount: 10, server_seed: null, user: { id: p.id } });
    const again = (await get('/api/plinko/current', p.headers)).json().data;
    expect(again.nonce).toBe(1);
    expect(again.bets[0]).toMatchObject({ id: data.id, amount: 10, path: data.path });
    const dice = await t.fastify.inject({
      method: 'POST',
      url: '/api/dice/bet',
      headers: p.headers,
      payload: { amount: 1, target: 50, direction: 'over' },
    });
    expect(dice.json().data.nonce).toBe(1); // one nonce sequence per pair, shared with dice
    expect((await bet(p.headers, { amount: 1, rows: 8, risk: 'low' })).json().data.nonce).toBe(2);
  });

  it('an Idempotency-Key retry returns the first answer and pays once', async () => {
    const p = await player();
    const headers = { ...p.headers, 'idempotency-key': 'plinko-retry-1' };
    const first = await bet(headers, { amount: 2, rows: 8, risk: 'high' });
    const second = await bet(headers, { amount: 2, rows: 8, risk: 'high' });
    expect(second.json()).toEqual(first.json());
    expect(await rowsOf(p.id)).toHaveLength(1);
  });

  it('after rotating, every recorded path recomputes exactly from the revealed seed', async () => {
    const p = await player(100_000);
    const risks = ['low', 'medium', 'high'] as const;
    for (let i = 0; i < 18; i++)
      expect((await bet(p.headers, { amount: 1, rows: 8 + (i % 9), risk: risks[i % 3] })).statusCode).toBe(200);
    const rotated = (await t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers })).json()
      .data;
    const rows = await rowsOf(p.id);
    expect(rows).toHaveLength(18);
    for (const r of rows) {
      expect(r.server_seed_hash).toBe(hashServerSeed(rotated.previous.server_seed));
      const seeds = { serverSeed: rotated.previous.server_seed, clientSeed: r.client_seed, nonce: Number(r.nonce) };
      const o = plinkoOutcome(seeds, Number(r.rows), r.risk);
      expect({ path: r.path, bucket: Number(r.bucket), multiplier: Number(r.multiplier) }).toEqual(o);
      expect(Number(r.payout_cents)).toBe(Math.floor(Number(r.amount_cents) * o.multiplier + 1e-9));
    }
    const mine = (await get('/api/plinko/current', p.headers)).json().data.bets;
    expect(mine).toHaveLength(18);
    expect(mine.every((b: { server_seed: string }) => b.server_seed === rotated.previous.server_seed)).toBe(true);
  });

  it('50 parallel drops never overspend and use 50 distinct nonces', async () => {
    const p = await player(2_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => bet(p.headers, { amount: 1, rows: 16, risk: 'low' })),
    );
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().data);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 422 && r.json().msg === 'Insufficient balance.')).toBe(true);
    expect(new Set(ok.map((b) => b.nonce)).size).toBe(ok.length);
    expect(ok.length).toBe((await rowsOf(p.id)).length);
    const won = ok.reduce((a, b) => a + Math.round(b.payout * 100), 0);
    expect(await balance(p.id)).toBe(2_000 - ok.length * 100 + won);
    expect(await balance(p.id)).toBeGreaterThanOrEqual(0);
    const rich = await player(1_000_000);
    const all = await Promise.all(
      Array.from({ length: 50 }, () => bet(rich.headers, { amount: 1, rows: 10, risk: 'high' })),
    );
    expect(all.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(all.map((r) => r.json().data.nonce))).toEqual(new Set([...Array(50).keys()]));
    const sum = (await ledger(rich.id)).reduce((a, m) => a + Number(m.delta_cents), 0);
    expect(sum).toBe(await balance(rich.id));
  });

  it('refuses bad rows, unknown risk, amounts out of range, too big a payout and an empty wallet; writes nothing', async () => {
    const p = await player(100_000_00);
    const cases: [unknown, string, RegExp][] = [
      [{ amount: 1, rows: 7, risk: 'low' }, 'rows', /8 to 16/],
      [{ amount: 1, rows: 17, risk: 'low' }, 'rows', /8 to 16/],
      [{ amount: 1, rows: 8.5, risk: 'low' }, 'rows', /8 to 16/],
      [{ amount: 1, rows: '8', risk: 'low' }, 'rows', /number/],
      [{ amount: 1, risk: 'low' }, 'rows', /number/],
      [{ amount: 1, rows: 8, risk: 'extreme' }, 'risk', /low, medium or high/],
      [{ amount: 1, rows: 8 }, 'risk', /low, medium or high/],
      [{ amount: 0, rows: 8, risk: 'low' }, 'amount', /between \$0.01 and \$1,000.00/],
      [{ amount: -1, rows: 8, risk: 'low' }, 'amount', /between/],
      [{ amount: 1000.01, rows: 8, risk: 'low' }, 'amount', /between/],
      [{ amount: 0.001, rows: 8, risk: 'low' }, 'amount', /2 decimals/],
      [{ amount: '1', rows: 8, risk: 'low' }, 'amount', /number/],
      [{ amount: 10.01, rows: 16, risk: 'high' }, 'amount', /maximum of \$10,000.00/],
    ];
    for (const [payload, field, text] of cases) {
      const res = await bet(p.headers, payload);
      const label = JSON.stringify(payload);
      expect(res.statusCode, label).toBe(422);
      expect(res.json().errors[field]?.[0], label).toMatch(text);
      expect(res.json().msg, label).toBe(res.json().message);
    }
    expect((await bet(p.headers, { amount: 10, rows: 16, risk: 'high' })).statusCode).toBe(200);
    const poor = await player(500);
    const res = await bet(poor.headers, { amount: 5.01, rows: 8, risk: 'low' });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('Insufficient balance.');
    expect(await balance(poor.id)).toBe(500);
    expect(await rowsOf(poor.id)).toHaveLength(0);
    expect((await get('/api/plinko/current', poor.headers)).json().data.nonce).toBe(0);
    expect(await rowsOf(p.id)).toHaveLength(1);
  });

  it('guests get 401 on bet and current; config and leaderboard are public', async () => {
    const res = await bet({}, { amount: 1, rows: 8, risk: 'low' });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('Unauthenticated.');
    expect((await get('/api/plinko/current')).statusCode).toBe(401);
    expect((await get('/api/plinko/config')).statusCode).toBe(200);
    expect((await get('/api/plinko/leaderboard')).statusCode).toBe(200);
  });

  it('leaderboard: winning drops by win amount or multiplier, filtered by period', async () => {
    const p = await player(1_000_000);
    for (let i = 0; i < 30; i++) await bet(p.headers, { amount: 1 + (i % 5), rows: 8, risk: 'high' });
    const byWin = (await get('/api/plinko/leaderboard?sort=win_amount&period=day')).json().data;
    expect(byWin.length).toBeGreaterThan(0);
    for (let i = 1; i < byWin.length; i++) expect(byWin[i - 1].win_amount).toBeGreaterThanOrEqual(byWin[i].win_amount);
    expect(Object.keys(byWin[0]).sort()).toEqual(
      ['amount', 'created_at', 'multiplier', 'risk', 'rows', 'user', 'win_amount'].sort(),
    );
    expect(byWin[0].user).toHaveProperty('avatar_url');
    const byMult = (await get('/api/plinko/leaderboard?sort=multiplier&period=week')).json().data;
    for (let i = 1; i < byMult.length; i++)
      expect(byMult[i - 1].multiplier).toBeGreaterThanOrEqual(byMult[i].multiplier);
    await t.database.db.updateTable('plinko_bets').set({ created_at: 0 }).execute();
    expect((await get('/api/plinko/leaderboard?period=day')).json().data).toEqual([]);
    expect((await get('/api/plinko/leaderboard?period=all')).json().data.length).toBeGreaterThan(0);
    expect((await get('/api/plinko/leaderboard?sort=luck')).statusCode).toBe(422);
    expect((await get('/api/plinko/leaderboard?period=year')).statusCode).toBe(422);
  });
});
