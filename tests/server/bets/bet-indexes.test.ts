// The instant bets' indexes after migration 0037 (fewer index leaves per bet): every per-player read
// of the ledger, settled_wagers and dice_bets stays a search of an index (SQLite's EXPLAIN QUERY
// PLAN; PostgreSQL's EXPLAIN with sequential scans priced out, so a Seq Scan means no index fits) —
// the real queries of cashback, free loot, profile, leaderboard, history, the bets archive and the
// money check, captured as they run. The uniqueness that protects money stays: a dice bet applied
// twice on one seed and nonce fails on its stake's ledger key and keeps nothing; a wager settling
// later (crash, wheel, battle) is credited once. And the migration keeps the rebuilt tables' rows,
// ids and sequences.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { describeEachDb } from '../../helpers/test-db.ts';
import { databaseBefore } from '../../helpers/migration-db.ts';
import { createPlayer } from '../../helpers/users.ts';
import type { Tables } from '../../../src/server/db/tables.ts';
import { sqliteHandle } from '../../../src/server/db/hot/sqlite-handle.ts';
import { transact, transactSync } from '../../../src/server/db/transact.ts';
import { applyPlanSync } from '../../../src/server/bets/apply-sqlite.ts';
import { applyPlanIn } from '../../../src/server/bets/apply-kysely.ts';
import { seedPairOf, type BetPlan } from '../../../src/server/bets/plan.ts';
import { dicePlan } from '../../../src/server/bets/games/dice.plan.ts';
import { placeDiceBet } from '../../../src/server/modules/dice/dice.service.ts';
import { lockUserRows } from '../../../src/server/modules/wallet/ledger.ts';
import { creditSettledWager } from '../../../src/server/modules/wallet/settled-wagers.ts';
import { windowPlay } from '../../../src/server/modules/cashback/cashback.service.ts';
import { depositedSince, edgeUnitsSince } from '../../../src/server/modules/free-loot/free-loot.repository.ts';
import { profileStats } from '../../../src/server/modules/profile/profile-stats.repository.ts';
import { findBets } from '../../../src/server/modules/profile/profile-bets.repository.ts';
import { standingOf } from '../../../src/server/modules/leaderboard/leaderboard.repository.ts';
import { listBets } from '../../../src/server/modules/dice/dice.repository.ts';
import { checkWindow } from '../../../src/server/ops/money-check.ts';

const PER_PLAYER = ['ledger', 'settled_wagers', 'dice_bets'];

