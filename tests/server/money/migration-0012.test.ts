// Migration 0012 on existing data: XP moves to the house-edge unit computed from the ledger's wager
// debits (dice players keep their XP, box players gain; levels never drop) and past free-box
// openings get the expected value of the version they opened.
import { expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { databaseBefore } from '../../helpers/migration-db.ts';

describeEachDb('migration 0012 on existing data', (dialect) => {
  it('backfills edge_units and levels from the ledger, never lowering a level', async () => {
    const d = await databaseBefore(dialect, '0012');
    try {
      const db = d.db;
      const user = async (name: string, level: number) =>
        (
          await db
            .insertInto('users')
            .values({
              name,
              email: `${name}@t.local`,
              password_hash: null,
              avatar_url: null,
              balance_cents: 0,
              level,
              created_at: 1,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const dice = await user('dice', 10); // $2,025 on dice: level 10 before and after
      const boxes = await user('boxes', 5); // $1,000 on boxes: 7,400 XP now
      await user('quiet', 3); // level 3 from nothing in the ledger: kept
      let n = 0;
      const debit = (userId: number, cents: number, kind: string) =>
        db
          .insertInto('ledger')
          .values({
            user_id: userId,
            delta_cents: -cents,
            balance_after_cents: 0,
            kind,
            reference: null,
            idempotency_key: `k${++n}`,
            created_at: 1,
          })
          .execute();
      await debit(dice, 202_500, 'bet');
      await debit(dice, 5_000, 'withdrawal'); // not a wager
      await debit(boxes, 100_000, 'box');
      await d.up();
      const rows = await db.selectFrom('users').select(['name', 'level', 'edge_units']).orderBy('id').execute();
      expect(rows.map((r) => ({ ...r, edge_units: Number(r.edge_units) }))).toEqual([
        { name: 'dice', level: 10, edge_units: 202_500 * 100 },
        { name: 'boxes', level: 18, edge_units: 100_000 * 740 }, // 7,400 XP → level 18
        { name: 'quiet', level: 3, edge_units: 0 },
      ]);
    } finally {
      await d.done();
    }
  });
});
