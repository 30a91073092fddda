// Upgrade odds: golden rolls from the Stake float scheme, the chance formula with its edge, cap
// and floor in integer basis points, and the long-run return (≈ 95% of the stake when uncapped).
import { describe, expect, it } from 'vitest';
import { floats, upgradeRoll } from '../../../src/shared/fair/index.ts';
import {
  UPGRADE_EDGE_BP,
  UPGRADE_MAX_CHANCE_BP,
  UPGRADE_MIN_CHANCE_BP,
  bpToPercent,
  upgradeChance,
  upgradeChanceError,
} from '../../../src/shared/games/upgrade/upgrade.odds.ts';
import { upgradeOutcome, upgradeRollWins } from '../../../src/shared/games/upgrade/upgrade.outcome.ts';

const seeds = (nonce: number) => ({ serverSeed: 'a'.repeat(64), clientSeed: 'abc', nonce });

describe('upgrade roll (fairness.md: roll = f0 × 100, win iff roll < chance)', () => {
  // f0 of the golden vectors in fairness.md (server seed "a" × 64, client seed "abc")
  const golden = [
    { nonce: 1, f0: 0.16440096078440547, roll: 16.440096078440547 },
    { nonce: 2, f0: 0.5459779207594693, roll: 54.59779207594693 },
    { nonce: 3, f0: 0.7527878468390554, roll: 75.27878468390554 },
  ];
  for (const g of golden) {
    it(`nonce ${g.nonce}`, () => {
      expect(floats(seeds(g.nonce), 1)[0]).toBe(g.f0);
      expect(upgradeRoll(seeds(g.nonce))).toBe(g.roll);
      expect(upgradeOutcome(seeds(g.nonce), 50)).toEqual({ roll: g.roll, chance: 50, win: g.roll < 50 });
    });
  }
  it('the boundary is strict: a roll equal to the chance loses', () => {
    expect(upgradeRollWins(16.44, 16.44)).toBe(false);
    expect(upgradeRollWins(16.43, 16.44)).toBe(true);
    expect(upgradeOutcome(seeds(2), 54.6).win).toBe(true);
    expect(upgradeOutcome(seeds(2), 54.59).win).toBe(false);
  });
});

describe('upgrade chance', () => {
  it('stake / target × (1 − 5%), floored to a basis point', () => {
    expect(UPGRADE_EDGE_BP).toBe(500);
    expect(upgradeChance(18_900, 99_900)).toEqual({ rawBp: 1797, chanceBp: 1797, capped: false }); // 17.972…%
    expect(upgradeChance(5_000, 10_000)).toEqual({ rawBp: 4750, chanceBp: 4750, capped: false });
    expect(upgradeChance(1, 3)).toEqual({ rawBp: 3166, chanceBp: 3166, capped: false });
  });
  it('is capped at 75% and refused below 1% or when the target is not dearer', () => {
    expect(upgradeChance(9_000, 10_000)).toEqual({ rawBp: 8550, chanceBp: UPGRADE_MAX_CHANCE_BP, capped: true });
    expect(upgradeChanceError(9_000, 10_000)).toBeNull();
    expect(upgradeChanceError(10_000, 10_000)).toMatch(/worth more/);
    expect(upgradeChanceError(0, 10_000)).toMatch(/at least one item/);
    // 1% needs stake ≥ target / 95: 106 / 10,000 → floor(100.7) = 100 bp ok; 105 → 99 bp refused
    expect(upgradeChance(106, 10_000).chanceBp).toBe(UPGRADE_MIN_CHANCE_BP);
    expect(upgradeChanceError(106, 10_000)).toBeNull();
    expect(upgradeChanceError(105, 10_000)).toMatch(/below 1%/);
  });
  it('returns exactly 95 % of the stake less the basis-point floor when uncapped, less when capped', () => {
    // roll = u / 2^32 × 100 for a uniform 32-bit u: P(win) = (winning u) / 2^32, computed exactly.
    const rtpOf = (stake: number, target: number) => {
      const chance = bpToPercent(upgradeChance(stake, target).chanceBp);
      let lo = 0; // first u whose roll loses
      let hi = 2 ** 32;
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        if (upgradeRollWins((mid / 2 ** 32) * 100, chance)) lo = mid + 1;
        else hi = mid;
      }
      return ((lo / 2 ** 32) * target) / stake;
    };
    // stake $20 → target $100: chance 19 %, return 0.19 × 100 / 20
    expect(upgradeChance(2_000, 10_000).chanceBp).toBe(1900);
    expect(rtpOf(2_000, 10_000)).toBeCloseTo(0.95, 8);
    let uncapped = 0;
    for (const target of [300, 1_000, 9_999, 10_000, 123_457, 5_000_000])
      for (let stake = 1; stake < target; stake += Math.max(1, Math.floor(target / 97))) {
        if (upgradeChanceError(stake, target)) continue;
        const rtp = rtpOf(stake, target);
        const { capped } = upgradeChance(stake, target);
        if (capped) {
          expect(rtp, `${stake} → ${target}`).toBeCloseTo((0.75 * target) / stake, 8);
          expect(rtp).toBeLessThan(0.95);
          continue;
        }
        uncapped++;
        // the chance is floored to a basis point: at most 1 bp × target / stake below 95 %
        expect(rtp, `${stake} → ${target}`).toBeLessThanOrEqual(0.95 + 1e-9);
        expect(rtp, `${stake} → ${target}`).toBeGreaterThanOrEqual(0.95 - target / stake / 10_000 - 1e-9);
      }
    expect(uncapped).toBeGreaterThan(300);
  });
});
