// The plinko drop's PostgreSQL one-statement path (plinko.pg-bet.ts, migration 0021) against the
// ledger path it replaces: with fixed seeds, drops race without overspending, take distinct nonces in
// order and land where shared/fair recomputes (on every board, also across a rotation); refusals
// write nothing; the rows, balance, wagered, XP and level equal those of the Kysely path
// (placePlinkoBet given an Idempotency-Key answer to remember). On SQLite the drops without a
// `remember` take the synchronous hot path instead, and the same assertions hold.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { expectBetRefusals } from '../helpers/bet-refusals.ts';
import {
  createPlayer,
  activeNonce,
  revealedSeeds,
  seededPlayer,
  playerState,
  settledWagers,
} from '../helpers/users.ts';
import { placePlinkoBet, plinkoPayoutCents } from '../../src/server/modules/plinko/plinko.service.ts';
import { PLINKO_ROWS, RISKS, sha256Hex, type Risk } from '../../src/shared/fair/index.ts';
import { plinkoOutcome } from '../../src/shared/games/plinko/plinko.outcome.ts';

/** The fixed server seed of a test player (64 hex characters; one per player, as pairs never share one). */
const serverSeedFor = (clientSeed: string) => sha256Hex(`server seed of ${clientSeed}`);
const kysely = async () => undefined; // a `remember` callback: selects the ledger (Kysely) path

