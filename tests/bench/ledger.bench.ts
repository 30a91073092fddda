// Ledger moves per second: one transfer = debit + credit through applyMoveIn in ONE transaction
// (two conditional updates, two ledger rows), beside a bare single-row UPDATE in the same run.
// SQLite always; PostgreSQL when TEST_PG_URL is set. Sequential, one connection's worth of work.
import { createTestDatabase, dialects } from '../helpers/test-db.ts';
import { applyMoveIn } from '../../src/server/modules/wallet/ledger.ts';
import type { Dialect } from '../../src/server/db/database.ts';

async function perSecond(seconds: number, op: (i: number) => Promise<void>): Promise<number> {
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  let n = 0;
  while (performance.now() < end) await op(n++);
  return Math.round(n / ((performance.now() - start) / 1000));
}

async function benchOne(dialect: Dialect, seconds: number): Promise<Record<string, number>> {
  const t = await createTestDatabase(dialect);
  try {
    const ids: number[] = [];
    for (const email of ['a@bench', 'b@bench']) {
      const r = await t.db
        .insertInto('users')
        .values({
          name: 'b',
          email,
          password_hash: null,
          avatar_url: null,
          balance_cents: 1_000_000_000,
          level: 1,
          created_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(r.id);
    }
    const [a, b] = ids as [number, number];
    const bare = async () => {
      await t.db
        .updateTable('users')
        .set((eb) => ({ balance_cents: eb('balance_cents', '+', 1) }))
        .where('id', '=', a)
        .execute();
    };
    const move = async (i: number) => {
      await t.db.transaction().execute(async (trx) => {
        await applyMoveIn(trx, {
          userId: a,
          deltaCents: -100,
          kind: 'bench',
          reference: null,
          idempotencyKey: `bench:${i}:d`,
          now: i,
        });
        await applyMoveIn(trx, {
          userId: b,
          deltaCents: 100,
          kind: 'bench',
          reference: null,
          idempotencyKey: `bench:${i}:c`,
          now: i,
        });
      });
    };
    await perSecond(0.5, bare); // warm up
    await perSecond(0.5, (i) => move(1e9 + i));
    const bareRate = await perSecond(seconds, bare);
    const moveRate = await perSecond(seconds, move);
    return {
      [`${dialect}_bare_update_per_s`]: bareRate,
      [`${dialect}_ledger_moves_per_s`]: moveRate,
      [`${dialect}_ratio`]: Number((moveRate / bareRate).toFixed(3)),
    };
  } finally {
    await t.drop();
  }
}

/** Runs the ledger benchmark on every configured dialect and returns its figures. */
export async function ledgerBench(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const d of dialects()) Object.assign(out, await benchOne(d, 3));
  return out;
}
