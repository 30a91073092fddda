// Leaderboard timer chip (spec §2): days (only when more than 0), hours, minutes and seconds to
// the end of the weekly leaderboard.
import { splitDuration } from '../../../shared/time/countdown.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Shows a remaining duration as "2d 05h 04m 03s" (the day part only when > 0). */
export function TimerChip({ remaining, label = 'Leaderboard ends in' }: { remaining: number; label?: string }) {
  const p = splitDuration(remaining);
  const units: [string, string][] = [
    ...(p.days > 0 ? ([[String(p.days), 'd']] as [string, string][]) : []),
    [pad(p.hours), 'h'],
    [pad(p.minutes), 'm'],
    [pad(p.seconds), 's'],
  ];
  return (
    <span
      className="timer-chip"
      role="timer"
      aria-label={`${label} ${units.map(([v, u]) => v + u).join(' ')}`}
      data-testid="timer-chip"
    >
      {units.map(([v, u]) => (
        <span key={u} className="timer-unit">
          <b>{v}</b>
          {u}
        </span>
      ))}
    </span>
  );
}
