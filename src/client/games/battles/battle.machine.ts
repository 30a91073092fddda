// The battle machine (root actor `battle`): the battle a page shows — the GET snapshot and the channel
// events merged through the pure, idempotent applyBattleEvent — with its rounds walking the five
// statuses on the engine clock: new (waiting for players) → starting (started, no round's drops yet) →
// pending (a round's drops committed: its reels start on the next engine frame, or the next round's
// drops are awaited) → in_progress (the reels replay that round for the spin's duration) → pending …
// → ended (the last round landed and the battle ended; a canceled or expired battle ends at once with
// `canceled` saying why). Everything is decided from the merged battle against the round the reels
// last landed on (`shown`), so a first snapshot taken during round k lands on round k at once (a late
// joiner), and a duplicated or late event changes nothing. REPLAY walks an ended battle's rounds again.
import { assertEvent, assign, setup } from 'xstate';
import type { Battle, BattleCanceledEvent } from '../../../shared/api/battles.ts';
import type { EngineClock } from '../../engine/clock.ts';
import { applyBattleEvent, lastRound, type BattleEvent } from './battle.state.ts';

/** Engine ms between two rounds of a replay. */
export const REPLAY_PAUSE_MS = 700;

/** What the page plugs in. */
export interface BattleMachineInput {
  clock: EngineClock; // engine time: when a round's reels start
  spinMs: () => number; // engine ms a round's reels spin (the motion mode when it starts)
}

/** Machine context. */
export interface BattleContext {
  input: BattleMachineInput;
  battle: Battle | null; // null until the first snapshot
  log: BattleEvent[]; // every channel event received, in order: a snapshot gets those since its request
  loadedSince: number; // the log length when the snapshot in use was requested (-1: none yet)
  round: number; // the round on the reels (spinning or at rest), -1 before any
  shown: number; // the last round the reels landed on: totals, drops and winners show up to it
  startedAt: number; // engine ms the round on the reels began
  spinMs: number; // its spin in engine ms (0: at rest at once)
  replaying: boolean; // REPLAY is walking the rounds again
  canceled: BattleCanceledEvent['reason'] | null; // why a canceled battle ended
}

/**
 * Events: the channel's (BattleEvent), the GET snapshot (first load or reload: `since` is the log's length
 * when it was requested, see `logLength`; 0 when omitted) and REPLAY.
 */
export type BattleMachineEvent = BattleEvent | { type: 'LOADED'; battle: Battle; since?: number } | { type: 'REPLAY' };

/** How many channel events the actor has received: pass it as LOADED's `since` for a GET sent now. */
export const logLength = (context: Pick<BattleContext, 'log'>): number => context.log.length;

/** The five statuses, in order (the machine's top-level states). */
export const BATTLE_PHASES = ['new', 'starting', 'pending', 'in_progress', 'ended'] as const;
/** One of them. */
export type BattlePhase = (typeof BATTLE_PHASES)[number];

const CHANNEL_EVENTS = [
  'playerJoined',
  'playerLeft',
  'battleStarted',
  'battleRoundStarted',
  'battleRoundEnded',
  'battleEnded',
  'battleCanceled',
] as const satisfies readonly BattleEvent['type'][];

type Ctx = { context: BattleContext };

/** Logs one channel event and merges it (before the first snapshot it only waits in the log). */
function merge({ context, event }: { context: BattleContext; event: BattleMachineEvent }): Partial<BattleContext> {
  assertEvent(event, CHANNEL_EVENTS);
  const log = [...context.log, event];
  if (!context.battle) return { log };
  const battle = applyBattleEvent(context.battle, event);
  const canceled =
    event.type === 'battleCanceled' && battle.status === 'canceled' && context.battle.status !== 'canceled'
      ? event.data.reason
      : context.canceled;
  return { battle, log, canceled };
}

/**
 * Takes a GET snapshot plus every event received since it was requested (the merge is idempotent: an
 * event the snapshot already holds changes nothing), so an event that raced the GET is never lost. An
 * answer to an older request than the snapshot in use is dropped; the first snapshot lands on its round.
 */
