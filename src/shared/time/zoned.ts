// Wall-clock arithmetic in an IANA time zone with Intl only (pure: the instant is a parameter).
// Used by the countdowns; DST gaps and overlaps are resolved like a wall clock does.

/** Calendar fields of an instant as a wall clock in some zone shows them. */
export interface WallTime {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
  hour: number; // 0..23
  minute: number;
  second: number;
  millisecond: number;
  weekday: number; // 0 = Sunday .. 6 = Saturday
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall time of `epochMs` in `timeZone`. */
export function wallTime(epochMs: number, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(epochMs)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: ((epochMs % 1000) + 1000) % 1000,
    weekday: weekdays.indexOf(parts.weekday ?? ''),
  };
}

/** Offset of `timeZone` from UTC at `epochMs`, in ms (Berlin in winter: +3_600_000). */
export function zoneOffset(epochMs: number, timeZone: string): number {
  const w = wallTime(epochMs, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond) - epochMs;
}

/**
 * The instant a wall clock in `timeZone` shows the given fields (day may overflow, as in Date.UTC).
 * A time skipped by a spring-forward change moves forward by the gap (02:30 → 03:30); a repeated
 * autumn time maps to its first occurrence.
 */
export function zonedToEpoch(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
): number {
  const naive = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const before = naive - zoneOffset(naive - 86_400_000, timeZone); // offset a day earlier
  const after = naive - zoneOffset(naive + 86_400_000, timeZone); // offset a day later
  const candidates = [before, after].filter((t) => t + zoneOffset(t, timeZone) === naive).sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0]!;
  // In a gap: the wall clock jumps over `naive`; keep the wall-time distance from the gap start.
  return Math.max(before, after);
}

/** The calendar date `days` after the given one (days may be negative). */
export function addDays(
  year: number,
  month: number,
  day: number,
  days: number,
): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
