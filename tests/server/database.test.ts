// Migrations, the idempotent seed and the ledger's core guarantees, on every test database.
import { afterEach, beforeEach, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { seed, demoPlayer } from '../../src/server/db/seed.ts';
import { applyMove, InsufficientFunds } from '../../src/server/modules/wallet/ledger.ts';
import { migrateLocked, resetPgSchema } from '../helpers/pg-schemas.ts';
import { createTestDatabase, describeEachDb, type TestDatabase } from '../helpers/test-db.ts';

/** Every table, column, index and constraint of a database, with its schema name taken out. */
async function structure({ db, dialect, schema }: TestDatabase): Promise<string[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ sql: string | null; name: string }>`
      select name, sql from sqlite_master where name not like 'sqlite_%' order by name`.execute(db);
    return rows.map((r) => `${r.name}: ${r.sql}`);
  }
  const { rows } = await sql<{ line: string }>`
    select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' ||
      coalesce(column_default, '-') as line
      from information_schema.columns where table_schema = ${schema}
    union all select indexdef from pg_indexes where schemaname = ${schema}
    union all select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
      where connamespace = ${schema}::regnamespace
    order by 1`.execute(db);
  return rows.map((r) => r.line.replaceAll(schema!, 'S'));
}

describeEachDb('database', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
  });
  afterEach(() => t.drop());

  async function user(balance = 0): Promise<number> {
    const row = await t.db
      .insertInto('users')
      .values({
        name: 'p',
        email: `p${Math.random().toString(36).slice(2)}@x.io`,
        password_hash: null,
        avatar_url: null,
        balance_cents: 0,
        level: 1,
        created_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (balance)
      await applyMove(t.db, {
        userId: row.id,
        deltaCents: balance,
        kind: 'test',
        reference: null,
        idempotencyKey: `fund:${row.id}`,
        now: 1,
      });
    return row.id;
  }

  it('migrating again applies nothing', async () => {
    expect(await migrateLocked(t)).toEqual([]);
  });

  it('a test database copied from the template has the structure of a freshly migrated one', async () => {
    const fresh = await createTestDatabase(dialect, { template: false });
    try {
      const copied = await structure(t);
      expect(copied.length).toBeGreaterThan(50);
      expect(copied).toEqual(await structure(fresh));
    } finally {
      await fresh.drop();
    }
  });

  if (dialect === 'postgres')
    it('a schema emptied for reuse is as the template made it: no rows, ids from 1, migrations recorded', async () => {
      const first = await user(500);
      await seed(t.db, 1000);
      await resetPgSchema(process.env.TEST_PG_URL!, inject('pgTemplate')!, t.schema!);
      for (const table of ['users', 'ledger', 'outbox', 'products', 'boxes'] as const) {
        const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.db);
        expect(rows[0]!.n, table).toBe(0);
      }
      expect(await migrateLocked(t)).toEqual([]);
      expect(first).toBeGreaterThan(0);
      expect(await user()).toBe(1);
    });

  it('the seed is idempotent: twice gives one demo player credited once', async () => {
    await seed(t.db, 1000);
    await seed(t.db, 2000);
    const users = await t.db.selectFrom('users').selectAll().where('email', '=', demoPlayer.email).execute();
    expect(users).toHaveLength(1);
    expect(users[0]!.balance_cents).toBe(demoPlayer.welcomeCents);
    const ledger = await t.db.selectFrom('ledger').selectAll().where('user_id', '=', users[0]!.id).execute();
    expect(ledger).toHaveLength(1);
  });

  it('a CHECK constraint keeps balances from going negative even outside the ledger', async () => {
    const id = await user();
    await expect(t.db.updateTable('users').set({ balance_cents: -1 }).where('id', '=', id).execute()).rejects.toThrow();
  });

  it('20 parallel 1-dollar debits against 10 dollars: exactly 10 succeed, balance 0, ledger sums up', async () => {
    const id = await user(1000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        applyMove(t.db, {
          userId: id,
          deltaCents: -100,
          kind: 'bet',
          reference: null,
          idempotencyKey: `debit:${id}:${i}`,
          now: 2,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(10);
    for (const r of rejected) expect(r.reason).toBeInstanceOf(InsufficientFunds);
    const balance = (
      await t.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow()
    ).balance_cents;
    expect(balance).toBe(0);
    const { rows } = await sql<{
      n: number;
      s: number;
    }>`select count(*) as n, sum(delta_cents) as s from ledger where user_id = ${id}`.execute(t.db);
    expect(Number(rows[0]!.n)).toBe(11);
    expect(Number(rows[0]!.s)).toBe(0);
  });

  it('a replayed idempotency key moves nothing and returns the first result, also in parallel', async () => {
    const id = await user(500);
    const move = {
      userId: id,
      deltaCents: 250,
      kind: 'deposit',
      reference: 'pay:1',
      idempotencyKey: `pay:1:${id}`,
      now: 3,
    };
    const all = await Promise.all([applyMove(t.db, move), applyMove(t.db, move), applyMove(t.db, move)]);
    expect(new Set(all.map((r) => r.ledgerId)).size).toBe(1);
    expect(all.filter((r) => !r.replayed)).toHaveLength(1);
    const balance = (
      await t.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow()
    ).balance_cents;
    expect(balance).toBe(750);
    await expect(applyMove(t.db, { ...move, deltaCents: 999 })).rejects.toThrow(/already used/);
  });

  it('refuses non-integer cents', async () => {
    const id = await user(500);
    await expect(
      applyMove(t.db, { userId: id, deltaCents: 1.5, kind: 'x', reference: null, idempotencyKey: 'frac', now: 1 }),
    ).rejects.toThrow(/integer cents/);
  });
});
