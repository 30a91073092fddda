// The Bounce story's URL: rows and risk checked, N seeded paths or the given ones (one per ball).
import { describe, expect, it } from 'vitest';
import { plinkoStoryInput } from '../../../src/client/games/plinko/plinko.story.ts';
import { plinkoOutcome } from '../../../src/shared/games/plinko/plinko.outcome.ts';

const input = (query: string) => plinkoStoryInput(new URLSearchParams(query));

describe('plinko story input', () => {
  it('seeds N paths on the board asked for', () => {
    const { rows, risk, paths } = input('rows=12&risk=high&balls=3');
    expect([rows, risk]).toEqual([12, 'high']);
    expect(paths).toEqual(
      [0, 1, 2].map((nonce) => plinkoOutcome({ serverSeed: 'story', clientSeed: 'story', nonce }, 12, 'high').path),
    );
    expect(input('').paths).toHaveLength(10); // 16 rows, medium, 10 balls by default
  });

  it('takes the given paths, one per ball', () => {
    expect(input('rows=8&outcome=llllllll,RRRRRRRR').paths).toEqual(['LLLLLLLL', 'RRRRRRRR']);
  });

  it('refuses what no board can show', () => {
    expect(() => input('rows=7')).toThrow('rows must be');
    expect(() => input('risk=wild')).toThrow('risk must be one of low, medium, high');
    expect(() => input('rows=8&outcome=LLR')).toThrow('one path of 8 L/R per ball');
    expect(() => input('balls=101')).toThrow('balls must be a whole number from 1 to 100');
  });
});