describeEachDb('plinko drop, one-statement path', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  /** A player whose active pair is (serverSeedFor(clientSeed), clientSeed, nonce 0). */
  const seeded = (balanceCents: number, clientSeed: string) =>
    seededPlayer(db(), t.config.secrets.appSecret, { balanceCents, serverSeed: serverSeedFor(clientSeed), clientSeed });
  const user = (id: number) => playerState(db(), id);
  const bets = (id: number) =>
    db()
      .selectFrom('plinko_bets')
      .select(['amount_cents', 'payout_cents', 'rows', 'risk', 'path', 'bucket', 'multiplier', 'nonce'])
      .select(['server_seed_hash', 'client_seed', 'created_at'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
  const ledger = (id: number) =>
    db()
      .selectFrom('ledger')
      .select(['delta_cents', 'balance_after_cents', 'kind', 'reference', 'idempotency_key', 'created_at'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();

  it('50 parallel drops never overspend, take nonces 0…k−1 and land as the seeds say', async () => {
    const body = { amount: 1, rows: 8, risk: 'high' as Risk }; // buckets pay 0.2x … 29x
    // find a client seed whose drops run an $8 balance dry within 50 drops (so refusals happen)
    const simulate = (clientSeed: string) => {
      let balance = 800;
      let placed = 0;
      for (let nonce = 0; nonce < 50 && balance >= 100; nonce++, placed++) {
        const { multiplier } = plinkoOutcome({ serverSeed: serverSeedFor(clientSeed), clientSeed, nonce }, 8, 'high');
        balance += plinkoPayoutCents(100, multiplier) - 100;
      }
      return { balance, placed };
    };
    const clientSeed = Array.from({ length: 100 }, (_, i) => `race-${i}`).find((s) => simulate(s).placed < 40)!;
    const expected = simulate(clientSeed);
    const p = await seeded(800, clientSeed);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.fastify.inject({ method: 'POST', url: '/api/plinko/bet', headers: p.headers, payload: body }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(ok.length).toBe(expected.placed);
    expect(refused.length).toBe(50 - expected.placed);
    for (const r of refused) {
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.amount).toEqual(['Insufficient balance.']);
    }
    expect(ok.map((b) => b.nonce).sort((a, b) => a - b)).toEqual([...Array(expected.placed).keys()]);
    for (const b of ok) {
      const outcome = plinkoOutcome({ serverSeed: serverSeedFor(clientSeed), clientSeed, nonce: b.nonce }, 8, 'high');
      expect({ path: b.path, bucket: b.bucket, multiplier: b.multiplier }).toEqual(outcome);
      expect(Math.round(b.payout * 100)).toBe(plinkoPayoutCents(100, outcome.multiplier));
    }
    expect(Number((await user(p.id)).balance_cents)).toBe(expected.balance);
    const rows = await ledger(p.id);
    expect(rows.reduce((s, r) => s + Number(r.delta_cents), 0)).toBe(expected.balance);
    expect(rows.every((r) => Number(r.balance_after_cents) >= 0)).toBe(true);
    expect(rows.filter((r) => r.kind === 'plinko_bet')).toHaveLength(expected.placed);
    expect(await activeNonce(db(), p.id)).toBe(expected.placed);
  });

  it('every drop on every board recomputes from the revealed seeds, with a rotation racing the drops', async () => {
    const p = await seeded(100_000_000, 'boards');
    const boards = PLINKO_ROWS.flatMap((rows) => RISKS.map((risk) => ({ rows, risk })));
    const amounts = [0.01, 0.07, 1, 3.33, 9.99]; // small ones floor payouts below the stake, even to 0
    // 10 drops per board (270), half before a rotation and half racing it
    const plays = boards.flatMap((board, b) =>
      Array.from({ length: 10 }, (_, i) => ({ ...board, amount: amounts[(b + i) % amounts.length]! })),
    );
    const rotate = () => t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers });
    const half = plays.length / 2;
    await Promise.all(plays.slice(0, half).map((body) => placePlinkoBet(t.database, p.id, body, Date.now())));
    await Promise.all([
      rotate(),
      ...plays.slice(half).map((body) => placePlinkoBet(t.database, p.id, body, Date.now())),
    ]);
    expect((await rotate()).statusCode).toBe(200); // reveals the pair the later drops used
    const seedOf = await revealedSeeds(db(), p.id);
    expect(seedOf.size).toBe(2);
    const rows = await bets(p.id);
    expect(rows.length).toBe(plays.length);
    expect(new Set(rows.map((r) => `${r.server_seed_hash}:${r.nonce}`)).size).toBe(plays.length);
    expect(new Set(rows.map((r) => `${r.rows}:${r.risk}`)).size).toBe(27);
    let paidNothing = 0;
    for (const r of rows) {
      const serverSeed = seedOf.get(r.server_seed_hash)!;
      const seeds = { serverSeed, clientSeed: r.client_seed, nonce: Number(r.nonce) };
      const outcome = plinkoOutcome(seeds, Number(r.rows), r.risk);
      expect({ path: r.path, bucket: Number(r.bucket), multiplier: Number(r.multiplier) }).toEqual(outcome);
      expect(Number(r.payout_cents)).toBe(plinkoPayoutCents(Number(r.amount_cents), outcome.multiplier));
      if (Number(r.payout_cents) === 0) paidNothing++;
    }
    expect(paidNothing).toBeGreaterThan(0);
    const moves = await ledger(p.id);
    expect(moves.filter((m) => m.kind === 'plinko_win')).toHaveLength(plays.length - paidNothing);
    expect(moves.reduce((s, m) => s + Number(m.delta_cents), 0)).toBe(Number((await user(p.id)).balance_cents));
  });

  it("a player's first drops create the seed pairs, once, and start at nonce 0", async () => {
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 1_000 });
    const body = { amount: 0.01, rows: 16, risk: 'low' as Risk };
    const placed = await Promise.all(
      Array.from({ length: 5 }, () => placePlinkoBet(t.database, p.id, body, Date.now())),
    );
    expect(placed.map((b) => b.bet.nonce).sort()).toEqual([0, 1, 2, 3, 4]);
    const pairs = await db().selectFrom('fair_seeds').select('slot').where('user_id', '=', p.id).execute();
    expect(pairs.map((r) => r.slot).sort()).toEqual(['active', 'next']);
    expect(await bets(p.id)).toHaveLength(5);
  });

  it('refuses a self-excluded player (403) and a short balance (422), writing nothing', async () => {
    const place = (userId: number, now: number) =>
      placePlinkoBet(t.database, userId, { amount: 1, rows: 12, risk: 'medium' }, now);
    await expectBetRefusals(db(), t.config.secrets.appSecret, dialect, place, bets);
  });

  it('writes the same drops, ledger, balance, wagered, XP and level as the ledger path', async () => {
    const p = await seeded(5_000_000, 'compare');
    const plays: { amount: number; rows: number; risk: Risk }[] = [
      { amount: 250, rows: 8, risk: 'low' },
      { amount: 10, rows: 16, risk: 'high' },
      { amount: 0.01, rows: 12, risk: 'medium' },
      { amount: 400, rows: 11, risk: 'low' },
      { amount: 0.05, rows: 15, risk: 'high' },
      { amount: 1000, rows: 10, risk: 'low' },
      { amount: 0.01, rows: 9, risk: 'high' },
    ];
    const run = async (remember?: typeof kysely) => {
      const answers = [];
      for (const body of plays) answers.push(await placePlinkoBet(t.database, p.id, body, 1_700_000_000_000, remember));
      const state = {
        user: await user(p.id),
        bets: await bets(p.id),
        ledger: await ledger(p.id),
        settled: await settledWagers(db(), p.id),
      };
      // undo the run: the next one starts from the same balance, XP and nonce
      const first = Math.min(...answers.map((a) => a.bet.id));
      await db()
        .deleteFrom('ledger')
        .where('user_id', '=', p.id)
        .where('kind', 'in', ['plinko_bet', 'plinko_win'])
        .execute();
      await db().deleteFrom('settled_wagers').where('user_id', '=', p.id).execute();
      await db().deleteFrom('plinko_bets').where('user_id', '=', p.id).execute();
      await db()
        .updateTable('users')
        .set({ balance_cents: 5_000_000, wagered_cents: 0, edge_units: 0, level: 1 })
        .where('id', '=', p.id)
        .execute();
      await db().updateTable('fair_seeds').set({ nonce: 0 }).where('user_id', '=', p.id).execute();
      const ids = answers.map((a) => a.bet.id - first);
      // the player's name, for the public feed, comes with the statement's answer only
      const same = answers.map(({ userName: _name, ...a }) => ({ ...a, bet: { ...a.bet, id: 0 } }));
      return { answers: same, ids, state, first };
    };
    const viaLedger = await run(kysely);
    const viaStatement = await run();
    expect(viaStatement.answers).toEqual(viaLedger.answers);
    expect(viaStatement.ids).toEqual(viaLedger.ids);
    expect(viaStatement.state.user).toEqual(viaLedger.state.user);
    expect(viaStatement.state.bets).toEqual(viaLedger.state.bets);
    expect(viaStatement.state.settled).toEqual(viaLedger.state.settled); // what the programmes count
    expect(viaLedger.state.settled).toHaveLength(plays.length);
    const refs = (s: typeof viaLedger) =>
      s.state.ledger.map((r) => ({ ...r, reference: r.reference?.replace(/\d+$/, (id) => `${Number(id) - s.first}`) }));
    expect(refs(viaStatement)).toEqual(refs(viaLedger));
    // both ledger branches were compared: drops that pay (a win row) and drops that pay nothing
    const payouts = viaLedger.state.bets.map((b) => Number(b.payout_cents));
    expect(payouts.some((c) => c === 0) && payouts.some((c) => c > 0)).toBe(true);
    expect(Number(viaLedger.state.user.level)).toBeGreaterThan(1); // the plays raise the level
    expect(Number(viaLedger.state.user.wagered_cents)).toBe(166_007);
  });

  if (dialect === 'postgres') {
    it('the public feed names the player from the drop itself', async () => {
      const p = await seeded(1_000, 'feed');
      const placed = await placePlinkoBet(t.database, p.id, { amount: 0.01, rows: 8, risk: 'low' }, Date.now());
      const { name } = await db().selectFrom('users').select('name').where('id', '=', p.id).executeTakeFirstOrThrow();
      expect(placed.userName).toBe(name);
    });
  }
});
