// The battle page's merge of GET /api/battles/{id} and the channel events, and what it shows.
import { describe, expect, it } from 'vitest';
import {
  applyBattleEvent,
  dropsTotal,
  mySeat,
  shownTotal,
  showWinners,
  teamTotals,
  type BattleEvent,
} from '../../../src/client/games/battles/battle.state.ts';
import { battle, drop } from './battle-fixtures.ts';

const roundStarted = (round: number, items: [number, number][]): BattleEvent => ({
  type: 'battleRoundStarted',
  data: { id: 7, round, drops: items.map(([id, price], seat) => ({ ...drop(round, id, price), seat })) },
});

describe('applyBattleEvent', () => {
  it('fills seats on playerJoined and starts on battleStarted with the public seed', () => {
    let b = battle({}, [1]);
    b = applyBattleEvent(b, {
      type: 'playerJoined',
      data: {
        id: 7,
        seats: [{ seat: 1, team: 1, client_seed: 'c1', user: null, bot: { id: 3, name: 'Bot', avatar_url: '/a.png' } }],
        seats_filled: 2,
        seats_total: 2,
      },
    });
    expect(b.seats[1]!.bot?.name).toBe('Bot');
    b = applyBattleEvent(b, {
      type: 'battleStarted',
      data: { id: 7, public_seed: 'ps', seats: [], started_at: '2026-11-26T10:00:01.000Z', round_ms: 4500 },
    });
    expect(b.status).toBe('running');
    expect(b.public_seed).toBe('ps');
  });

  it('reveals a round once (a repeated event or one already in the snapshot changes nothing)', () => {
    let b = applyBattleEvent(
      battle({ status: 'running' }),
      roundStarted(0, [
        [10, 1.25],
        [11, 0.1],
      ]),
    );
    expect(b.round).toBe(0);
    expect(b.seats.map((s) => s.total)).toEqual([1.25, 0.1]);
    const again = applyBattleEvent(
      b,
      roundStarted(0, [
        [10, 1.25],
        [11, 0.1],
      ]),
    );
    expect(again.seats.map((s) => s.drops.length)).toEqual([1, 1]);
    b = applyBattleEvent(
      b,
      roundStarted(1, [
        [12, 0.2],
        [13, 0.7],
      ]),
    );
    expect(b.seats.map((s) => s.total)).toEqual([1.45, 0.8]);
    expect(b.round).toBe(1);
  });

  it('ends with winners and the revealed seed; a late cancel does not undo the end; other battles are ignored', () => {
    let b = battle({ status: 'running', round: 2 });
    b = applyBattleEvent(b, {
      type: 'battleEnded',
      data: { id: 7, winners: [1], totals: [1, 2], server_seed: 's', tie_break: null },
    });
    expect([b.status, b.winners, b.server_seed]).toEqual(['ended', [1], 's']);
    expect(applyBattleEvent(b, { type: 'battleCanceled', data: { id: 7, reason: 'canceled' } }).status).toBe('ended');
    expect(applyBattleEvent(battle(), { type: 'battleCanceled', data: { id: 8, reason: 'expired' } }).status).toBe(
      'waiting',
    );
    expect(applyBattleEvent(battle(), { type: 'battleCanceled', data: { id: 7, reason: 'expired' } }).status).toBe(
      'canceled',
    );
  });
});

describe('playerLeft', () => {
  const left = (seat: number, user_id: number): BattleEvent => ({
    type: 'playerLeft',
    data: { id: 7, seat, user_id, seats_filled: 2, seats_total: 3 },
  });

  it('opens the seat of the player who left a waiting battle, once', () => {
    const b = battle({ mode: '1v1v1' });
    const after = applyBattleEvent(b, left(1, 2));
    expect(after.seats[1]).toMatchObject({ user: null, bot: null, client_seed: null, drops: [], total: 0 });
    expect(after.seats.map((s) => s.user?.id ?? null)).toEqual([1, null, 3]);
    expect(applyBattleEvent(after, left(1, 2))).toEqual(after);
  });

  it('never clears the seat of a later occupant, nor a battle that started', () => {
    const b = battle({ mode: '1v1v1' });
    expect(applyBattleEvent(b, left(1, 99))).toBe(b); // the seat is someone else's now
    const running = battle({ mode: '1v1v1', status: 'running' });
    expect(applyBattleEvent(running, left(1, 2))).toBe(running);
  });
});

describe('what the page shows', () => {
  const played = [0, 1, 2].reduce(
    (b, r) =>
      applyBattleEvent(
        b,
        roundStarted(r, [
          [1, 0.1 * (r + 1)],
          [2, 0.33],
        ]),
      ),
    battle({ status: 'running' }),
  );

  it('totals only up to the round the reels landed on, exact to the cent', () => {
    expect(shownTotal(played.seats[0]!, -1)).toBe(0);
    expect(shownTotal(played.seats[0]!, 1)).toBe(0.3);
    expect(shownTotal(played.seats[0]!, 2)).toBe(0.6);
    expect(dropsTotal(played.seats[1]!.drops)).toBe(0.99);
  });

  it('winners only once ended and the last round has landed', () => {
    const ended = { ...played, status: 'ended' as const, winners: [1] };
    expect(showWinners(played, 2)).toBe(false);
    expect(showWinners(ended, 1)).toBe(false);
    expect(showWinners(ended, 2)).toBe(true);
  });

  it('adds team totals in team modes and finds my seat', () => {
    let b = battle({ mode: '2v2', status: 'running' });
    b = applyBattleEvent(b, {
      type: 'battleRoundStarted',
      data: { id: 7, round: 0, drops: [0.1, 0.2, 1, 0.05].map((p, seat) => ({ ...drop(0, seat + 1, p), seat })) },
    });
    expect(teamTotals(b, 0)).toEqual([0.3, 1.05]);
    expect(mySeat(b, 3)?.seat).toBe(2);
    expect(mySeat(b, 99)).toBeNull();
  });
});
