// POST /api/dice/bet end to end on the real database: money, fairness, limits and concurrency.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { createPlayer } from '../helpers/users.ts';
import type { LocalPublisher, ChannelEvent } from '../../src/server/realtime/publisher.ts';
import { diceRoll, diceWins, hashServerSeed } from '../../src/shared/fair/index.ts';

describeEachDb('dice bets', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const player = (balanceCents = 10_000) => createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents });
  const bet = (headers: Record<string, string>, payload: unknown) =>
    t.fastify.inject({ method: 'POST', url: '/api/dice/bet', headers, payload: payload as object });
  const balance = async (id: number) =>
    Number(
      (await t.database.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_cents,
    );
  const betCount = async (id: number) =>
    (await t.database.db.selectFrom('dice_bets').select('id').where('user_id', '=', id).execute()).length;
  const ledgerSum = async (id: number) =>
    (await t.database.db.selectFrom('ledger').select('delta_cents').where('user_id', '=', id).execute()).reduce(
      (a, r) => a + Number(r.delta_cents),
      0,
    );

  it('settles a bet: debit, roll from the committed pair, credit, row; publishes after commit', async () => {
    const p = await player();
    const events: ChannelEvent[] = [];
    const off = (t.fastify.publisher as LocalPublisher).subscribe((e) => events.push(e));
    const seeds = (await t.fastify.inject({ method: 'GET', url: '/api/fair/seeds', headers: p.headers })).json().data;
    const res = await bet(p.headers, { amount: 10, target: 50.5, direction: 'over' });
    off();
    expect(res.statusCode).toBe(200);
    const { data, balance: after } = res.json();
    expect(Object.keys(data).sort()).toEqual(
      [
        'client_seed',
        'direction',
        'id',
        'multiplier',
        'nonce',
        'payout',
        'roll',
        'server_seed_hash',
        'target',
        'win',
      ].sort(),
    );
    expect(data).toMatchObject({
      target: 50.5,
      direction: 'over',
      nonce: 0,
      multiplier: 2,
      client_seed: seeds.client_seed,
      server_seed_hash: seeds.server_seed_hash,
    });
    expect(data.win).toBe(data.roll > 50.5);
    expect(data.payout).toBe(data.win ? 20 : 0);
    expect(after).toBe(data.win ? 110 : 90);
    expect(await balance(p.id)).toBe(after * 100);
    expect(await ledgerSum(p.id)).toBe(after * 100);
    expect(events.find((e) => e.channel === `private-users.${p.id}`)?.data).toEqual({
      type: 'balanceUpdated',
      current_balance: after,
    });
    const pub = events.find((e) => e.channel === 'dice-bets' && e.event === 'diceBet')?.data as Record<string, unknown>;
    expect(pub).toMatchObject({
      id: data.id,
      roll: data.roll,
      amount: 10,
      server_seed: null,
      user: { id: p.id, name: 'Test Player' },
    });
    const second = (await bet(p.headers, { amount: 1, target: 10, direction: 'under' })).json().data;
    expect(second.nonce).toBe(1);
    expect(second.multiplier).toBe(9.9);
  });

  it('after rotating, every recorded roll recomputes exactly from the revealed seed', async () => {
    const p = await player(100_000);
    const placed = [];
    for (let i = 0; i < 12; i++)
      placed.push(
        (await bet(p.headers, { amount: 1, target: 20 + i * 5, direction: i % 2 ? 'over' : 'under' })).json().data,
      );
    const rotated = (await t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers })).json()
      .data;
    expect(rotated.previous.nonce).toBe(12);
    const rows = await t.database.db
      .selectFrom('dice_bets')
      .selectAll()
      .where('user_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(12);
    for (const r of rows) {
      expect(r.server_seed_hash).toBe(hashServerSeed(rotated.previous.server_seed));
      const roll = diceRoll({
        serverSeed: rotated.previous.server_seed,
        clientSeed: r.client_seed,
        nonce: Number(r.nonce),
      });
      expect(Number(r.roll_bp)).toBe(Math.round(roll * 100));
      expect(Number(r.win) === 1).toBe(diceWins(roll, Number(r.target_bp) / 100, r.direction));
    }
    expect(rows.map((r) => Number(r.nonce))).toEqual([...Array(12).keys()]);
    const mine = (await t.fastify.inject({ method: 'GET', url: '/api/dice/bets?limit=50', headers: p.headers })).json()
      .data;
    expect(mine).toHaveLength(12);
    expect(mine.every((b: { server_seed: string }) => b.server_seed === rotated.previous.server_seed)).toBe(true);
    expect(mine[0].id).toBe(placed[11].id);
    const next = (await bet(p.headers, { amount: 1, target: 50, direction: 'over' })).json().data;
    expect(next).toMatchObject({ nonce: 0, server_seed_hash: rotated.current.server_seed_hash });
  });

  it('50 parallel bets never overspend and use 50 distinct nonces', async () => {
    const p = await player(2_000); // $20: at most 20 bets of $1 can be paid for up front
    const results = await Promise.all(
      Array.from({ length: 50 }, () => bet(p.headers, { amount: 1, target: 98, direction: 'over' })),
    );
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().data);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 422 && r.json().message === 'Insufficient balance.')).toBe(true);
    expect(new Set(ok.map((b) => b.nonce)).size).toBe(ok.length);
    expect(ok.length).toBe(await betCount(p.id));
    const won = ok.filter((b) => b.win).reduce((a, b) => a + Math.round(b.payout * 100), 0);
    expect(await balance(p.id)).toBe(2_000 - ok.length * 100 + won);
    expect(await ledgerSum(p.id)).toBe(await balance(p.id));
    expect(await balance(p.id)).toBeGreaterThanOrEqual(0);
    const rich = await player(1_000_000);
    const all = await Promise.all(
      Array.from({ length: 50 }, () => bet(rich.headers, { amount: 1, target: 50, direction: 'under' })),
    );
    expect(all.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(all.map((r) => r.json().data.nonce))).toEqual(new Set([...Array(50).keys()]));
  });

  it('rotations racing bets: every bet recomputes from the pair it was recorded under', async () => {
    const p = await player(1_000_000);
    const calls = Array.from({ length: 30 }, (_, i) =>
      i % 10 === 5
        ? t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers })
        : bet(p.headers, { amount: 1, target: 50, direction: 'over' }),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    await t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers });
    const seeds = (await t.fastify.inject({ method: 'GET', url: '/api/fair/seeds', headers: p.headers })).json().data;
    const byHash = new Map<string, string>(
      seeds.previous.map((x: { server_seed_hash: string; server_seed: string }) => [x.server_seed_hash, x.server_seed]),
    );
    const rows = await t.database.db.selectFrom('dice_bets').selectAll().where('user_id', '=', p.id).execute();
    expect(rows).toHaveLength(27);
    const perPair = new Map<string, number[]>();
    for (const r of rows) {
      const seed = byHash.get(r.server_seed_hash)!;
      expect(seed, 'bet recorded under a revealed pair').toBeTruthy();
      expect(Number(r.roll_bp)).toBe(
        Math.round(diceRoll({ serverSeed: seed, clientSeed: r.client_seed, nonce: Number(r.nonce) }) * 100),
      );
      perPair.set(r.server_seed_hash, [...(perPair.get(r.server_seed_hash) ?? []), Number(r.nonce)]);
    }
    for (const [hash, nonces] of perPair) {
      expect(nonces.sort((a, b) => a - b)).toEqual([...Array(nonces.length).keys()]);
      expect(seeds.previous.find((x: { server_seed_hash: string }) => x.server_seed_hash === hash).nonce).toBe(
        nonces.length,
      );
    }
  });

  it('refuses a bet above the balance with nothing written', async () => {
    const p = await player(500);
    const res = await bet(p.headers, { amount: 5.01, target: 50, direction: 'over' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Insufficient balance.',
      msg: 'Insufficient balance.',
      errors: { amount: ['Insufficient balance.'] },
      request_id: expect.any(String),
    });
    expect(await balance(p.id)).toBe(500);
    expect(await betCount(p.id)).toBe(0);
    expect(
      (await t.fastify.inject({ method: 'GET', url: '/api/fair/seeds', headers: p.headers })).json().data.nonce,
    ).toBe(0);
  });

  it('enforces target, chance, amount and payout limits with clear 422s and nothing written', async () => {
    const p = await player(100_000_00);
    const cases: [unknown, string, RegExp][] = [
      [{ amount: 1, target: 1, direction: 'over' }, 'target', /between 0.01% and 98%/],
      [{ amount: 1, target: 98.01, direction: 'under' }, 'target', /between/],
      [{ amount: 1, target: 0, direction: 'under' }, 'target', /between/],
      [{ amount: 1, target: 100, direction: 'over' }, 'target', /between/],
      [{ amount: 1, target: 50.123, direction: 'over' }, 'target', /2 decimals/],
      [{ amount: 0, target: 50, direction: 'over' }, 'amount', /between \$0.01 and \$1,000.00/],
      [{ amount: -1, target: 50, direction: 'over' }, 'amount', /between/],
      [{ amount: 1000.01, target: 50, direction: 'over' }, 'amount', /between/],
      [{ amount: 1e308, target: 50, direction: 'over' }, 'amount', /between|decimals/],
      [{ amount: 0.001, target: 50, direction: 'over' }, 'amount', /2 decimals/],
      [{ amount: 200, target: 1, direction: 'under' }, 'amount', /maximum of \$10,000.00/],
      [{ target: 50, direction: 'over' }, 'amount', /number/],
      [{ amount: '1', target: 50, direction: 'over' }, 'amount', /number/],
      [{ amount: 1, direction: 'over' }, 'target', /number/],
      [{ amount: 1, target: '50; drop table users', direction: 'over' }, 'target', /number/],
      [{ amount: 1, target: 50 }, 'direction', /over.*under/],
      [{ amount: 1, target: 50, direction: '<b>über</b>' }, 'direction', /over.*under/],
      [{ amount: 1, target: 50, direction: 'x'.repeat(3000) }, 'direction', /over.*under/],
    ];
    for (const [payload, field, text] of cases) {
      const res = await bet(p.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      const body = res.json();
      expect(body.msg).toBe(body.message);
      expect(body.errors[field]?.[0], JSON.stringify(payload).slice(0, 60)).toMatch(text);
    }
    const huge = await t.fastify.inject({
      method: 'POST',
      url: '/api/dice/bet',
      headers: { ...p.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: 1, target: 50, direction: 'over', pad: 'x'.repeat(10_000) }),
    });
    expect(huge.statusCode).toBe(413);
    const broken = await t.fastify.inject({
      method: 'POST',
      url: '/api/dice/bet',
      headers: { ...p.headers, 'content-type': 'application/json' },
      payload: '{"amount":',
    });
    expect(broken.statusCode).toBe(400);
    expect(await betCount(p.id)).toBe(0);
    expect(await balance(p.id)).toBe(100_000_00);
    // The edges are playable: 98% over 2, 0.01% under 0.01, max bet at low multiplier.
    expect((await bet(p.headers, { amount: 1000, target: 2, direction: 'over' })).statusCode).toBe(200);
    expect((await bet(p.headers, { amount: 0.01, target: 0.01, direction: 'under' })).json().data.multiplier).toBe(
      9900,
    );
  });

  it('needs a signed-in player; recent bets are public', async () => {
    const res = await bet({}, { amount: 1, target: 50, direction: 'over' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Unauthenticated.',
      msg: 'Unauthenticated.',
      request_id: expect.any(String),
    });
    expect((await t.fastify.inject({ method: 'GET', url: '/api/dice/bets' })).statusCode).toBe(401);
    const recent = await t.fastify.inject({ method: 'GET', url: '/api/dice/bets/recent?limit=5' });
    expect(recent.statusCode).toBe(200);
    expect(recent.json().data).toHaveLength(5);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/dice/bets/recent?limit=1000' })).statusCode).toBe(422);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/dice/bets/recent?limit=abc' })).statusCode).toBe(422);
  });
});
