// The players list: snapshot + live bets events, cleared on a new round, sorted by amount; and the
// page's small formatting helpers.
import { describe, expect, it } from 'vitest';
import { NO_PLAYERS, playersReducer, sortedPlayers } from '../../../src/client/games/crash/crash-players.ts';
import { crashBand, crashPageOpen, formatMultiplier, payoutOf } from '../../../src/client/games/crash/crash-format.ts';
import type { CrashBetsEvent } from '../../../src/shared/api/rounds.ts';

const user = (id: number) => ({ id, name: `p${id}`, avatar_url: null });
const ev = (type: CrashBetsEvent['type'], round: number, id: number, amount: number, m: number | null = null) => ({
  type,
  round_id: round,
  bet: { id, user: user(id), amount, auto_cashout: null, multiplier: m, payout: m ? payoutOf(amount, m) : null },
});

describe('players list', () => {
  it('adds bets live, shows cash-outs, sorts by amount and clears on the next round', () => {
    let p = playersReducer(NO_PLAYERS, { type: 'round', roundId: 5 });
    p = playersReducer(p, { type: 'bets', event: ev('placed', 5, 1, 1) });
    p = playersReducer(p, { type: 'bets', event: ev('placed', 5, 2, 10) });
    p = playersReducer(p, { type: 'bets', event: ev('placed', 5, 3, 3) });
    p = playersReducer(p, { type: 'bets', event: ev('cashed_out', 5, 3, 3, 1.5) });
    expect(sortedPlayers(p).map((r) => [r.id, r.state, r.payout])).toEqual([
      [2, 'playing', null],
      [3, 'cashed_out', 4.5],
      [1, 'playing', null],
    ]);
    p = playersReducer(p, { type: 'bets', event: ev('placed', 5, 3, 3) }); // late duplicate
    expect(p.rows.get(3)!.state).toBe('cashed_out');
    p = playersReducer(p, { type: 'bets', event: ev('placed', 4, 9, 1) }); // an older round: ignored
    expect(p.rows.size).toBe(3);
    p = playersReducer(p, { type: 'round', roundId: 6 });
    expect(p).toMatchObject({ roundId: 6 });
    expect(p.rows.size).toBe(0);
  });

  it('a snapshot merges with what the socket already delivered', () => {
    let p = playersReducer(NO_PLAYERS, { type: 'bets', event: ev('cashed_out', 7, 1, 2, 2) });
    const bet = { ...ev('placed', 7, 1, 2).bet, round_id: 7, status: 'active' as const, created_at: '' };
    const other = { ...ev('placed', 7, 4, 5).bet, round_id: 7, status: 'active' as const, created_at: '' };
    p = playersReducer(p, { type: 'snapshot', roundId: 7, bets: [bet, other] });
    expect(sortedPlayers(p).map((r) => [r.id, r.state])).toEqual([
      [4, 'playing'],
      [1, 'cashed_out'],
    ]);
  });
});

describe('crash formatting', () => {
  it('payout floors to the cent; multiplier text; bands include 1.00×; /crash exact match', () => {
    expect(payoutOf(3.33, 1.5)).toBe(4.99);
    expect(payoutOf(0.1, 1.01)).toBe(0.1);
    expect(payoutOf(10, 1.07)).toBe(10.7);
    expect(formatMultiplier(2.349)).toBe('2.34×');
    expect(formatMultiplier(1)).toBe('1.00×');
    expect([1, 1.01, 1.99, 2, 9.99, 10, 100].map(crashBand)).toEqual([
      'bust',
      'low',
      'low',
      'mid',
      'mid',
      'high',
      'moon',
    ]);
    expect(crashPageOpen('/crash')).toBe(true);
    expect(crashPageOpen('/crash/')).toBe(false);
    expect(crashPageOpen('/rocket')).toBe(false);
  });
});
