// CRASH_TEST_POINTS (the browser tests' Rocket): the loop plays only the chain's games whose crash
// point is in the range, skipping the others, and every round it plays is still the chain's game of
// its number (its hash walks to the terminating hash, its point is the published formula's).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chainInfo } from '../../../src/server/modules/crash/crash-chain.ts';
import { chainLinks, crashPoint } from '../../../src/shared/fair/crash.ts';
import { describeEachDb } from '../../helpers/test-db.ts';
import { crashRig, type CrashRig } from './crash-rig.ts';

describeEachDb('crash test points', (dialect) => {
  let rig: CrashRig;
  beforeAll(async () => {
    rig = await crashRig(dialect, { CRASH_TEST_POINTS: '1.7-2' });
  });
  afterAll(async () => {
    await rig.loop.stop();
    await rig.dispose();
  });

  it('plays only games whose crash point is in the range; each is the verifiable game of its number', async () => {
    rig.loop.start();
    await rig.until('starting', 6, 100);
    const chain = (await chainInfo(rig.db))!;
    const rounds = await rig.db.selectFrom('crash_rounds').selectAll().orderBy('id').execute();
    expect(rounds).toHaveLength(6);
    for (const r of rounds) {
      expect(r.crash_point_cents).toBeGreaterThanOrEqual(170);
      expect(r.crash_point_cents).toBeLessThanOrEqual(200);
      expect(r.crash_point_cents).toBe(Math.round(crashPoint(r.hash, chain.salt) * 100));
      expect(chainLinks(r.hash, chain.terminatingHash, r.game_number)).toBe(true);
    }
    const numbers = rounds.map((r) => r.game_number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // about one game in eleven is in 1.70-2.00: the first six games all in it would be 0.087^6 ≈ 4e-7
    expect(numbers.at(-1)).toBeGreaterThan(6);
  });
});
