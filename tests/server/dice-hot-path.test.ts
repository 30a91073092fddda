// The dice bet's hot path: on SQLite a bet without Idempotency-Key, by a player who already has a
// seed pair, is one synchronous job of the group commit (dice.sqlite-bet.ts). The same races and
// refusals as dice.test.ts, with every player's pair made first so the bets take that path; the
// assertions also hold on PostgreSQL, where the Kysely path serves them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { createPlayer, balanceOf, activeNonce } from '../helpers/users.ts';
import { canTransactSync, transact, transactSync } from '../../src/server/db/transact.ts';
import { settleDiceBetSync } from '../../src/server/modules/dice/dice.sqlite-bet.ts';
import { checkBet, potentialPayoutCents } from '../../src/server/modules/dice/dice.service.ts';
import { diceMultiplierBp, diceRoll, diceWins } from '../../src/shared/fair/index.ts';
import { wagerEdgeUnits } from '../../src/shared/economics/house-edge.ts';

describeEachDb('dice hot path', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  /** A player whose seed pair exists, so their bets take the hot path on SQLite. */
  const player = (balanceCents: number) =>
    createPlayer(db(), t.config.secrets.appSecret, { balanceCents, seedPair: true });
  const bet = (headers: Record<string, string>, payload: object) =>
    t.fastify.inject({ method: 'POST', url: '/api/dice/bet', headers, payload });
  const balance = (id: number) => balanceOf(db(), id);
  const ledger = (id: number) =>
    db().selectFrom('ledger').selectAll().where('user_id', '=', id).orderBy('id').execute();
  const bets = (id: number) =>
    db().selectFrom('dice_bets').selectAll().where('user_id', '=', id).orderBy('id').execute();

  it('settles like the Kysely path: bet row, ledger rows with their keys, references and balances, XP, level', async () => {
    const p = await player(100_000);
    const res = await bet(p.headers, { amount: 50, target: 2, direction: 'over' }); // 98 % chance
    expect(res.statusCode).toBe(200);
    const { data, balance: after } = res.json();
    const [row] = await bets(p.id);
    expect(row).toMatchObject({ id: data.id, amount_cents: 5000, nonce: 0, target_bp: 200, direction: 'over' });
    const moves = await ledger(p.id);
    const key = `dice:${data.server_seed_hash}:0`;
    const payout = Math.round(data.payout * 100);
    expect(
      moves
        .filter((m) => m.kind !== 'deposit' && m.kind !== 'admin')
        .map((m) => [m.kind, Number(m.delta_cents), Number(m.balance_after_cents), m.idempotency_key, m.reference]),
    ).toEqual([
      ['bet', -5000, 95_000, `${key}:bet`, `dice_bet:${data.id}`],
      ...(data.win ? [['win', payout, 95_000 + payout, `${key}:win`, `dice_bet:${data.id}`]] : []),
    ]);
    expect(Math.round(after * 100)).toBe(95_000 + (data.win ? payout : 0));
    expect(await balance(p.id)).toBe(Math.round(after * 100));
    const user = await db()
      .selectFrom('users')
      .select(['wagered_cents', 'edge_units', 'level'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(user.wagered_cents)).toBe(5000);
    expect(Number(user.edge_units)).toBe(wagerEdgeUnits('bet', '', 5000)); // 50 XP at dice's 1 % edge
    expect(Number(user.level)).toBe(2); // levels.ts: level 2 from 25 XP, level 3 from 100
  });

  it('50 parallel bets never overspend and use distinct consecutive nonces', async () => {
    const p = await player(2_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => bet(p.headers, { amount: 1, target: 98, direction: 'over' })),
    );
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().data);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok.length).toBeGreaterThanOrEqual(20);
    expect(refused.every((r) => r.statusCode === 422 && r.json().message === 'Insufficient balance.')).toBe(true);
    expect(new Set(ok.map((b) => b.nonce))).toEqual(new Set([...Array(ok.length).keys()]));
    expect(await activeNonce(db(), p.id)).toBe(ok.length); // the refused bets' nonces rolled back with them
    const won = ok.filter((b) => b.win).reduce((a, b) => a + Math.round(b.payout * 100), 0);
    expect(await balance(p.id)).toBe(2_000 - ok.length * 100 + won);
    expect((await ledger(p.id)).reduce((a, m) => a + Number(m.delta_cents), 0)).toBe(await balance(p.id));
    expect(await bets(p.id)).toHaveLength(ok.length);
  });

  it('after rotating, every roll recomputes from the revealed seed', async () => {
    const p = await player(1_000_000);
    const calls = Array.from({ length: 24 }, (_, i) =>
      i % 8 === 4
        ? t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers })
        : bet(p.headers, { amount: 1, target: 30 + i, direction: i % 2 ? 'over' : 'under' }),
    );
    expect((await Promise.all(calls)).every((r) => r.statusCode === 200)).toBe(true);
    await t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers });
    const seeds = (await t.fastify.inject({ method: 'GET', url: '/api/fair/seeds', headers: p.headers })).json().data;
    const byHash = new Map<string, string>(
      seeds.previous.map((x: { server_seed_hash: string; server_seed: string }) => [x.server_seed_hash, x.server_seed]),
    );
    const rows = await bets(p.id);
    expect(rows).toHaveLength(21);
    for (const r of rows) {
      const roll = diceRoll({
        serverSeed: byHash.get(r.server_seed_hash)!,
        clientSeed: r.client_seed,
        nonce: Number(r.nonce),
      });
      expect(Number(r.roll_bp)).toBe(Math.round(roll * 100));
      expect(Number(r.win) === 1).toBe(diceWins(roll, Number(r.target_bp) / 100, r.direction));
    }
  });

  it('refuses a self-excluded player with 403 and its message, writing nothing', async () => {
    const p = await player(10_000);
    const until = Date.UTC(2099, 0, 1);
    await db().updateTable('users').set({ self_excluded_until: until }).where('id', '=', p.id).execute();
    const res = await bet(p.headers, { amount: 1, target: 50, direction: 'over' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(
      /^You are self-excluded until .*2099.*: bets and openings are closed until then\.$/,
    );
    expect(await bets(p.id)).toHaveLength(0);
    expect(await activeNonce(db(), p.id)).toBe(0);
    expect(await balance(p.id)).toBe(10_000);
  });

  it('refuses a bet above the balance with 422 and nothing written', async () => {
    const p = await player(50);
    const res = await bet(p.headers, { amount: 1, target: 50, direction: 'over' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Insufficient balance.',
      errors: { amount: ['Insufficient balance.'] },
    });
    expect(await bets(p.id)).toHaveLength(0);
    expect(await activeNonce(db(), p.id)).toBe(0);
  });

  it('a replayed Idempotency-Key pays once, also when the replays race', async () => {
    const p = await player(10_000);
    const headers = { ...p.headers, 'idempotency-key': 'hot-path-once' };
    const body = { amount: 1, target: 50, direction: 'over' };
    const results = await Promise.all(Array.from({ length: 5 }, () => bet(headers, body)));
    const again = await bet(headers, body);
    expect([...results, again].every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set([...results, again].map((r) => r.body)).size).toBe(1);
    expect(await bets(p.id)).toHaveLength(1);
    expect((await ledger(p.id)).filter((m) => m.kind === 'bet')).toHaveLength(1);
  });
});

