// Countdowns with fixed clocks in pinned time zones, across DST changes and the minute around
// every boundary (spec §4 Leaderboard/Cashback/Bonus countdown).
import { describe, expect, it } from 'vitest';
import {
  bonusCountdown,
  cashbackCountdown,
  formatCountdown,
  leaderboardCountdown,
  localDayKey,
  splitDuration,
} from '../../../src/shared/time/countdown.ts';
import { wallTime, zonedToEpoch, zoneOffset } from '../../../src/shared/time/zoned.ts';

const H = 3_600_000;
const M = 60_000;
const S = 1000;
const utc = (iso: string) => Date.parse(iso);

describe('zoned wall time', () => {
  it('reads the offset of Berlin in winter and summer and of New York', () => {
    expect(zoneOffset(utc('2026-01-15T12:00:00Z'), 'Europe/Berlin')).toBe(1 * H);
    expect(zoneOffset(utc('2026-07-15T12:00:00Z'), 'Europe/Berlin')).toBe(2 * H);
    expect(zoneOffset(utc('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-5 * H);
    expect(zoneOffset(utc('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * H);
  });

  it('maps wall times to instants, skipping the spring gap and taking the first autumn repeat', () => {
    expect(zonedToEpoch('Europe/Berlin', 2026, 3, 29, 1, 30)).toBe(utc('2026-03-29T00:30:00Z'));
    expect(zonedToEpoch('Europe/Berlin', 2026, 3, 29, 2, 30)).toBe(utc('2026-03-29T01:30:00Z')); // 02:30 does not exist → 03:30 CEST
    expect(zonedToEpoch('Europe/Berlin', 2026, 3, 29, 3, 0)).toBe(utc('2026-03-29T01:00:00Z'));
    expect(zonedToEpoch('Europe/Berlin', 2026, 10, 25, 2, 30)).toBe(utc('2026-10-25T00:30:00Z')); // first 02:30 (CEST)
    expect(zonedToEpoch('Europe/Berlin', 2026, 10, 25, 3, 30)).toBe(utc('2026-10-25T02:30:00Z'));
    expect(zonedToEpoch('UTC', 2026, 12, 32)).toBe(utc('2027-01-01T00:00:00Z')); // day overflow
  });

  it('gives the weekday on the zone wall clock, not in UTC', () => {
    // 2026-11-26 is a Thursday; 02:00 UTC is still Wednesday evening in New York.
    expect(wallTime(utc('2026-11-26T02:00:00Z'), 'UTC').weekday).toBe(4);
    expect(wallTime(utc('2026-11-26T02:00:00Z'), 'America/New_York').weekday).toBe(3);
  });
});

describe('formatting', () => {
  it('splits durations rounding down to the whole second', () => {
    expect(splitDuration(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(splitDuration(2 * 86_400_000 + 3 * H + 4 * M + 5 * S)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('prints HH:MM:SS with a "1 day" / "N days" prefix only when a day or longer', () => {
    expect(formatCountdown(59 * S)).toBe('00:00:59');
    expect(formatCountdown(23 * H + 59 * M + 59 * S)).toBe('23:59:59');
    expect(formatCountdown(24 * H)).toBe('1 day 00:00:00');
    expect(formatCountdown(24 * H + 30 * M)).toBe('1 day 00:30:00');
    expect(formatCountdown(3 * 24 * H + 5 * S)).toBe('3 days 00:00:05');
  });
});

describe('leaderboard countdown (next Thursday 18:00)', () => {
  const tz = 'Europe/Berlin';

  it('targets this Thursday 18:00 from earlier in the week, with progress of the 7 days', () => {
    const now = utc('2026-11-23T17:00:00Z'); // Monday 18:00 Berlin
    const c = leaderboardCountdown(now, tz);
    expect(c.target).toBe(utc('2026-11-26T17:00:00Z'));
    expect(c.remaining).toBe(3 * 24 * H);
    expect(c.start).toBe(utc('2026-11-19T17:00:00Z'));
    expect(c.progress).toBeCloseTo((4 / 7) * 100, 10);
  });

  it('in the minute around Thursday 18:00 switches to the following week', () => {
    const end = utc('2026-11-26T17:00:00Z');
    expect(leaderboardCountdown(end - 30 * S, tz).target).toBe(end);
    expect(leaderboardCountdown(end - 1, tz).remaining).toBe(1);
    expect(leaderboardCountdown(end - 1, tz).progress).toBeGreaterThan(99.99);
    const at = leaderboardCountdown(end, tz);
    expect(at.target).toBe(end + 7 * 24 * H);
    expect(at.progress).toBe(0);
    expect(leaderboardCountdown(end + 30 * S, tz).target).toBe(end + 7 * 24 * H);
  });

  it('on a Thursday morning targets the same evening; on Friday the next Thursday', () => {
    expect(leaderboardCountdown(utc('2026-11-26T08:00:00Z'), tz).target).toBe(utc('2026-11-26T17:00:00Z'));
    expect(leaderboardCountdown(utc('2026-11-27T08:00:00Z'), tz).target).toBe(utc('2026-12-03T17:00:00Z'));
    expect(leaderboardCountdown(utc('2026-11-29T22:59:59Z'), tz).target).toBe(utc('2026-12-03T17:00:00Z')); // Sunday 23:59:59
  });

  it('uses the wall clock of the given zone (New York ends at 18:00 New York time)', () => {
    const c = leaderboardCountdown(utc('2026-11-26T22:00:00Z'), 'America/New_York'); // Thu 17:00 NY
    expect(c.target).toBe(utc('2026-11-26T23:00:00Z'));
    expect(c.remaining).toBe(H);
  });

  it('spans 167 hours across the spring change and 169 across the autumn one, still 18:00 local', () => {
    const spring = leaderboardCountdown(utc('2026-03-27T12:00:00Z'), tz); // Friday before 29 March
    expect(spring.target).toBe(utc('2026-04-02T16:00:00Z')); // 18:00 CEST
    expect(spring.target - spring.start).toBe(167 * H);
    const autumn = leaderboardCountdown(utc('2026-10-23T12:00:00Z'), tz);
    expect(autumn.target).toBe(utc('2026-10-29T17:00:00Z')); // 18:00 CET
    expect(autumn.target - autumn.start).toBe(169 * H);
    expect(autumn.progress).toBeGreaterThan(0);
    expect(autumn.progress).toBeLessThan(100);
  });
});

describe('cashback countdown (21:00 daily in Europe/Berlin)', () => {
  it('counts to 21:00 Berlin the same day, then to the next day in the minute around it', () => {
    const reset = utc('2026-11-25T20:00:00Z'); // 21:00 CET
    expect(cashbackCountdown(reset - 2 * H).remaining).toBe(2 * H);
    expect(cashbackCountdown(reset - 30 * S).target).toBe(reset);
    expect(cashbackCountdown(reset - 1).remaining).toBe(1);
    expect(cashbackCountdown(reset).target).toBe(reset + 24 * H);
    expect(cashbackCountdown(reset + 30 * S).remaining).toBe(24 * H - 30 * S);
    expect(formatCountdown(cashbackCountdown(reset + 1).remaining)).toBe('23:59:59');
    expect(formatCountdown(cashbackCountdown(reset - S).remaining)).toBe('00:00:01');
  });

  it('does not depend on the viewer: the same instant gives the same target in any zone', () => {
    const now = utc('2026-07-01T10:00:00Z');
    expect(cashbackCountdown(now).target).toBe(utc('2026-07-01T19:00:00Z')); // 21:00 CEST
  });

  it('has a 23-hour day at the spring change and a 25-hour day (shown with "1 day") at the autumn one', () => {
    const beforeSpring = utc('2026-03-28T20:00:00Z'); // Sat 21:00 CET
    expect(cashbackCountdown(beforeSpring).remaining).toBe(23 * H);
    const beforeAutumn = utc('2026-10-24T19:00:00Z'); // Sat 21:00 CEST
    const c = cashbackCountdown(beforeAutumn);
    expect(c.remaining).toBe(25 * H);
    expect(formatCountdown(c.remaining)).toBe('1 day 01:00:00');
  });
});

describe('bonus countdown (to 23:59:59.999 local)', () => {
  it('ends at the last millisecond of the local day, around midnight', () => {
    const tz = 'America/New_York';
    const midnight = utc('2026-11-26T05:00:00Z'); // 00:00 EST
    expect(bonusCountdown(midnight - M, tz).target).toBe(midnight - 1);
    expect(formatCountdown(bonusCountdown(midnight - M, tz).remaining)).toBe('00:00:59');
    expect(bonusCountdown(midnight - 1, tz).remaining).toBe(0);
    expect(bonusCountdown(midnight, tz).target).toBe(midnight + 24 * H - 1);
    expect(formatCountdown(bonusCountdown(midnight + 30 * S, tz).remaining)).toBe('23:59:29');
  });

  it('counts real time on DST days (23 h and 25 h days)', () => {
    const tz = 'Europe/Berlin';
    expect(bonusCountdown(utc('2026-03-28T23:00:00Z'), tz).remaining).toBe(23 * H - 1); // 29 March 00:00 CET
    expect(bonusCountdown(utc('2026-10-24T22:00:00Z'), tz).remaining).toBe(25 * H - 1); // 25 October 00:00 CEST
  });

  it('keys the local calendar day', () => {
    expect(localDayKey(utc('2026-11-26T04:59:59Z'), 'America/New_York')).toBe('2026-11-25');
    expect(localDayKey(utc('2026-11-26T05:00:00Z'), 'America/New_York')).toBe('2026-11-26');
    expect(localDayKey(utc('2026-11-25T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-26');
  });
});
