// Rocket's pure parts: the crash point formula (vectors computed here with node:crypto, apart from
// the shared code's @noble/hashes), walking the chain, and the multiplier curve with its inverse
// at every cent boundary.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crashPoint, hashChain } from '../../../src/shared/fair/crash.ts';
import { earlierGameHashes, gamesBeforeTerminating } from '../../../src/shared/games/crash/crash.chain.ts';
import {
  crashCentsAt,
  crashFlooredAt,
  crashMsFor,
  crashMsForCents,
  crashMultiplierAt,
} from '../../../src/shared/games/crash/crash.curve.ts';

/** fairness.md's formula, written out again with node:crypto. */
function reference(hash: string, salt: string): number {
  const int = parseInt(createHmac('sha256', hash).update(salt).digest('hex').slice(0, 8), 16);
  return Math.floor(Math.max(1, (2 ** 32 / (int + 1)) * 0.99) * 100) / 100;
}

describe('crash point', () => {
  it('matches the formula on fixed vectors and along a chain', () => {
    expect(crashPoint('a'.repeat(64), 'abc')).toBe(reference('a'.repeat(64), 'abc'));
    const chain = hashChain('0'.repeat(64), 500);
    for (const h of chain) expect(crashPoint(h, 'salt')).toBe(reference(h, 'salt'));
    expect(new Set(chain.map((h) => crashPoint(h, 'salt'))).size).toBeGreaterThan(200);
    expect(chain.some((h) => crashPoint(h, 'salt') === 1)).toBe(true); // 1.00× busts happen (~1 %)
  });
});

describe('chain walking', () => {
  const seed = 'f'.repeat(64);
  const chain = hashChain(seed, 50); // h0 … h49; the terminating hash is h49, game g plays h[49 − g]

  it('SHA-256 of a game hash is the game before it', () => {
    expect(earlierGameHashes(chain[10]!, 5)).toEqual([chain[11], chain[12], chain[13], chain[14], chain[15]]);
    expect(createHash('sha256').update(chain[0]!).digest('hex')).toBe(chain[1]);
    expect(earlierGameHashes(chain[10]!.toUpperCase(), 1)).toEqual([chain[11]]);
  });

  it('finds how far a game is from the published end, or null', () => {
    expect(gamesBeforeTerminating(chain[48]!, chain[49]!, 10)).toBe(0); // game 1
    expect(gamesBeforeTerminating(chain[39]!, chain[49]!, 10)).toBe(9); // game 10
    expect(gamesBeforeTerminating(chain[38]!, chain[49]!, 10)).toBeNull(); // beyond the limit
    expect(gamesBeforeTerminating('b'.repeat(64), chain[49]!, 100)).toBeNull();
  });
});

describe('multiplier curve', () => {
  it('m(t) = e^(0.00006 t): 1.00× at 0, 2× at ~11.55 s, 10× at ~38.4 s', () => {
    expect(crashFlooredAt(0)).toBe(1);
    expect(crashMultiplierAt(11_552)).toBeLessThan(2);
    expect(crashMultiplierAt(11_553)).toBeGreaterThan(2);
    expect(crashMsFor(2)).toBe(11_553);
    expect(crashMsFor(10)).toBe(38_377); // ln 10 / 0.00006 = 38,376.2
    expect(crashMsFor(1)).toBe(0);
  });

  it('the inverse is the first ms of every cent from 1.01× to 100.00×', () => {
    let previous = 0;
    for (let cents = 101; cents <= 10_000; cents++) {
      const ms = crashMsForCents(cents);
      expect(crashCentsAt(ms)).toBeGreaterThanOrEqual(cents);
      expect(crashCentsAt(ms - 1)).toBeLessThan(cents);
      expect(ms).toBeGreaterThanOrEqual(previous);
      previous = ms;
    }
  });

  it('floors to the cent', () => {
    const ms = crashMsForCents(157);
    expect(crashFlooredAt(ms)).toBe(1.57);
    expect(crashFlooredAt(ms - 1)).toBe(1.56);
  });
});
