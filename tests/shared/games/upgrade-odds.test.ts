// Upgrade odds: golden rolls from the Stake float scheme, the chance formula with its edge, cap
// and floor in integer basis points, and the long-run return (≈ 95% of the stake when uncapped).
import { describe, expect, it } from 'vitest';
import { floats, upgradeRoll } from '../../../src/shared/fair/index.ts';
import {
  UPGRADE_EDGE_BP,
  UPGRADE_MAX_CHANCE_BP,
  UPGRADE_MIN_CHANCE_BP,
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
  it('an uncapped upgrade returns ≈ 95% of the stake over many seeds', () => {
    const n = 20_000;
    let won = 0;
    for (let nonce = 0; nonce < n; nonce++)
      if (upgradeOutcome({ serverSeed: 'b'.repeat(64), clientSeed: 'rtp', nonce }, 19).win) won++;
    // stake $20 → target $100: chance 19%; return = P(win) × 100 / 20 ≈ 0.95
    const rtp = ((won / n) * 100) / 20;
    expect(rtp).toBeGreaterThan(0.92);
    expect(rtp).toBeLessThan(0.98);
    expect(upgradeChance(2_000, 10_000).chanceBp).toBe(1900);
  });
});
