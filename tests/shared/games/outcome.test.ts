// One outcome function per game (src/shared/games/<game>/<game>.outcome.ts) and the shared
// verifier built on them: golden vectors of fairness.md, and the verifier agrees with the outcomes.
import { describe, expect, it } from 'vitest';
import { floats, type SeedInput } from '../../../src/shared/fair/index.ts';
import { diceOutcome } from '../../../src/shared/games/dice/dice.outcome.ts';
import { upgradeOutcome } from '../../../src/shared/games/upgrade/upgrade.outcome.ts';
import { boxOutcome } from '../../../src/shared/games/boxes/boxes.outcome.ts';
import { ticketRanges } from '../../../src/shared/games/boxes/boxes.odds.ts';
import { verifyOutcome } from '../../../src/shared/games/verify.ts';

const seeds = (nonce: number): SeedInput => ({ serverSeed: 'a'.repeat(64), clientSeed: 'abc', nonce });

describe('dice outcome', () => {
  it.each([
    // nonce, roll (fairness.md golden vectors: floor(f0 × 10001) / 100)
    [1, 16.44],
    [2, 54.6],
  ])('nonce %s rolls %s', (nonce, roll) => {
    expect(diceOutcome(seeds(nonce))).toEqual({ roll });
    expect(diceOutcome(seeds(nonce)).roll).toBe(Math.floor(floats(seeds(nonce), 1)[0]! * 10001) / 100);
  });

  it.each([
    // nonce, target, direction, win, multiplier
    [1, 50, 'under', true, 1.98],
    [1, 50, 'over', false, 1.98],
    [1, 16.44, 'under', false, 6.0218], // a roll equal to the target loses
    [1, 16.44, 'over', false, 1.1847],
    [2, 54.59, 'over', true, 2.1801],
  ] as const)('nonce %s, %s %s: win %s at ×%s', (nonce, target, direction, win, multiplier) => {
    expect(diceOutcome(seeds(nonce), target, direction)).toMatchObject({ target, direction, win, multiplier });
  });
});

describe('upgrade and box outcomes', () => {
  it('upgrade: roll = f0 × 100, win iff roll < chance', () => {
    const f0 = floats(seeds(1), 1)[0]!;
    expect(upgradeOutcome(seeds(1), 50)).toEqual({ roll: f0 * 100, chance: 50, win: true });
    expect(upgradeOutcome(seeds(1), f0 * 100).win).toBe(false);
  });

  it('box: ticket = floor(f0 × 100000) + 1 and the range that holds it', () => {
    const ticket = Math.floor(floats(seeds(1), 1)[0]! * 100_000) + 1;
    expect(boxOutcome(seeds(1))).toEqual({ ticket });
    const ranges = ticketRanges([ticket - 1, 1, 100_000 - ticket]); // the ticket is exactly range 1
    expect(boxOutcome(seeds(1), ranges)).toEqual({ ticket, index: 1 });
    expect(boxOutcome(seeds(1), ticketRanges([ticket - 1]))).toEqual({ ticket, index: -1 });
  });
});

describe('the shared verifier (CLI and verify pages)', () => {
  it('returns each game’s outcome fields', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const s = seeds(nonce);
      const dice = diceOutcome(s, 40, 'over');
      expect(verifyOutcome({ game: 'dice', seeds: s })).toEqual({ game: 'dice', roll: dice.roll });
      expect(verifyOutcome({ game: 'dice', seeds: s, target: 40, direction: 'over' })).toEqual({
        game: 'dice',
        roll: dice.roll,
        win: dice.win,
        multiplier: dice.multiplier,
      });
      const up = upgradeOutcome(s, 30);
      expect(verifyOutcome({ game: 'upgrade', seeds: s, chance: 30 })).toEqual({
        game: 'upgrade',
        roll: up.roll,
        win: up.win,
      });
      expect(verifyOutcome({ game: 'box', seeds: s })).toEqual({ game: 'box', ...boxOutcome(s) });
    }
  });
});
