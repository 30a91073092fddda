// The Crazy Wheel's one input: the round machine's snapshot at an engine time → what the scene and
// the status line show (phase, angle, segment under the pointer, glow, the result the wheel rests
// on, the label). The motion is a function of server time (the round machine's `serverNow`, anchored
// by every event): the spin of the time since the round went in progress (`elapsed` in its events),
// the landing of the time since it ended (`ended_at`) — not of frames, nor of when this page saw a
// status — so at any frame rate and any latency every viewer draws the same angle at the same server
// time, and the result shows inside the round's own `ended` phase. Without those fields (an older
// server) the server time of the event that announced the status stands in. The spin starts where the
// wheel rests; a page that never saw the round in progress (it joined late) shows the result at rest
// at once; a landing still travelling when the next round arrives ends at once. The source must see
// every status (bind it to the actor: `round.subscribe(() => source(clock.now))`).
import { bettingLeft, serverNow, type RoundContext, type RoundGameEvent } from '../../engine/machines/round.machine.ts';
import type { MotionMode } from '../../../shared/games/motion.ts';
import { WHEEL_COLORS, type WheelColor } from '../../../shared/games/wheel/wheel.layout.ts';
import { wheelOutcomeFromSegment } from '../../../shared/games/wheel/wheel.outcome.ts';
import { sampleWheel, type WheelView } from '../../../shared/games/wheel/wheel.sample.ts';
import {
  freeSpinAngle,
  freeSpinSpeed,
  restAngle,
  segmentAt,
  stopOffset,
  wheelLandScript,
  type WheelScript,
} from '../../../shared/games/wheel/wheel.script.ts';

/** A round's result as the wheel shows it. */
export interface WheelResult {
  id: number;
  segment: number;
  color: WheelColor;
  multiplier: number;
}

/** Where the round is, as the wheel shows it. */
export type WheelPhase = 'connecting' | 'waiting' | 'betting' | 'closed' | 'spinning' | 'landing' | 'landed';

/** What the scene draws and the page's status line says at one engine time. */
export interface WheelFrame extends WheelView {
  phase: WheelPhase;
  roundId: number | null; // the round machine's current round
  result: WheelResult | null; // the result the wheel rests on (kept until the next spin)
  label: string; // the status line
  bettingLeftMs: number; // while betting
  landing: { roundId: number; t: number; script: WheelScript } | null; // ms into the current landing
}

/** What the view needs of the round actor's snapshot. */
export interface WheelRoundView {
  context: RoundContext;
  hasTag(tag: string): boolean;
}

/** Choices outside the round: the motion preference and the viewer's win (null: no bet, no cue). */
export interface WheelViewOptions {
  mode(): MotionMode;
  won(result: WheelResult): boolean | null;
}

/** The result carried by an `ended` event, or null while the round runs. */
export function wheelResultOf(data: RoundGameEvent | null): WheelResult | null {
  if (!data || data.status !== 'ended' || typeof data.segment !== 'number') return null;
  const color = WHEEL_COLORS.includes(data.color as WheelColor)
    ? (data.color as WheelColor)
    : wheelOutcomeFromSegment(data.segment).color;
  const multiplier =
    typeof data.multiplier === 'number' ? data.multiplier : wheelOutcomeFromSegment(data.segment).multiplier;
  return { id: data.id, segment: data.segment, color, multiplier };
}

/** The status line of a frame. */
export function wheelLabel(phase: WheelPhase, bettingLeftMs: number, result: WheelResult | null): string {
  if (phase === 'connecting') return 'Connecting…';
  if (phase === 'betting') return `Bets close in ${(bettingLeftMs / 1000).toFixed(1)} s`;
  if (phase === 'closed') return 'Bets closed';
  if (phase === 'spinning' || phase === 'landing') return 'Spinning…';
  if (phase === 'landed' && result) return `Landed on ${result.color} ×${result.multiplier}`;
  return 'Next round…';
}

const AT_REST = { landed: false, glow: null, flash: 0, done: true } as const;

