// Migration 0025 on existing data (issue 24): settled_wagers is backfilled from the ledger's wager
// debits that SETTLED — not a refunded one (a canceled battle or wheel bet), not one still open (a
// seat of a waiting battle: its settlement or refund decides) — and users' XP and "wagered" drop
// by what those had credited at their debit; levels stay; affiliates' claimed commission is
// rescaled from 25 % to 15 %.
import { expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { databaseBefore } from '../../helpers/migration-db.ts';

describeEachDb('migration 0025 on existing data', (dialect) => {
  it('backfills settled wagers only, takes back what unsettled ones credited, keeps levels', async () => {
    const d = await databaseBefore(dialect, '0025');
    try {
      const db = d.db;
      // as the old ledger left it: every wager debit credited at once (dice 1 %, battle 7.40 %, wheel 3.70 %)
      const { id } = await db
        .insertInto('users')
        .values({
          name: 'Old',
          email: 'old@t.local',
          password_hash: null,
          avatar_url: null,
          balance_cents: 0,
          level: 7,
          created_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const wagered = 1_000 + 500 + 700 + 300 + 200;
      const edge = 1_000 * 100 + 500 * 740 + 700 * 740 + 300 * 740 + 200 * 370;
      await db.updateTable('users').set({ wagered_cents: wagered, edge_units: edge }).where('id', '=', id).execute();
      await db.insertInto('referral_links').values({ user_id: id, code: 'oldcode1', created_at: 1 }).execute();
      await db.updateTable('referral_links').set({ claimed_cents: 1_000 }).where('user_id', '=', id).execute();
      const battle = (bid: number, status: string) =>
        db
          .insertInto('battles')
          .values({
            id: bid,
            creator_id: id,
            status,
            mode: '1v1',
            crazy: 0,
            terminal: 0,
            private: 0,
            boxes: '[]',
            cost_cents: 0,
            server_seed: 'a'.repeat(64),
            server_seed_hash: 'b'.repeat(64),
            boxes_hash: 'c'.repeat(64),
            public_seed: null,
            round: 0,
            winners: null,
            tie_break: null,
            created_at: 1,
            started_at: null,
            ended_at: null,
          } as never)
          .execute();
      await battle(1, 'ended');
      await battle(2, 'waiting');
      await battle(3, 'canceled');
      let n = 0;
      const move = (cents: number, kind: string, reference: string, key: string) =>
        db
          .insertInto('ledger')
          .values({
            user_id: id,
            delta_cents: cents,
            balance_after_cents: 0,
            kind,
            reference,
            idempotency_key: key,
            created_at: 1_000 + ++n,
          })
          .execute();
      await move(-1_000, 'bet', 'dice_bet:1', 'dice:h:1:bet'); // settled with its debit
      await move(-500, 'battle', 'battle:1', 'battle:1:seat:0'); // its battle ended
      await move(-700, 'battle', 'battle:2', 'battle:2:seat:0'); // still waiting
      await move(-300, 'battle', 'battle:3', 'battle:3:seat:0'); // canceled and refunded
      await move(300, 'battle_refund', 'battle:3', 'battle:3:refund:0');
      await move(-200, 'wheel_bet', 'wheel_bet:9', 'wheel:bet:9'); // canceled and refunded
      await move(200, 'wheel_refund', 'wheel_bet:9', 'wheel:refund:9');

      await d.up();

      const rows = await db
        .selectFrom('settled_wagers')
        .select(['kind', 'stake_cents', 'edge_units', 'wager_key', 'settled_at'])
        .orderBy('wager_key')
        .execute();
      expect(
        rows.map((r) => [r.kind, Number(r.stake_cents), Number(r.edge_units), r.wager_key, Number(r.settled_at)]),
      ).toEqual([
        ['battle', 500, 500 * 740, 'battle:1:seat:0', 1_002],
        ['bet', 1_000, 1_000 * 100, 'dice:h:1:bet', 1_001],
      ]);
      const user = await db
        .selectFrom('users')
        .select(['wagered_cents', 'edge_units', 'level'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect([Number(user.wagered_cents), Number(user.edge_units), Number(user.level)]).toEqual([1_500, 470_000, 7]);
      const link = await db
        .selectFrom('referral_links')
        .select('claimed_cents')
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(link.claimed_cents)).toBe(600);
    } finally {
      await d.done();
    }
  });
});