describeEachDb('instant bet indexes (migration 0037)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  /** A Kysely on the test database's own connection that records every query it runs. */
  function recording(queries: CompiledQuery[]): Kysely<Tables> {
    const log = (e: { level: string; query: CompiledQuery }) => void queries.push(e.query);
    const handle = sqliteHandle(db());
    return handle
      ? new Kysely<Tables>({ dialect: new SqliteDialect({ database: handle.writer }), log })
      : new Kysely<Tables>({ dialect: new PostgresDialect({ pool: t.database.pgPool! }), log });
  }

  /** The plan lines of `q` that read a per-player table. */
  async function plansOf(q: CompiledQuery): Promise<string[]> {
    if (dialect === 'sqlite') {
      const rows = sqliteHandle(db())!
        .writer.prepare(`explain query plan ${q.sql}`)
        .all(...(q.parameters as unknown[])) as { detail: string }[];
      return rows.map((r) => r.detail).filter((d) => PER_PLAYER.some((table) => new RegExp(`\\b${table}\\b`).test(d)));
    }
    const client = await t.database.pgPool!.connect();
    try {
      await client.query('set enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${q.sql}`, q.parameters as unknown[]);
      return rows.map((r) => r['QUERY PLAN']).filter((d) => PER_PLAYER.some((table) => d.includes(` on ${table}`)));
    } finally {
      await client.query('reset enable_seqscan');
      client.release();
    }
  }

  it('every per-player read of the ledger, settled wagers and dice bets searches an index', async () => {
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 10_000, seedPair: true });
    const now = Date.now();
    for (let i = 0; i < 3; i++)
      await placeDiceBet(t.database, p.id, { amount: 0.5, target: 50, direction: 'over' }, now);
    const queries: CompiledQuery[] = [];
    const q = recording(queries);
    const window = { from: now - 86_400_000, to: now + 1 };
    await windowPlay(q, p.id, window); // cashback
    await edgeUnitsSince(q, p.id, window.from); // free loot
    await depositedSince(q, p.id, window.from);
    await profileStats(q, p.id);
    await standingOf(q, window, p.id); // leaderboard
    await listBets(q, { userId: p.id, limit: 20 }); // dice history, my bets
    await findBets(q, p.id, { page: 1, per_page: 20 }); // the bets archive
    await checkWindow(q, 0, 500, now); // the money check, by player
    // the reads by player (not the money check's scan for the players whose ledger moved)
    const read = queries.filter(
      (c) => PER_PLAYER.some((table) => c.sql.includes(`"${table}"`)) && /user_id"? (=|in) /.test(c.sql),
    );
    expect(read.length).toBeGreaterThanOrEqual(8);
    for (const c of read) {
      for (const line of await plansOf(c)) {
        if (dialect === 'sqlite') expect(line, c.sql).toMatch(/^SEARCH /);
        else expect(line, c.sql).not.toMatch(/Seq Scan/);
      }
    }
  });

  it('a dice bet applied twice on one seed and nonce fails on its ledger key and keeps nothing', async () => {
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 10_000, seedPair: true });
    const pair = await db()
      .selectFrom('fair_seeds')
      .selectAll()
      .where('user_id', '=', p.id)
      .where('slot', '=', 'active')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const bet = {
      userId: p.id,
      amountCents: 100,
      target: 50,
      targetBp: 5000,
      direction: 'over' as const,
      multiplier: 1.98,
      payoutIfWinCents: 198,
      now,
    };
    const plan: BetPlan = dicePlan(bet, seedPairOf(pair));
    const apply = () =>
      dialect === 'sqlite'
        ? transactSync(t.database, (sqlite) => applyPlanSync(sqlite, plan))
        : transact(t.database, async (trx) => {
            await lockUserRows(trx, [p.id]);
            return applyPlanIn(trx, plan);
          });
    await apply();
    // the pair's nonce put back: only the unique keys stand between the plan and a second payout
    await db().updateTable('fair_seeds').set({ nonce: pair.nonce }).where('id', '=', pair.id).execute();
    await expect(apply()).rejects.toThrow(/unique|duplicate/i);
    const count = async (table: 'dice_bets' | 'settled_wagers' | 'ledger') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', p.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([await count('dice_bets'), await count('settled_wagers')]).toEqual([1, 1]);
    expect(await count('ledger')).toBe(plan.moves.length + 1); // the funding + the first bet's moves
  });

  it('a wager settling after its stake is credited once; its key is unique in settled_wagers', async () => {
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 10_000 });
    const w = { userId: p.id, kind: 'crash_bet', table: '', stakeCents: 300, wagerKey: `crash_bet:t${p.id}`, now: 1 };
    const credit = () =>
      transact(t.database, async (trx) => {
        await lockUserRows(trx, [p.id]);
        return creditSettledWager(trx, w);
      });
    expect(await credit()).toBe(true);
    expect(await credit()).toBe(false);
    const row = { user_id: p.id, kind: 'wheel_bet', table_key: 'red', stake_cents: 1, edge_units: 1, settled_at: 1 };
    await db()
      .insertInto('settled_wagers')
      .values({ ...row, wager_key: `wheel:bet:t${p.id}` })
      .execute();
    await expect(
      db()
        .insertInto('settled_wagers')
        .values({ ...row, wager_key: `wheel:bet:t${p.id}` })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('the migration keeps the rebuilt tables’ rows, ids and sequences', async () => {
    const d = await databaseBefore(dialect, '0037');
    try {
      const old = d.db;
      const { id } = await createPlayer(old, 'a secret of the test', {});
      const dice = {
        user_id: id,
        amount_cents: 5,
        payout_cents: 0,
        target_bp: 5000,
        direction: 'over' as const,
        roll_bp: 10,
        multiplier: 1.98,
        win: 0,
        server_seed_hash: 'h',
        client_seed: 'c',
        created_at: 1,
      };
      for (const nonce of [0, 1])
        await old
          .insertInto('dice_bets')
          .values({ ...dice, nonce })
          .execute();
      await old.deleteFrom('dice_bets').where('nonce', '=', 1).execute(); // the sequence stays past it
      const wager = { user_id: id, table_key: '', stake_cents: 5, edge_units: 500, settled_at: 1 };
      await old
        .insertInto('settled_wagers')
        .values({ ...wager, kind: 'bet', wager_key: 'dice:h:0:bet' })
        .execute();
      await old
        .insertInto('settled_wagers')
        .values({ ...wager, kind: 'crash_bet', wager_key: 'crash:1' })
        .execute();
      const before = {
        dice: await old.selectFrom('dice_bets').selectAll().execute(),
        settled: await old.selectFrom('settled_wagers').selectAll().orderBy('id').execute(),
      };
      await d.up();
      expect(await old.selectFrom('dice_bets').selectAll().execute()).toEqual(before.dice);
      expect(await old.selectFrom('settled_wagers').selectAll().orderBy('id').execute()).toEqual(before.settled);
      const next = await old
        .insertInto('dice_bets')
        .values({ ...dice, nonce: 2 })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(Number(next.id)).toBe(Number(before.dice[0]!.id) + 2);
      await expect(
        old
          .insertInto('settled_wagers')
          .values({ ...wager, kind: 'crash_bet', wager_key: 'crash:1' })
          .execute(),
      ).rejects.toThrow(/unique|duplicate/i);
    } finally {
      await d.done();
    }
  });
});