/** Server ms the current status began: the event's own stamp, else when its first event was sent. */
function statusStartedAt(context: RoundContext, stamp: number | null): number {
  return stamp ?? serverNow(context, context.since);
}

/** A view source over a round actor: call it with engine time (calling it twice for one time is harmless). */
export function wheelViewSource(read: () => WheelRoundView, options: WheelViewOptions): (now: number) => WheelFrame {
  let rest = 0; // the angle the wheel rests at
  let result: WheelResult | null = null;
  let spin: { roundId: number; from: number; startedAt: number } | null = null; // startedAt: server ms
  let land: { result: WheelResult; script: WheelScript; startedAt: number } | null = null; // startedAt: server ms

  return (now) => {
    const snap = read();
    const { context } = snap;
    const id = context.roundId;
    const server = serverNow(context, now);
    if (land && land.result.id !== id) {
      // the next round arrived: a landing still travelling ends on its segment now
      rest = land.script.to;
      result = land.result;
      land = null;
    }
    if (spin && spin.roundId !== id) {
      // that round's end never arrived (a reconnect): the wheel stops where it was when the next came
      rest = freeSpinAngle(spin.from, statusStartedAt(context, null) - spin.startedAt);
      spin = null;
    }
    if (snap.hasTag('live') && id !== null && !spin) {
      spin = { roundId: id, from: rest, startedAt: statusStartedAt(context, context.startedAt) };
      result = null; // the last result stays on show until the next spin
    }
    const ended = snap.hasTag('over') ? wheelResultOf(context.data) : null;
    if (ended && land?.result.id !== ended.id && result?.id !== ended.id) {
      if (spin?.roundId === ended.id) {
        const endedAt = statusStartedAt(
          context,
          typeof context.data?.ended_at === 'number' ? context.data.ended_at : null,
        );
        const t = Math.max(0, endedAt - spin.startedAt);
        const from = freeSpinAngle(spin.from, t);
        const script = wheelLandScript(
          wheelOutcomeFromSegment(ended.segment),
          ended.id,
          from,
          freeSpinSpeed(t),
          options.mode(),
          options.won(ended),
        );
        land = { result: ended, script, startedAt: endedAt };
      } else {
        rest = restAngle(ended.segment, stopOffset(ended.id)); // joined after the spin: at rest at once
        result = ended;
      }
      spin = null;
    }

    let view: WheelView;
    let landing: WheelFrame['landing'] = null;
    if (land) {
      const t = Math.max(0, server - land.startedAt);
      view = sampleWheel(land.script, t);
      landing = { roundId: land.result.id, t, script: land.script };
      if (view.landed) result = land.result;
    } else if (spin) {
      const angle = freeSpinAngle(spin.from, server - spin.startedAt);
      view = { ...AT_REST, angle, segment: segmentAt(angle), done: false };
    } else view = { ...AT_REST, angle: rest, segment: segmentAt(rest), landed: !!result, glow: result?.color ?? null };

    const phase: WheelPhase =
      id === null
        ? 'connecting'
        : snap.hasTag('betting')
          ? 'betting'
          : snap.hasTag('closed')
            ? 'closed'
            : spin
              ? 'spinning'
              : land && !view.landed
                ? 'landing'
                : snap.hasTag('over')
                  ? 'landed'
                  : 'waiting';
    const left = phase === 'betting' ? bettingLeft(context, now) : 0;
    return {
      ...view,
      phase,
      roundId: id,
      result,
      label: wheelLabel(phase, left, result),
      bettingLeftMs: left,
      landing,
    };
  };
}

/** The sound cues a landing crosses between two frames (none across rounds or before a landing). */
export function wheelCues(prev: WheelFrame | null, next: WheelFrame): WheelScript['cues'] {
  const l = next.landing;
  if (!l) return [];
  const from = prev?.landing?.roundId === l.roundId ? prev.landing.t : -1;
  return l.script.cues.filter((c) => c.t > from && c.t <= l.t);
}