describe('dice hot path on SQLite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const bets = (id: number) =>
    db().selectFrom('dice_bets').selectAll().where('user_id', '=', id).orderBy('id').execute();

  it('runs the bet as a synchronous job; a failing job rolls back alone in a shared batch', async () => {
    expect(canTransactSync(t.database)).toBe(true);
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 10_000 });
    await t.fastify.inject({ method: 'GET', url: '/api/fair/seeds', headers: p.headers }); // makes the pair
    const fresh = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 10_000 }); // no seed pair
    const checked = (userId: number, amount: number) => {
      const body = { amount, target: 50, direction: 'over' as const };
      const { amountCents, targetBp, chanceBp } = checkBet(body);
      const payoutIfWinCents = potentialPayoutCents(amountCents, chanceBp);
      return {
        userId,
        body,
        amountCents,
        targetBp,
        multiplier: diceMultiplierBp(chanceBp),
        payoutIfWinCents,
        now: Date.now(),
      };
    };
    // queued in one turn: the group commit runs them in one transaction, each in its savepoint
    const [ok, noPair, tooMuch, kysely] = await Promise.allSettled([
      transactSync(t.database, (sqlite) => settleDiceBetSync(sqlite, checked(p.id, 1))),
      transactSync(t.database, (sqlite) => settleDiceBetSync(sqlite, checked(fresh.id, 1))),
      transactSync(t.database, (sqlite) => settleDiceBetSync(sqlite, checked(p.id, 500))),
      transact(t.database, (trx) => trx.selectFrom('dice_bets').select('id').where('user_id', '=', p.id).execute()),
    ]);
    expect(ok.status === 'fulfilled' && ok.value?.bet.nonce).toBe(0);
    expect(noPair).toEqual({ status: 'fulfilled', value: null });
    expect(tooMuch.status === 'rejected' && (tooMuch.reason as Error).message).toBe('Insufficient balance.');
    expect(kysely.status === 'fulfilled' && kysely.value).toHaveLength(1); // sees the first job's row
    expect(await bets(p.id)).toHaveLength(1);
    expect(await activeNonce(db(), p.id)).toBe(1);
  });

  it('refuses a stake that is not whole cents, after writing: the bet rolls back whole', async () => {
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 10_000, seedPair: true });
    const bet = (amountCents: number, payoutIfWinCents: number) =>
      transactSync(t.database, (sqlite) =>
        settleDiceBetSync(sqlite, {
          userId: p.id,
          body: { amount: amountCents / 100, target: 2, direction: 'over' },
          amountCents,
          targetBp: 200,
          multiplier: diceMultiplierBp(9800),
          payoutIfWinCents,
          now: Date.now(),
        }),
      );
    await expect(bet(150.5, 153)).rejects.toThrow(/whole cents/);
    expect(await bets(p.id)).toEqual([]); // the bet row written before the moves is rolled back with them
    expect(await activeNonce(db(), p.id)).toBe(0);
    expect(await balanceOf(db(), p.id)).toBe(10_000);
  });
});
