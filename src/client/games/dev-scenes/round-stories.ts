// The round games' stories for /dev/scenes: Rocket at any crash point and moment, the Crazy Wheel
// at any segment. Each runs the real round machine on the story's engine clock and feeds it the
// `game` events a server would send (server time = engine time), on clock timers — so the scene
// draws through the same view source as the game page, the inspector panel shows the round actor,
// and pause, step, speed and skip apply. Joining at a later status (`status`, or Rocket's `t`)
// plays what a late joiner sees.
import { createActor, type Actor } from 'xstate';
import type { EngineClock } from '../../engine/clock.ts';
import { roundMachine, ROUND_STATUSES, type RoundStatus } from '../../engine/machines/round.machine.ts';
import type { MotionMode } from '../../../shared/games/motion.ts';
import { crashTimeOf, EXPLOSION_MS } from '../../../shared/games/crash/crash.sample.ts';
import { WHEEL_LAYOUT, WHEEL_SEGMENT_COUNT } from '../../../shared/games/wheel/wheel.layout.ts';
import { wheelOutcomeFromSegment } from '../../../shared/games/wheel/wheel.outcome.ts';
import { wheelLandScript } from '../../../shared/games/wheel/wheel.script.ts';
import { CrashScene } from '../crash/crash.scene.ts';
import { frameSource } from '../crash/crash-frame.ts';
import { WheelScene } from '../wheel/wheel.scene.ts';
import { wheelViewSource } from '../wheel/wheel.view.ts';
import type { SceneStory } from './scene-story.ts';

/** The story round's betting window and bets-closed pause, engine ms (shorter than the server's). */
export const STORY_BETTING_MS = 3_000;
export const STORY_PENDING_MS = 600;
/** The wheel's spin before it lands, engine ms (the server's). */
export const STORY_SPIN_MS = 3_000;

type Round = Actor<typeof roundMachine>;
type Step = { status: RoundStatus; at: number; extra?: Record<string, unknown> };

function numberParam(params: URLSearchParams, names: string[], fallback: number, min: number, max: number): number {
  const name = names.find((n) => (params.get(n) ?? '').trim() !== '');
  if (!name) return fallback;
  const v = Number(params.get(name));
  if (!Number.isFinite(v) || v < min || v > max) throw new Error(`${names[0]} must be a number from ${min} to ${max}`);
  return v;
}

function joinStatus(params: URLSearchParams): Exclude<RoundStatus, 'new'> {
  const s = params.get('status') ?? 'starting';
  if (s === 'new' || !(ROUND_STATUSES as readonly string[]).includes(s))
    throw new Error('status must be starting, pending, in_progress or ended');
  return s as Exclude<RoundStatus, 'new'>;
}

/** A round actor on the story clock and a player of server rounds into it; returns the play function. */
function roundPlayer(clock: EngineClock, round: Round, steps: (now: number) => Step[]) {
  let id = 0;
  return (now: number): number => {
    const roundId = ++id; // each replay is a newer round: the machine drops the older one's late events
    const list = steps(now);
    for (const step of list) {
      const send = () =>
        round.send({
          type: 'GAME',
          game: { id: roundId, status: step.status, server_time: clock.now, ...step.extra },
        });
      if (step.at <= now) send();
      else clock.setTimeout(send, step.at - now);
    }
    return list.at(-1)!.at - now;
  };
}

/** The statuses from `join` on: starting at `now`, bets closed, running for `runMs`, ended. */
function schedule(
  now: number,
  join: Exclude<RoundStatus, 'new'>,
  runMs: number,
  inProgress: Record<string, unknown>,
  ended: Record<string, unknown>,
): Step[] {
  const order = ['starting', 'pending', 'in_progress', 'ended'] as const;
  const length = { starting: STORY_BETTING_MS, pending: STORY_PENDING_MS, in_progress: runMs, ended: 0 };
  const steps: Step[] = [];
  let at = now;
  for (const status of order.slice(order.indexOf(join))) {
    const extra =
      status === 'starting' ? { betting_ends_at: at + STORY_BETTING_MS } : status === 'in_progress' ? inProgress : {};
    steps.push({ status, at, extra: status === 'ended' ? ended : extra });
    at += length[status];
  }
  return steps;
}

function startRound(clock: EngineClock): Round {
  const round = createActor(roundMachine, { input: { clock }, clock }).start();
  round.send({ type: 'CONNECTED' });
  return round;
}

/**
 * rocket: `crash` (or outcome) = the crash point (1–1000, 2 decimals); `t` = ms into the flight to
 * join at (a late joiner in progress), else `status` = where the round is when the story joins.
 */
export function crashStory(params: URLSearchParams, clock: EngineClock): SceneStory {
  const crash = Math.round(numberParam(params, ['crash', 'outcome'], 2.37, 1, 1000) * 100) / 100;
  const flightMs = Math.ceil(crashTimeOf(crash));
  const t = params.has('t') ? numberParam(params, ['t'], 0, 0, Math.max(0, flightMs - 1)) : null;
  const join = t !== null ? 'in_progress' : joinStatus(params);
  const round = startRound(clock);
  const scene = new CrashScene();
  scene.muted = params.has('muted');
  scene.source = frameSource(() => round.getSnapshot());
  const play = roundPlayer(clock, round, (now) =>
    schedule(now, join, flightMs - (t ?? 0), { elapsed: t ?? 0 }, { crash_point: crash }),
  );
  return {
    name: 'crash',
    scene,
    outcome: { crash, join, t },
    actors: { round },
    play: (now) => play(now) + EXPLOSION_MS,
    view: () => scene.lastView,
    reached: () => {
      const v = scene.lastView;
      return round.getSnapshot().hasTag('over') && v?.phase === 'crashed' && v.multiplier === crash;
    },
  };
}

/** wheel: `segment` (or outcome) = where it lands (0–53); `status` = where the round is when the story joins; `mode`. */
export function wheelStory(params: URLSearchParams, clock: EngineClock, motion: MotionMode): SceneStory {
  const segment = numberParam(params, ['segment', 'outcome'], 17, 0, WHEEL_SEGMENT_COUNT - 1);
  if (!Number.isInteger(segment))
    throw new Error(`segment must be a whole number from 0 to ${WHEEL_SEGMENT_COUNT - 1}`);
  const outcome = wheelOutcomeFromSegment(segment);
  const join = joinStatus(params);
  const round = startRound(clock);
  const scene = new WheelScene();
  scene.muted = params.has('muted');
  scene.setLayout(WHEEL_LAYOUT);
  const source = wheelViewSource(() => round.getSnapshot(), { mode: () => motion, won: () => null });
  scene.source = source;
  round.subscribe(() => source(clock.now)); // the source sees every status, even several in one skip
  const landMs = wheelLandScript(outcome, 0, 0, 0, motion).durationMs;
  const play = roundPlayer(clock, round, (now) => schedule(now, join, STORY_SPIN_MS, {}, { ...outcome }));
  return {
    name: 'wheel',
    scene,
    outcome: { ...outcome, join },
    actors: { round },
    play: (now) => play(now) + (join === 'ended' ? 0 : landMs),
    view: () => scene.lastView,
    reached: () => {
      const v = scene.lastView;
      return v.phase === 'landed' && v.landed && v.segment === segment && v.result?.segment === segment;
    },
  };
}
