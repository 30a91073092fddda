// The site's countdowns (spec §4): leaderboard (next Thursday 18:00), cashback (21:00 daily in
// CASHBACK_TIME_ZONE) and bonus (end of the local day). Pure: `now` and the zone are inputs.
import { addDays, wallTime, zonedToEpoch } from './zoned.ts';

const THURSDAY = 4;

/** The cashback programme resets at 21:00 on the wall clock of this zone (the operator's office). */
export const CASHBACK_TIME_ZONE = 'Europe/Berlin';
/** Hour of the daily cashback reset in CASHBACK_TIME_ZONE. */
export const CASHBACK_HOUR = 21;
/** Weekday (Thursday) and hour the weekly leaderboard ends, on the player's wall clock. */
export const LEADERBOARD_END = { weekday: THURSDAY, hour: 18 } as const;

/** A duration split for display. */
export interface Parts {
  days: number;
  hours: number; // 0..23
  minutes: number; // 0..59
  seconds: number; // 0..59
}

/** Splits a non-negative duration (ms) into whole days, hours, minutes and seconds (whole seconds, rounded down). */
export function splitDuration(ms: number): Parts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "HH:MM:SS", prefixed with "1 day" or "N days" when the duration is a day or longer. */
export function formatCountdown(ms: number): string {
  const p = splitDuration(ms);
  const clock = `${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`;
  if (p.days === 0) return clock;
  return `${p.days} ${p.days === 1 ? 'day' : 'days'} ${clock}`;
}

/** A countdown reading: the target instant and what remains (ms). */
export interface Countdown {
  target: number; // epoch ms
  remaining: number; // ms, > 0
}

/** The leaderboard reading: the end of the current weekly period and its progress. */
export interface LeaderboardCountdown extends Countdown {
  start: number; // epoch ms, the previous Thursday 18:00
  progress: number; // percent of the period elapsed, 0..100
}

/** The Thursday 18:00 of the week containing the wall date (may lie before or after `now`). */
function thursdayOf(timeZone: string, y: number, m: number, d: number, weekday: number): number {
  const t = addDays(y, m, d, LEADERBOARD_END.weekday - weekday);
  return zonedToEpoch(timeZone, t.year, t.month, t.day, LEADERBOARD_END.hour);
}

/**
 * Countdown to the next Thursday 18:00 on the wall clock of `timeZone`; at or past that time on a
 * Thursday it targets the following week. Progress is the share of the period (previous
 * Thursday 18:00 → target; 7 days, ±1 h across a DST change) already elapsed.
 */
export function leaderboardCountdown(now: number, timeZone: string): LeaderboardCountdown {
  const w = wallTime(now, timeZone);
  let target = thursdayOf(timeZone, w.year, w.month, w.day, w.weekday);
  let start: number;
  if (target <= now) {
    start = target;
    const next = addDays(w.year, w.month, w.day, LEADERBOARD_END.weekday - w.weekday + 7);
    target = zonedToEpoch(timeZone, next.year, next.month, next.day, LEADERBOARD_END.hour);
  } else {
    const prev = addDays(w.year, w.month, w.day, LEADERBOARD_END.weekday - w.weekday - 7);
    start = zonedToEpoch(timeZone, prev.year, prev.month, prev.day, LEADERBOARD_END.hour);
  }
  const progress = Math.min(100, Math.max(0, ((now - start) / (target - start)) * 100));
  return { target, remaining: target - now, start, progress };
}

/** Countdown to the next 21:00 on the wall clock of `timeZone` (default CASHBACK_TIME_ZONE); at 21:00 sharp it targets the next day. */
export function cashbackCountdown(now: number, timeZone: string = CASHBACK_TIME_ZONE): Countdown {
  const w = wallTime(now, timeZone);
  let target = zonedToEpoch(timeZone, w.year, w.month, w.day, CASHBACK_HOUR);
  if (target <= now) {
    const next = addDays(w.year, w.month, w.day, 1);
    target = zonedToEpoch(timeZone, next.year, next.month, next.day, CASHBACK_HOUR);
  }
  return { target, remaining: target - now };
}

/** Countdown to 23:59:59.999 of the current day on the wall clock of `timeZone` (the bonus offer's end). */
export function bonusCountdown(now: number, timeZone: string): Countdown {
  const w = wallTime(now, timeZone);
  const next = addDays(w.year, w.month, w.day, 1);
  const target = zonedToEpoch(timeZone, next.year, next.month, next.day) - 1;
  return { target, remaining: Math.max(0, target - now) };
}

/** The local calendar day of `now` in `timeZone` as "YYYY-MM-DD" (keys "once per day" records). */
export function localDayKey(now: number, timeZone: string): string {
  const w = wallTime(now, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}
