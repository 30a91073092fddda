// The dice bet's PostgreSQL one-statement path (dice.pg-bet.ts, migration 0020) against the ledger
// path it replaces: with fixed seeds, bets race without overspending, take distinct nonces in
// order and roll what shared/fair recomputes (also across a rotation); refusals write nothing; the
// rows, balance, wagered, XP and level equal those of the Kysely path (placeDiceBet given an
// Idempotency-Key answer to remember). On SQLite both calls take the Kysely path.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
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
import { placeDiceBet } from '../../src/server/modules/dice/dice.service.ts';
import { diceRoll, sha256Hex, type DiceDirection } from '../../src/shared/fair/index.ts';
import { levelForXp } from '../../src/shared/levels.ts';

/** The fixed server seed of a test player (64 hex characters; one per player, as pairs never share one). */
const serverSeedFor = (clientSeed: string) => sha256Hex(`server seed of ${clientSeed}`);
const kysely = async () => undefined; // a `remember` callback: selects the ledger (Kysely) path

describeEachDb('dice bet, one-statement path', (dialect) => {
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
      .selectFrom('dice_bets')
      .select(['amount_cents', 'payout_cents', 'target_bp', 'direction', 'roll_bp', 'multiplier', 'win', 'nonce'])
      .select(['server_seed_hash', 'client_seed'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
  const ledger = (id: number) =>
    db()
      .selectFrom('ledger')
      .select(['delta_cents', 'balance_after_cents', 'kind', 'reference', 'idempotency_key'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();

  it('50 parallel bets never overspend, take nonces 0…k−1 and settle as the seeds say', async () => {
    const amount = 100;
    const body = { amount: 1, target: 40, direction: 'under' as DiceDirection }; // pays 2.47x
    // find a client seed whose rolls run a $8 balance dry within 50 bets (so refusals happen)
    const simulate = (clientSeed: string) => {
      let balance = 800;
      let placed = 0;
      for (let nonce = 0; nonce < 50 && balance >= amount; nonce++, placed++) {
        const roll = diceRoll({ serverSeed: serverSeedFor(clientSeed), clientSeed, nonce });
        balance += (roll < 40 ? 247 : 0) - amount;
      }
      return { balance, placed };
    };
    const clientSeed = Array.from({ length: 100 }, (_, i) => `race-${i}`).find((s) => simulate(s).placed < 40)!;
    const expected = simulate(clientSeed);
    const p = await seeded(800, clientSeed);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.fastify.inject({ method: 'POST', url: '/api/dice/bet', headers: p.headers, payload: body }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(ok.length).toBe(expected.placed);
    for (const r of refused) {
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.amount).toEqual(['Insufficient balance.']);
    }
    expect(ok.map((b) => b.nonce).sort((a, b) => a - b)).toEqual([...Array(expected.placed).keys()]);
    for (const b of ok)
      expect(b.roll).toBe(diceRoll({ serverSeed: serverSeedFor(clientSeed), clientSeed, nonce: b.nonce }));
    expect(Number((await user(p.id)).balance_cents)).toBe(expected.balance);
    const rows = await ledger(p.id);
    expect(rows.reduce((s, r) => s + Number(r.delta_cents), 0)).toBe(expected.balance);
    expect(rows.every((r) => Number(r.balance_after_cents) >= 0)).toBe(true);
    expect(await activeNonce(db(), p.id)).toBe(expected.placed);
  });

  it('every roll recomputes from the revealed seeds, with a rotation racing the bets', async () => {
    const p = await seeded(1_000_000, 'rotation');
    const body = { amount: 0.5, target: 50, direction: 'over' as DiceDirection };
    const rotate = () => t.fastify.inject({ method: 'POST', url: '/api/fair/rotate', headers: p.headers });
    const first = Array.from({ length: 10 }, () => placeDiceBet(t.database, p.id, body, Date.now()));
    const turn = rotate();
    const second = Array.from({ length: 10 }, () => placeDiceBet(t.database, p.id, body, Date.now()));
    await Promise.all([...first, turn, ...second]);
    expect((await rotate()).statusCode).toBe(200); // reveals the pair the later bets used
    const seedOf = await revealedSeeds(db(), p.id);
    const rows = await bets(p.id);
    expect(rows.length).toBe(20);
    expect(new Set(rows.map((r) => `${r.server_seed_hash}:${r.nonce}`)).size).toBe(20);
    for (const r of rows) {
      const serverSeed = seedOf.get(r.server_seed_hash)!;
      const roll = diceRoll({ serverSeed, clientSeed: r.client_seed, nonce: Number(r.nonce) });
      expect(Number(r.roll_bp)).toBe(Math.round(roll * 100));
      expect(Number(r.win)).toBe(roll > 50 ? 1 : 0);
    }
  });

  it("a player's first bets create the seed pairs, once, and start at nonce 0", async () => {
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 1_000 });
    const body = { amount: 0.01, target: 50, direction: 'over' as DiceDirection };
    const placed = await Promise.all(Array.from({ length: 5 }, () => placeDiceBet(t.database, p.id, body, Date.now())));
    expect(placed.map((b) => b.bet.nonce).sort()).toEqual([0, 1, 2, 3, 4]);
    const pairs = await db().selectFrom('fair_seeds').select('slot').where('user_id', '=', p.id).execute();
    expect(pairs.map((r) => r.slot).sort()).toEqual(['active', 'next']);
  });

  it('refuses a self-excluded player (403) and a short balance (422), writing nothing', async () => {
    const place = (userId: number, now: number) =>
      placeDiceBet(t.database, userId, { amount: 1, target: 50, direction: 'over' }, now);
    await expectBetRefusals(db(), t.config.secrets.appSecret, dialect, place, bets);
  });

  it('writes the same bets, ledger, balance, wagered, XP and level as the ledger path', async () => {
    const p = await seeded(5_000_000, 'compare');
    const plays: { amount: number; target: number; direction: DiceDirection }[] = [
      { amount: 250, target: 50, direction: 'over' },
      { amount: 100, target: 1.5, direction: 'under' },
      { amount: 0.01, target: 2, direction: 'over' },
      { amount: 400, target: 75.25, direction: 'under' },
      { amount: 1000, target: 90, direction: 'over' },
    ];
    const run = async (remember?: typeof kysely) => {
      const answers = [];
      for (const body of plays) answers.push(await placeDiceBet(t.database, p.id, body, 1_700_000_000_000, remember));
      const state = {
        user: await user(p.id),
        bets: await bets(p.id),
        ledger: await ledger(p.id),
        settled: await settledWagers(db(), p.id),
      };
      // undo the run: the next one starts from the same balance, XP and nonce
      const first = Math.min(...answers.map((a) => a.bet.id));
      await db().deleteFrom('ledger').where('user_id', '=', p.id).where('kind', 'in', ['bet', 'win']).execute();
      await db().deleteFrom('settled_wagers').where('user_id', '=', p.id).execute();
      await db().deleteFrom('dice_bets').where('user_id', '=', p.id).execute();
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
    expect(Number(viaLedger.state.user.level)).toBeGreaterThan(1); // the plays raise the level
    expect(Number(viaLedger.state.user.wagered_cents)).toBe(175_001);
  });

  if (dialect === 'postgres') {
    it('la_hmac_sha256 is HMAC-SHA256 for short, block-sized and long keys', async () => {
      for (const key of ['', 'k', serverSeedFor('k'), 'x'.repeat(65), serverSeedFor('k').repeat(3)]) {
        const message = `client:${key.length}:0`;
        const { rows } = await sql<{ h: Buffer }>`select la_hmac_sha256(convert_to(${key}, 'UTF8'),
          convert_to(${message}, 'UTF8')) as h`.execute(db());
        expect(rows[0]!.h.toString('hex')).toBe(createHmac('sha256', key).update(message).digest('hex'));
      }
    });

    it('la_level_for_xp is levelForXp, around every level threshold', async () => {
      const xps = [-5, 0, 1, 24, 10 ** 12];
      for (let l = 2; l <= 121; l++) xps.push(25 * (l - 1) ** 2 - 1, 25 * (l - 1) ** 2, 25 * (l - 1) ** 2 + 1);
      const { rows } = await sql<{ xp: number; level: number }>`select xp, la_level_for_xp(xp) as level
        from unnest(${xps}::bigint[]) as xp`.execute(db());
      expect(rows.map((r) => [Number(r.xp), r.level])).toEqual(xps.map((xp) => [xp, levelForXp(xp)]));
    });
  }
});
