// The wheel lands on server time (issue 26 item 4): pages at 60 fps and at 9 fps, one of them far
// behind on the network, draw the same spin and the same landed frame at the same server time —
// socket events reach a page between its frames, so what it saw when is frame- and latency-bound, and
// none of that may show — and the result is on show inside the round's own `ended` phase, before the
// next round opens. A page that joins while the round has ended is at rest on the result at once.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import {
  roundMachine,
  serverNow,
  type RoundGameEvent,
  type RoundStatus,
} from '../../../src/client/engine/machines/round.machine.ts';
import { wheelViewSource, type WheelFrame } from '../../../src/client/games/wheel/wheel.view.ts';
import { wheelOutcomeFromSegment } from '../../../src/shared/games/wheel/wheel.outcome.ts';
import { restAngle, stopOffset, wheelLandScript } from '../../../src/shared/games/wheel/wheel.script.ts';
import { WHEEL_TIMING } from '../../../src/shared/games/wheel/wheel.timing.ts';

const T0 = 1_700_000_000_000; // server epoch ms at the timeline's 0
const TRAVEL = wheelLandScript(wheelOutcomeFromSegment(0), 1, 0, 0).travelMs;
const SEGMENT = 44;
const IN_PROGRESS = WHEEL_TIMING.bettingMs + WHEEL_TIMING.pendingMs; // server ms the spin begins
const ENDED = IN_PROGRESS + WHEEL_TIMING.spinMs; // …and ends
const NEXT = ENDED + WHEEL_TIMING.endedMs; // the next round opens

/** Round 7 as the server sends it (`at`: server ms after T0), with its 1 s in-progress ticks. */
function timeline(): { at: number; game: RoundGameEvent }[] {
  const { color, multiplier } = wheelOutcomeFromSegment(SEGMENT);
  const e = (at: number, game: { id: number; status: RoundStatus; [field: string]: unknown }) => ({
    at,
    game: { ...game, server_time: T0 + at },
  });
  return [
    e(0, { id: 7, status: 'starting', betting_ends_at: T0 + WHEEL_TIMING.bettingMs }),
    e(WHEEL_TIMING.bettingMs, { id: 7, status: 'pending' }),
    ...[0, 1000, 2000].map((t) => e(IN_PROGRESS + t, { id: 7, status: 'in_progress', elapsed: t })),
    e(ENDED, { id: 7, status: 'ended', segment: SEGMENT, color, multiplier, ended_at: T0 + ENDED }),
    e(NEXT, { id: 8, status: 'starting', betting_ends_at: T0 + NEXT + WHEEL_TIMING.bettingMs }),
  ];
}

/** A page at `fps` whose events arrive `latency` ms after they were sent, played up to server ms `until`. */
function page(fps: number, latency: number, until: number) {
  const clock = new EngineClock();
  const round = createActor(roundMachine, { input: { clock }, clock }).start();
  const view = wheelViewSource(() => round.getSnapshot(), { mode: () => 'normal', won: () => null });
  round.subscribe(() => view(clock.now));
  const frame = 1000 / fps;
  const events = timeline().filter((e) => e.at + latency <= until);
  let real = 0; // real ms since T0 at this page
  while (real < until) {
    // events that arrive before the next frame are handled at the engine time of the last one
    while (events.length && events[0]!.at + latency <= real + frame)
      round.send({ type: 'GAME', game: events.shift()!.game });
    clock.tick(frame);
    real += frame;
    view(clock.now);
  }
  /** The frame at server ms `at` (after T0) as this page reckons server time. */
  const atServer = (at: number): WheelFrame => {
    const { context } = round.getSnapshot();
    return view(clock.now + (T0 + at - serverNow(context, clock.now)));
  };
  return { atServer, round };
}

describe('wheel view on server time', () => {
  it('spins and lands the same at 60 fps, at 9 fps and 150 ms behind', () => {
    for (const at of [IN_PROGRESS + 1_500, ENDED + 700, ENDED + TRAVEL / 2, ENDED + TRAVEL + 50]) {
      const fast = page(60, 0, at - 100).atServer(at);
      for (const other of [page(9, 0, at - 100), page(9, 150, at - 100)]) {
        const f = other.atServer(at);
        expect(f.angle).toBeCloseTo(fast.angle, 6);
        expect({ ...f, angle: 0, landing: null }).toEqual({ ...fast, angle: 0, landing: null });
      }
    }
  });

  it('the result shows in the round’s own ended phase at 9 fps, lands exactly on the segment', () => {
    expect(page(9, 150, ENDED + TRAVEL - 200).atServer(ENDED + TRAVEL - 1)).toMatchObject({
      phase: 'landing',
      result: null,
    });
    const p = page(9, 150, NEXT - 200);
    expect(p.round.getSnapshot().hasTag('over')).toBe(true); // the next round has not opened yet
    const landed = p.atServer(ENDED + TRAVEL);
    const { color } = wheelOutcomeFromSegment(SEGMENT);
    expect(landed).toMatchObject({ phase: 'landed', landed: true, glow: color, segment: SEGMENT });
    expect(landed.result).toMatchObject({ id: 7, segment: SEGMENT });
    const mod = ((landed.angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    expect(mod).toBeCloseTo(restAngle(SEGMENT, stopOffset(7)), 9);
  });

  it('a page joining after the end is at rest on the result at once', () => {
    const clock = new EngineClock();
    const round = createActor(roundMachine, { input: { clock }, clock }).start();
    const view = wheelViewSource(() => round.getSnapshot(), { mode: () => 'normal', won: () => null });
    round.subscribe(() => view(clock.now));
    const ended = timeline().find((e) => e.game.status === 'ended')!.game;
    round.send({ type: 'GAME', game: { ...ended, server_time: T0 + ENDED + 1_000 } }); // the connect snapshot
    expect(view(clock.now)).toMatchObject({
      phase: 'landed',
      landed: true,
      landing: null,
      angle: restAngle(SEGMENT, stopOffset(7)),
      result: { id: 7, segment: SEGMENT },
    });
  });
});
