// Replays a recorded /crash event log into actors on an engine clock: the clock advances to each
// entry's arrival time (`at`, ms since the recording began), then the entry is delivered the way
// the page delivers socket events.
import type { Actor } from 'xstate';
import type { EngineClock } from '../../../src/client/engine/clock.ts';
import type { roundMachine } from '../../../src/client/engine/machines/round.machine.ts';
import { type RoundGameEvent } from '../../../src/client/engine/machines/round.machine.ts';
import { crashBetsEventSchema, crashGameEventSchema, type CrashBetsEvent } from '../../../src/shared/api/rounds.ts';
import full from './logs/full-round.json' with { type: 'json' };
import join from './logs/mid-round-join.json' with { type: 'json' };
import reconnect from './logs/reconnect-missed-ended.json' with { type: 'json' };

/** One recorded delivery. */
export interface LogEntry {
  at: number;
  kind: 'game' | 'bets' | 'connect' | 'disconnect';
  data?: unknown;
}

export const LOGS = {
  full: full as LogEntry[],
  join: join as LogEntry[],
  reconnect: reconnect as LogEntry[],
};

/** Delivers entries with at ≤ `until` (all by default), after `from`; every payload is checked against the contract. */
export function replay(
  log: LogEntry[],
  clock: EngineClock,
  round: Actor<typeof roundMachine>,
  opts: { from?: number; until?: number; onBets?: (e: CrashBetsEvent) => void; onEach?: (e: LogEntry) => void } = {},
): void {
  for (const entry of log) {
    if (entry.at <= (opts.from ?? -1) || entry.at > (opts.until ?? Infinity)) continue;
    clock.advance(entry.at - clock.now);
    if (entry.kind === 'connect') round.send({ type: 'CONNECTED' });
    else if (entry.kind === 'disconnect') round.send({ type: 'DISCONNECTED' });
    else if (entry.kind === 'game')
      round.send({ type: 'GAME', game: crashGameEventSchema.parse(entry.data) as RoundGameEvent });
    else opts.onBets?.(crashBetsEventSchema.parse(entry.data));
    opts.onEach?.(entry);
  }
}
