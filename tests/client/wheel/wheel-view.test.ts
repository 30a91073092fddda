// The wheel's one input (wheel.view.ts) over the generic round machine on a simulated engine clock:
// the countdown is engine time (it freezes with the clock), the spin starts where the wheel rests,
// the landing starts from the spin's angle and speed at the `ended` status and ends exactly on the
// server's segment, a late joiner sees the result at rest at once, a landing still travelling when
// the next round arrives ends at once, and the frames depend on engine time only.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EngineClock } from '../../../src/client/engine/clock.ts';
import { roundMachine, type RoundStatus } from '../../../src/client/engine/machines/round.machine.ts';
import { wheelCues, wheelResultOf, wheelViewSource } from '../../../src/client/games/wheel/wheel.view.ts';
import { WHEEL_LAYOUT } from '../../../src/shared/games/wheel/wheel.layout.ts';
import { freeSpinAngle, restAngle, stopOffset, wheelLandScript } from '../../../src/shared/games/wheel/wheel.script.ts';
import { wheelOutcomeFromSegment } from '../../../src/shared/games/wheel/wheel.outcome.ts';

const T0 = 1_700_000_000_000; // the server's epoch ms when the engine clock was at 0
const TRAVEL = wheelLandScript(wheelOutcomeFromSegment(0), 1, 0, 0).travelMs;

function start(won: boolean | null = null) {
  const clock = new EngineClock();
  const round = createActor(roundMachine, { input: { clock }, clock }).start();
  const view = wheelViewSource(() => round.getSnapshot(), { mode: () => 'normal', won: () => won });
  round.subscribe(() => view(clock.now)); // as the page does: the source sees every status
  const game = (id: number, status: RoundStatus, extra: Record<string, unknown> = {}) =>
    round.send({ type: 'GAME', game: { id, status, server_time: T0 + clock.now, ...extra } });
  const ended = (id: number, segment: number) => {
    const { color, multiplier } = wheelOutcomeFromSegment(segment);
    game(id, 'ended', { segment, color, multiplier });
  };
  return { clock, round, view, game, ended };
}

describe('wheel view: the status line', () => {
  it('says connecting before any event, then counts the betting window down on engine time', () => {
    const { clock, view, game } = start();
    expect(view(clock.now)).toMatchObject({ phase: 'connecting', label: 'Connecting…', roundId: null });
    game(7, 'starting', { betting_ends_at: T0 + 10_000 });
    expect(view(clock.now)).toMatchObject({ phase: 'betting', label: 'Bets close in 10.0 s', bettingLeftMs: 10_000 });
    clock.advance(2_650);
    expect(view(clock.now).label).toBe('Bets close in 7.3 s');
  });

  it('freezes the countdown while the engine clock is paused and resumes it after', () => {
    const { clock, view, game } = start();
    game(7, 'starting', { betting_ends_at: T0 + 10_000 });
    clock.advance(1_000);
    clock.pause();
    clock.tick(200); // real frames keep coming: the page's countdown does not move
    clock.tick(200);
    expect(view(clock.now).bettingLeftMs).toBe(9_000);
    clock.step(100); // a tester's step moves it by exactly that much
    expect(view(clock.now).bettingLeftMs).toBe(8_900);
    clock.resume();
    clock.tick(100);
    expect(view(clock.now).label).toBe('Bets close in 8.8 s');
  });

  it('closed, spinning, landing, landed', () => {
    const { clock, view, game, ended } = start();
    game(7, 'pending');
    expect(view(clock.now)).toMatchObject({ phase: 'closed', label: 'Bets closed' });
    game(7, 'in_progress');
    clock.advance(3_000);
    expect(view(clock.now)).toMatchObject({ phase: 'spinning', label: 'Spinning…', result: null, landed: false });
    ended(7, 12);
    expect(view(clock.now)).toMatchObject({ phase: 'landing', label: 'Spinning…', result: null });
    clock.advance(TRAVEL);
    expect(view(clock.now)).toMatchObject({
      phase: 'landed',
      label: `Landed on ${WHEEL_LAYOUT[12]} ×${wheelOutcomeFromSegment(12).multiplier}`,
      result: { id: 7, segment: 12, color: WHEEL_LAYOUT[12] },
    });
  });
});

