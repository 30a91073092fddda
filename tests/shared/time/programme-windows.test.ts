// The programmes' periods: cashback windows 21:00–21:00 and leaderboard weeks ending Thursday
// 18:00 on the Europe/Berlin wall clock, across the DST changes (23 h and 25 h days).
import { describe, expect, it } from 'vitest';
import {
  cashbackWindow,
  leaderboardPeriod,
  previousCashbackWindow,
  previousLeaderboardPeriod,
} from '../../../src/shared/time/programme-windows.ts';

const iso = (w: { from: number; to: number }) => [new Date(w.from).toISOString(), new Date(w.to).toISOString()];

describe('programme windows', () => {
  it('cashback: the open window and the one closed last, with the reset instant in its own window', () => {
    const winter = Date.UTC(2026, 0, 15, 12); // 13:00 Berlin
    expect(iso(cashbackWindow(winter))).toEqual(['2026-01-14T20:00:00.000Z', '2026-01-15T20:00:00.000Z']);
    expect(iso(previousCashbackWindow(winter))).toEqual(['2026-01-13T20:00:00.000Z', '2026-01-14T20:00:00.000Z']);
    const reset = Date.UTC(2026, 0, 15, 20);
    expect(iso(cashbackWindow(reset))).toEqual(['2026-01-15T20:00:00.000Z', '2026-01-16T20:00:00.000Z']);
    expect(iso(cashbackWindow(reset - 1))).toEqual(['2026-01-14T20:00:00.000Z', '2026-01-15T20:00:00.000Z']);
  });

  it('cashback windows stay at 21:00 wall time across DST (a 23 h and a 25 h window)', () => {
    const spring = cashbackWindow(Date.UTC(2026, 2, 29, 12)); // 29 March: clocks go forward
    expect(iso(spring)).toEqual(['2026-03-28T20:00:00.000Z', '2026-03-29T19:00:00.000Z']);
    expect(spring.to - spring.from).toBe(23 * 3_600_000);
    const autumn = cashbackWindow(Date.UTC(2026, 9, 25, 12)); // 25 October: clocks go back
    expect(iso(autumn)).toEqual(['2026-10-24T19:00:00.000Z', '2026-10-25T20:00:00.000Z']);
    expect(autumn.to - autumn.from).toBe(25 * 3_600_000);
  });

  it('leaderboard: the week ending Thursday 18:00 Berlin and the week before', () => {
    const wed = Date.UTC(2026, 10, 25, 12);
    expect(iso(leaderboardPeriod(wed))).toEqual(['2026-11-19T17:00:00.000Z', '2026-11-26T17:00:00.000Z']);
    expect(iso(previousLeaderboardPeriod(wed))).toEqual(['2026-11-12T17:00:00.000Z', '2026-11-19T17:00:00.000Z']);
    const end = Date.UTC(2026, 10, 26, 17);
    expect(iso(leaderboardPeriod(end))).toEqual(['2026-11-26T17:00:00.000Z', '2026-12-03T17:00:00.000Z']);
  });
});