function load({ context, event }: { context: BattleContext; event: BattleMachineEvent }): Partial<BattleContext> {
  assertEvent(event, 'LOADED');
  const since = event.since ?? 0;
  if (since < context.loadedSince) return {}; // a slower answer to an older request
  const fresh = context.log.slice(since).reduce(applyBattleEvent, event.battle);
  const canceled = fresh.status === 'canceled' ? (context.canceled ?? 'canceled') : context.canceled;
  const cur = context.battle;
  if (cur && cur.id === fresh.id)
    return { battle: cur.round > fresh.round ? cur : fresh, loadedSince: since, canceled }; // never step back
  return {
    battle: fresh,
    loadedSince: since,
    canceled,
    round: fresh.round,
    shown: fresh.round,
    startedAt: context.input.clock.now,
    spinMs: 0,
    replaying: false,
  };
}

/** The battle machine. */
export const battleMachine = setup({
  types: { context: {} as BattleContext, events: {} as BattleMachineEvent, input: {} as BattleMachineInput },
  guards: {
    closed: ({ context }: Ctx) => context.battle?.status === 'canceled',
    started: ({ context }: Ctx) => context.battle !== null && context.battle.status !== 'waiting',
    committed: ({ context }: Ctx) => (context.battle?.round ?? -1) >= 0,
    queued: ({ context }: Ctx) => (context.battle?.round ?? -1) > context.shown,
    over: ({ context }: Ctx) => context.battle?.status === 'ended' && context.shown >= lastRound(context.battle),
    lastSpun: ({ context }: Ctx) => context.battle?.status === 'ended' && context.round >= lastRound(context.battle),
    replayable: ({ context }: Ctx) => context.battle?.status === 'ended',
  },
  delays: {
    // the next round's reels start on the next engine frame; a replay pauses between rounds
    beat: ({ context }: Ctx) => (context.replaying && context.shown >= 0 ? REPLAY_PAUSE_MS : 0),
    spin: ({ context }: Ctx) => context.spinMs,
  },
  actions: {
    merge: assign(merge),
    load: assign(load),
    spinNext: assign(({ context }) => ({
      round: context.shown + 1,
      startedAt: context.input.clock.now,
      spinMs: context.input.spinMs(),
    })),
    land: assign(({ context }) => ({ shown: context.round })),
    replay: assign({ round: -1, shown: -1, replaying: true }),
    replayed: assign({ replaying: false }),
  },
}).createMachine({
  id: 'battle',
  context: ({ input }) => ({
    input,
    battle: null,
    log: [],
    loadedSince: -1,
    round: -1,
    shown: -1,
    startedAt: 0,
    spinMs: 0,
    replaying: false,
    canceled: null,
  }),
  initial: 'new',
  on: {
    LOADED: { actions: 'load' },
    ...Object.fromEntries(CHANNEL_EVENTS.map((type) => [type, { actions: 'merge' as const }])),
  },
  states: {
    new: {
      tags: ['waiting'],
      always: [
        { guard: 'closed', target: 'ended' },
        { guard: 'started', target: 'starting' },
      ],
    },
    starting: {
      tags: ['running'],
      always: [
        { guard: 'closed', target: 'ended' },
        { guard: 'committed', target: 'pending' },
      ],
    },
    pending: {
      tags: ['running'],
      always: { guard: 'over', target: 'ended' },
      after: { beat: { guard: 'queued', target: 'in_progress' } },
      on: {
        // news may queue a round: wait one beat again from here
        battleRoundStarted: { target: 'pending', reenter: true, actions: 'merge' },
        LOADED: { target: 'pending', reenter: true, actions: 'load' },
      },
    },
    in_progress: {
      tags: ['running', 'spinning'],
      entry: 'spinNext',
      after: {
        spin: [
          { guard: 'lastSpun', target: 'ended', actions: 'land' },
          { target: 'pending', actions: 'land' },
        ],
      },
    },
    ended: {
      tags: ['over'],
      entry: 'replayed',
      on: { REPLAY: { guard: 'replayable', target: 'starting', actions: 'replay' } },
    },
  },
});
