// A clock for countdown widgets: the current epoch ms, re-read every second.
import { useEffect, useState } from 'react';

/** Current time (ms), updated every `tickMs` (1 s tick of spec §4). */
export function useNow(tickMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(id);
  }, [tickMs]);
  return now;
}

/** The browser's IANA time zone (the player's local clock). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
