// The published level curve: XP from expected house profit (and from dice wagers), total XP per
// level, level from XP, tiers; the free-loot allowance.
import { describe, expect, it } from 'vitest';
import {
  MAX_LEVEL,
  levelProgressForEdge,
  xpForEdge,
  levelForWagered,
  levelForXp,
  levelProgress,
  tierForLevel,
  xpForLevel,
  xpForWagered,
} from '../../../src/shared/levels.ts';
import { WAGER_KINDS, wagerEdgeBp, wagerEdgeUnits } from '../../../src/shared/economics/house-edge.ts';
import { freeLootAllowanceCents, profitCents } from '../../../src/shared/free-loot-economics.ts';

describe('level curve', () => {
  it('gives 1 XP per whole dollar wagered', () => {
    expect(xpForWagered(0)).toBe(0);
    expect(xpForWagered(99)).toBe(0);
    expect(xpForWagered(100)).toBe(1);
    expect(xpForWagered(250_099)).toBe(2500);
    expect(xpForWagered(-500)).toBe(0);
  });

  it.each([
    [1, 0],
    [2, 25],
    [3, 100],
    [10, 2025],
    [20, 9025],
    [110, 297_025],
    [MAX_LEVEL, 354_025],
  ])('level %i needs %i XP in total', (level, xp) => {
    expect(xpForLevel(level)).toBe(xp);
    expect(levelForXp(xp)).toBe(level);
    if (level > 1) expect(levelForXp(xp - 1)).toBe(level - 1);
  });

  it('is monotone, exact at every boundary and capped at the max level', () => {
    for (let l = 1; l < MAX_LEVEL; l++) {
      expect(xpForLevel(l + 1)).toBeGreaterThan(xpForLevel(l));
      expect(levelForXp(xpForLevel(l + 1) - 1)).toBe(l);
      expect(levelForXp(xpForLevel(l + 1))).toBe(l + 1);
    }
    expect(levelForXp(10 ** 12)).toBe(MAX_LEVEL);
    expect(levelForXp(-3)).toBe(1);
  });

  it('maps wagered cents to levels and reports progress to the next level', () => {
    expect(levelForWagered(2_499)).toBe(1);
    expect(levelForWagered(2_500)).toBe(2);
    expect(levelForWagered(202_500)).toBe(10);
    expect(levelProgress(5_000, 2)).toEqual({ level: 2, xp: 50, level_xp: 25, next_level_xp: 100 });
    expect(levelProgress(10 ** 12, MAX_LEVEL).next_level_xp).toBeNull();
  });

  it.each([
    [1, 1],
    [9, 1],
    [10, 10],
    [19, 10],
    [55, 50],
    [110, 110],
    [120, 110],
  ])('level %i has tier %i', (level, tier) => {
    expect(tierForLevel(level)).toBe(tier);
  });
});

describe('XP follows the house edge (issue 12)', () => {
  it('counts 1 XP per cent of expected house profit: dice and crash 1 %, boxes and battle seats 7.40 %, custom boxes 6.40 %, upgrades 5 %, plinko and wheel per table', () => {
    expect(Object.fromEntries(WAGER_KINDS.map((k) => [k, wagerEdgeBp(k)]))).toEqual({
      bet: 100,
      box: 740,
      user_box: 640,
      upgrade: 500,
      battle: 740,
      crash_bet: 100,
      plinko_bet: 83, // no table given: the game's lowest (high risk, 11 rows: 99.16 % returned)
      wheel_bet: 370,
    });
    expect(wagerEdgeBp('wheel_bet', 'red')).toBe(398); // 17 × 3.05 / 54 = 96.02 % returned
    expect(wagerEdgeBp('plinko_bet', '16:high')).toBe(102);
    expect(xpForEdge(wagerEdgeUnits('battle', '', 1_000))).toBe(74); // a battle seat buys catalog boxes
    expect(xpForEdge(wagerEdgeUnits('bet', '', 100))).toBe(1); // $1 on dice
    expect(xpForEdge(wagerEdgeUnits('box', '', 100))).toBe(7); // $1 on a box: 7.4 cents
    expect(xpForEdge(wagerEdgeUnits('box', '', 1_000))).toBe(74);
    expect(xpForEdge(wagerEdgeUnits('user_box', '', 1_000))).toBe(64);
    expect(xpForEdge(wagerEdgeUnits('upgrade', '', 1_000))).toBe(50);
    expect(wagerEdgeUnits('win', '', 1_000)).toBe(0);
    expect(xpForEdge(99 * 100 + 99)).toBe(0); // fractions of a cent accumulate, never round up
    expect(levelProgressForEdge(xpForLevel(10) * 10_000, 10)).toEqual({
      level: 10,
      xp: 2_025,
      level_xp: 2_025,
      next_level_xp: 2_500,
    });
  });

  it('the free-loot allowance is its share (15 %) of the recent expected profit minus what was taken', () => {
    expect(profitCents(1_026 * 10_000)).toBe(1_026);
    expect(freeLootAllowanceCents(3_420 * 10_000, 0)).toBe(513);
    expect(freeLootAllowanceCents(3_426 * 10_000, 0)).toBe(513); // 513.9: rounded down
    expect(freeLootAllowanceCents(3_420 * 10_000 - 1, 0)).toBe(512);
    expect(freeLootAllowanceCents(6_000 * 10_000, 513)).toBe(387);
    expect(freeLootAllowanceCents(0, 513)).toBe(-513);
  });
});
