// The money self-check (issue 28) over the games and payouts the chaos suite does not play: Crazy
// Wheel bets (won, lost, canceled in the open window), a custom box paying its creator a share, and
// the programmes' payouts (cashback, a leaderboard prize, an affiliate commission). A sound site reads
// no violation — before, every wheel bet and programme payout was an "unknown kind" and broke the
// conservation sum — and a wheel bet settled wrong is found, under the `wheel` invariant. A ledger row
// whose user is gone (PostgreSQL has no foreign key there since 0038) is named too.
import { expect, it } from 'vitest';
import { checkInvariants } from '../../src/server/ops/invariants.ts';
import { applyMove } from '../../src/server/modules/wallet/ledger.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { gameRig } from '../helpers/game-rig.ts';

describeEachDb('money self-check over the wheel and the programmes', (dialect) => {
  const { db, player, post, wheelRound, clock } = gameRig(dialect);

  it('reads sound after wheel bets, a creator share and programme payouts; finds a wheel bet settled wrong', async () => {
    const p = await player(1_000_00);
    const creator = await player(0);
    await wheelRound(async () => {
      for (const color of ['grey', 'red', 'blue', 'gold']) await post(p, '/api/wheel/bet', { amount: 1, color });
      const canceled = (await post(p, '/api/wheel/bet', { amount: 2, color: 'red' })).data.id;
      await post(p, `/api/wheel/bet/${canceled}/cancel`);
    });
    const products = await db().selectFrom('products').select('id').orderBy('price_cents').limit(2).execute();
    const custom = await post(creator, '/api/user-boxes', {
      name: 'Check Box',
      img: 'penny-box',
      items: [
        { product_id: products[0]!.id, chance: 70 },
        { product_id: products[1]!.id, chance: 30 },
      ],
    });
    await post(p, `/api/boxes/${custom.data.slug}/open`, { count: 1 });
    const payouts: [string, string][] = [
      ['cashback', 'cashback:2026-11-26'],
      ['leaderboard_prize', 'leaderboard:2026-11-26'],
      ['affiliate_commission', `affiliate:${p.id}`],
    ];
    for (const [kind, reference] of payouts)
      await applyMove(db(), {
        userId: p.id,
        deltaCents: 25,
        kind,
        reference,
        idempotencyKey: `${reference}:${kind}`,
        now: clock().now(),
      });
    const kinds = await db().selectFrom('ledger').select('kind').distinct().orderBy('kind').execute();
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(['creator_share', 'wheel_bet', 'wheel_refund', 'cashback', 'leaderboard_prize']),
    );
    const sound = await checkInvariants(db(), { roundsOver: true });
    expect(sound.violations).toEqual([]);

    // a won bet paid a cent less than its row says: the wheel's own invariant names it
    const won = await db()
      .selectFrom('wheel_bets')
      .select(['id', 'payout_cents'])
      .where('status', 'in', ['won', 'lost'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('wheel_bets')
      .set({ status: 'won', payout_cents: Number(won.payout_cents ?? 0) + 1 })
      .where('id', '=', won.id)
      .execute();
    const broken = await checkInvariants(db(), { roundsOver: true });
    expect(broken.byInvariant.wheel).toBeGreaterThan(0);
    expect(broken.violations.some((v) => v.startsWith(`wheel_bet:${won.id}:`))).toBe(true);
  });

  it('names a ledger row whose user does not exist (PostgreSQL has no foreign key there since 0038)', async () => {
    const p = await player(5_00);
    await post(p, '/api/dice/bet', { amount: 1, target: 50, direction: 'over' });
    expect((await checkInvariants(db(), { roundsOver: true })).violations).toEqual([]);
    // a ledger row moved to a user id no one has: SQLite's foreign key refuses it; PostgreSQL's
    // table takes it (0038 dropped the key) and the money check must name it
    const row = await db()
      .selectFrom('ledger')
      .select('id')
      .where('user_id', '=', p.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const orphan = db().updateTable('ledger').set({ user_id: 999_999 }).where('id', '=', row.id).execute();
    if (dialect === 'sqlite') return void (await expect(orphan).rejects.toThrow(/FOREIGN KEY/));
    await orphan;
    const broken = await checkInvariants(db(), { roundsOver: true });
    expect(broken.violations).toContain(`ledger ${row.id}: user 999999 does not exist`);
    expect(broken.byInvariant.balance).toBeGreaterThan(0);
  });
});
