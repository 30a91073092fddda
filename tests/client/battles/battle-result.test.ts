// A seated player's result of an ended battle, as the server settles it: the FFA winner gets the whole
// value, a team seat its equal share (a bot teammate's share kept by the house), a loser what they paid
// (the creator: their seat and every bot seat); a tie names its tie-break. And the create page's summary.
import { describe, expect, it } from 'vitest';
import type { Battle } from '../../../src/shared/api/battles.ts';
import { playerResult, resultText } from '../../../src/client/games/battles/battle-result.ts';
import { battleSummary, botFillCost } from '../../../src/client/games/battles/battle-picks.ts';
import { battle, drop } from './battle-fixtures.ts';

const BOT = { id: 3, name: 'Owlbert', avatar_url: '/img/avatars/owl.svg' };

/** An ended battle: seat s dropped `prices[s]` dollars in one round; `bots` are bot seats. */
function ended(over: Partial<Battle>, prices: number[], winners: number[], bots: number[] = []): Battle {
  const b = battle({ status: 'ended', round: 0, winners, cost: 2, ...over });
  return {
    ...b,
    seats: b.seats.map((s, i) => ({
      ...s,
      ...(bots.includes(i) ? { user: null, bot: BOT } : {}),
      drops: [drop(0, 10 + i, prices[i]!)],
      total: prices[i]!,
    })),
  };
}

describe('playerResult', () => {
  it('FFA: the winner gets every drop’s value; the creator who lost paid their seat and the bot’s', () => {
    const b = ended({ mode: '1v1' }, [1.25, 3.5], [1], [1]);
    expect(playerResult(b, 1)).toEqual({ won: false, receivedCents: 0, paidCents: 400, tie: false });
    expect(resultText(b, playerResult(b, 1)!)).toBe('You lost $4.00');
    const mine = ended({ mode: '1v1' }, [1.25, 3.5], [0], [1]);
    expect(resultText(mine, playerResult(mine, 1)!)).toBe('You won $4.75');
  });

  it('team modes: an equal share per winning seat, the bot teammate’s to the house', () => {
    // seats 0,1 team 1 (seat 1 a bot), seats 2,3 team 2; value $10.01 over 2 winning seats
    const b = ended({ mode: '2v2' }, [5, 3, 1, 1.01], [0, 1], [1]);
    expect(playerResult(b, 1)).toMatchObject({ won: true, receivedCents: 501 }); // 500 + the remainder cent
    expect(playerResult(b, 3)).toMatchObject({ won: false, paidCents: 200 }); // a joiner pays only their seat
  });

  it('spectators and unfinished battles have none; a tie says how it was decided', () => {
    const b = ended({ mode: '1v1', tie_break: { candidates: [0, 1], roll: 0.73, winner: 1 } }, [2, 2], [1]);
    expect(playerResult(b, 99)).toBeNull();
    expect(playerResult({ ...b, status: 'running', winners: null }, 1)).toBeNull();
    expect(resultText(b, playerResult(b, 1)!)).toBe(
      'Tie — decided by the provably fair tie-break (roll 0.7300 among 2): P2 wins. You lost $2.00',
    );
  });
});

describe('the create summary', () => {
  it('says the mode, rounds, seat cost and options; bots cost the seat price each', () => {
    expect(battleSummary('2v2', 3, 4.5, { crazy: true, terminal: false, private: true })).toBe(
      '2v2 · 3 rounds · $4.50 a seat · Crazy, Private',
    );
    expect(battleSummary('1v1', 1, 0.1, { crazy: false, terminal: false, private: false })).toBe(
      '1v1 · 1 round · $0.10 a seat · no options',
    );
    expect(botFillCost('3v3', 0.35)).toBe(1.75);
  });
});