describe('wheel view: the motion', () => {
  it('spins from rest on engine time and lands from that spin exactly on the segment', () => {
    const { clock, view, game, ended } = start();
    game(7, 'in_progress');
    clock.advance(400);
    expect(view(clock.now).angle).toBeCloseTo(freeSpinAngle(0, 400), 12);
    clock.advance(2_600);
    const atEnd = view(clock.now).angle;
    ended(7, 37);
    expect(view(clock.now).angle).toBeCloseTo(atEnd, 12); // no jump where the landing takes over
    clock.advance(TRAVEL - 1);
    expect(view(clock.now)).toMatchObject({ landed: false, phase: 'landing' });
    clock.advance(1);
    const f = view(clock.now);
    expect(f).toMatchObject({ segment: 37, landed: true, glow: WHEEL_LAYOUT[37], phase: 'landed' });
    expect(((f.angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI)).toBeCloseTo(restAngle(37, stopOffset(7)), 9);
  });

  it('a page that joins after the spin shows the result at rest at once', () => {
    const { clock, view, ended } = start();
    ended(9, 3);
    expect(view(clock.now)).toMatchObject({
      phase: 'landed',
      segment: 3,
      landed: true,
      landing: null,
      angle: restAngle(3, stopOffset(9)),
      result: { id: 9, segment: 3 },
    });
  });

  it('a page that joins mid-spin spins and lands', () => {
    const { clock, view, game, ended } = start();
    game(9, 'in_progress');
    clock.advance(1_000);
    ended(9, 50);
    clock.advance(TRAVEL);
    expect(view(clock.now)).toMatchObject({ segment: 50, landed: true });
  });

  it('the next round ends a landing still travelling, keeps its result until the next spin, spins from there', () => {
    const { clock, view, game, ended } = start();
    game(7, 'in_progress');
    clock.advance(3_000);
    ended(7, 20);
    clock.advance(100);
    view(clock.now); // the landing is under way…
    game(8, 'starting', { betting_ends_at: T0 + clock.now + 10_000 }); // …when the next round opens
    const f = view(clock.now);
    expect(f).toMatchObject({ phase: 'betting', segment: 20, landed: true, result: { id: 7, segment: 20 } });
    game(8, 'in_progress');
    expect(view(clock.now)).toMatchObject({ phase: 'spinning', result: null, angle: f.angle });
  });

  it('draws the same frame at a time however often it was sampled before', () => {
    const a = start();
    const b = start();
    for (const h of [a, b]) {
      h.game(7, 'in_progress');
      h.view(h.clock.now);
    }
    for (let i = 0; i < 200; i++) {
      a.clock.advance(12.5);
      a.view(a.clock.now); // every frame
    }
    b.clock.advance(12.5 * 200); // no frame in between
    a.ended(7, 44);
    b.ended(7, 44);
    a.clock.advance(1_234);
    b.clock.advance(1_234);
    expect(b.view(b.clock.now)).toEqual(a.view(a.clock.now));
  });
});

describe('wheel view: cues and results', () => {
  it('crosses the win cue once, at the landing', () => {
    const { clock, view, game, ended } = start(true);
    game(7, 'in_progress');
    clock.advance(3_000);
    ended(7, 1);
    let prev = view(clock.now);
    const heard: string[] = [];
    for (let t = 0; t < TRAVEL + 1_000; t += 50) {
      clock.advance(50);
      const next = view(clock.now);
      heard.push(...wheelCues(prev, next).map((c) => c.sound));
      prev = next;
    }
    expect(heard).toEqual(['win']);
  });

  it('no bet: no cue', () => {
    const { clock, view, game, ended } = start(null);
    game(7, 'in_progress');
    ended(7, 1);
    const before = view(clock.now);
    clock.advance(TRAVEL);
    expect(wheelCues(before, view(clock.now))).toEqual([]);
  });

  it('reads a result only from an ended event with a segment', () => {
    expect(wheelResultOf({ id: 1, status: 'in_progress', server_time: 0 })).toBeNull();
    expect(wheelResultOf({ id: 1, status: 'ended', server_time: 0 })).toBeNull();
    expect(wheelResultOf({ id: 1, status: 'ended', server_time: 0, segment: 0 })).toEqual({
      id: 1,
      ...wheelOutcomeFromSegment(0),
    });
  });
});
