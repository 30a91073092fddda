// Turns the round machine's state at an engine time into the scene's CrashFrame. Within a round
// the elapsed time never goes back (a tick that re-anchors slightly behind the interpolation holds
// the curve still instead of rewinding it), and the countdown bar's full length is the longest
// window seen in that round. It reads the round's tags (betting, live), never its state names.
import type { RoundContext } from '../../engine/machines/round.machine.ts';
import { bettingLeft, roundElapsed } from '../../engine/machines/round.machine.ts';
import type { CrashFrame } from '../../../shared/games/crash/crash.sample.ts';

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
