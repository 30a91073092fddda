// The chain check of /rocket/provably-fair on a small chain made with the shared code.
import { describe, expect, it } from 'vitest';
import { hashChain, crashPoint } from '../../../src/shared/fair/crash.ts';
import { chainDistance, chainDistanceAsync, isGameHash } from '../../../src/client/games/crash/crash-chain.ts';

describe('crash chain check', () => {
  const chain = hashChain('f'.repeat(64), 50); // chain[49] is the terminating hash; game 1 is chain[48]
  const terminating = chain[49]!;

  it('a game hash reaches the terminating hash after its game number of steps', () => {
    expect(chainDistance(chain[48]!, terminating, 100)).toBe(1);
    expect(chainDistance(chain[10]!.toUpperCase(), terminating, 100)).toBe(39);
    expect(chainDistance(terminating, terminating, 100)).toBe(0);
    expect(chainDistance(chain[10]!, terminating, 30)).toBeNull(); // beyond the games played
    expect(chainDistance('0'.repeat(64), terminating, 100)).toBeNull();
  });

  it('the sliced walk agrees and reports progress', async () => {
    const seen: number[] = [];
    expect(await chainDistanceAsync(chain[0]!, terminating, 100, (s) => seen.push(s), 10)).toBe(49);
    expect(seen).toEqual([10, 20, 30, 40]);
  });

  it('validates hashes; the crash point comes from the shared function', () => {
    expect(isGameHash(chain[3]!)).toBe(true);
    expect(isGameHash('xyz')).toBe(false);
    expect(crashPoint(chain[3]!, 'salt')).toBeGreaterThanOrEqual(1);
  });
});
