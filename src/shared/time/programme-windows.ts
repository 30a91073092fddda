// The periods the programmes pay by: the weekly leaderboard (ends Thursday 18:00) and the daily
// cashback windows (reset 21:00), both on the wall clock of PROGRAMME_TIME_ZONE. Pure: `now` is an input.
import { CASHBACK_TIME_ZONE, cashbackCountdown, leaderboardCountdown } from './countdown.ts';

/** The zone both programmes count in (the operator's office, as the cashback countdown). */
export const PROGRAMME_TIME_ZONE = CASHBACK_TIME_ZONE;

/** A half-open interval [from, to) of epoch ms. */
export interface Window {
  from: number; // epoch ms, inclusive
  to: number; // epoch ms, exclusive
}

/** The leaderboard week containing `now`: [previous Thursday 18:00, next Thursday 18:00). */
export function leaderboardPeriod(now: number, timeZone: string = PROGRAMME_TIME_ZONE): Window {
  const c = leaderboardCountdown(now, timeZone);
  return { from: c.start, to: c.target };
}

/** The leaderboard week that ended last (the one before the week containing `now`). */
export function previousLeaderboardPeriod(now: number, timeZone: string = PROGRAMME_TIME_ZONE): Window {
  return leaderboardPeriod(leaderboardPeriod(now, timeZone).from - 1, timeZone);
}

/** The cashback window containing `now`: [the last 21:00 at or before now, the next 21:00). */
export function cashbackWindow(now: number, timeZone: string = PROGRAMME_TIME_ZONE): Window {
  const to = cashbackCountdown(now, timeZone).target;
  // resets are 23–25 h apart: start 25 h back and walk forward to the last reset at or before now
  let from = cashbackCountdown(now - 25 * 3_600_000, timeZone).target;
  for (
    let next = cashbackCountdown(from, timeZone).target;
    next <= now;
    next = cashbackCountdown(from, timeZone).target
  )
    from = next;
  return { from, to };
}

/** The cashback window that closed last (claimable until the open one closes). */
export function previousCashbackWindow(now: number, timeZone: string = PROGRAMME_TIME_ZONE): Window {
  return cashbackWindow(cashbackWindow(now, timeZone).from - 1, timeZone);
}
