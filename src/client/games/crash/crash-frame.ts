// Turns the round machine's state at an engine time into the scene's CrashFrame. Within a round
// the elapsed time never goes back (a tick that re-anchors slightly behind the interpolation holds
// the curve still instead of rewinding it), and the countdown bar's full length is the longest
// window seen in that round. It reads the round's tags (betting, live), never its state names.
// The graph's cash-out markers come from the players list: one per cash-out of the round, at the
// point of the curve where it was taken, shown once the curve has reached it.
import type { RoundContext } from '../../engine/machines/round.machine.ts';
import { bettingLeft, roundElapsed } from '../../engine/machines/round.machine.ts';
import type { CrashFrame } from '../../../shared/games/crash/crash.sample.ts';
import { crashMsFor } from '../../../shared/games/crash/crash.curve.ts';
import type { Players } from './crash-players.ts';

/** The betting window the bar assumes until the server's countdown says otherwise, ms. */
export const DEFAULT_BETTING_MS = 5_000;

/** What a frame needs from the round actor's snapshot. */
export interface RoundView {
  context: RoundContext;
  hasTag(tag: string): boolean;
}

/** A frame source over a round actor: call it with engine time. */
export function frameSource(read: () => RoundView): (now: number) => CrashFrame {
  let round: number | null = null;
  let maxElapsed = 0;
  let total = DEFAULT_BETTING_MS;
  return (now) => {
    const snap = read();
    const { context } = snap;
    if (context.roundId !== round) {
      round = context.roundId;
      maxElapsed = 0;
      total = DEFAULT_BETTING_MS;
    }
    const status = context.data?.status ?? 'new';
    const left = snap.hasTag('betting') ? bettingLeft(context, now) : 0;
    total = Math.max(total, left);
    if (snap.hasTag('live')) maxElapsed = Math.max(maxElapsed, roundElapsed(context, now));
    const crash = context.data?.crash_point;
    return {
      status,
      roundId: context.roundId,
      elapsedMs: maxElapsed,
      bettingLeftMs: left,
      bettingTotalMs: total,
      crashPoint: status === 'ended' && typeof crash === 'number' ? crash : null,
      sinceStatusMs: Math.max(0, now - context.since),
    };
  };
}

/** A player's cash-out on the graph: who, at which multiplier, and when on the curve (ms into the round). */
export interface CashOutMarker {
  betId: number;
  name: string;
  multiplier: number;
  atMs: number;
}

/** Markers drawn at most (the earliest on the curve; past that the dots would cover the curve). */
export const MAX_MARKERS = 40;

/** The cash-outs of `players`' round `roundId` as markers, in curve order (none for another round). */
export function cashOutMarkers(players: Players, roundId: number | null): CashOutMarker[] {
  if (roundId === null || players.roundId !== roundId) return [];
  const out: CashOutMarker[] = [];
  for (const row of players.rows.values())
    if (row.state === 'cashed_out' && row.multiplier !== null)
      out.push({ betId: row.id, name: row.user.name, multiplier: row.multiplier, atMs: crashMsFor(row.multiplier) });
  return out.sort((a, b) => a.atMs - b.atMs || a.betId - b.betId).slice(0, MAX_MARKERS);
}

/** The markers a frame shows: those the curve has reached by `elapsedMs`. */
export function reachedMarkers(markers: readonly CashOutMarker[], elapsedMs: number): CashOutMarker[] {
  return markers.filter((m) => m.atMs <= elapsedMs);
}
