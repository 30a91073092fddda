// The money self-check knows the Crazy Wheel (issue 28): a played round (a bet that rides, one canceled)
// is sound; a wheel bet whose row disagrees with its ledger is a 'wheel' violation, never an unknown kind.
import { expect, it } from 'vitest';
import { checkInvariants } from '../../src/server/ops/invariants.ts';
import { gameRig } from '../helpers/game-rig.ts';
import { describeEachDb } from '../helpers/test-db.ts';

describeEachDb('money self-check: the Crazy Wheel', (dialect) => {
  const { db, player, post, wheelRound } = gameRig(dialect);

  it('a played wheel round is sound; a bet row that disagrees with its ledger is a wheel violation', async () => {
    const p = await player(100_00);
    let rides = 0;
    await wheelRound(async () => {
      rides = (await post(p, '/api/wheel/bet', { amount: 1, color: 'grey' })).data.id;
      const red = (await post(p, '/api/wheel/bet', { amount: 2, color: 'red' })).data.id;
      await post(p, `/api/wheel/bet/${red}/cancel`);
    });
    const sound = await checkInvariants(db(), { roundsOver: true });
    expect(sound.violations).toEqual([]);

    await db().updateTable('wheel_bets').set({ amount_cents: 150 }).where('id', '=', rides).execute();
    const broken = await checkInvariants(db());
    expect(broken.byInvariant.wheel).toBeGreaterThan(0);
    expect(broken.violations.join('\n')).toContain(`wheel_bet:${rides}`);
    expect(broken.violations.join('\n')).not.toContain('unknown kind');
  });
});
