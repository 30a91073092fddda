// The instant-bet machine for dice, upgrade, the box reel and each Bounce drop. Its top-level states
// are the bet statuses, in order:
//   new         ready: no bet yet (or the last one failed, its text in `error`)
//   starting    the server call is in flight
//   pending     the server's outcome is received and committed (result, script, startedAt set);
//               it moves on at the engine clock's next advance, so a paused clock holds it here
//   in_progress the scene replays the outcome from `startedAt` for `durationMs` engine ms
//   ended       shown, balance released; BET / AUTO_START / AUTO_NEXT start the next bet
// An error in `starting` returns to `new` with its text. SKIP (pending, in_progress) jumps the
// engine clock to the end of the replay.
// Tags — what UIs read, never state names: `ready` (new, ended), `busy` (starting, pending,
// in_progress; the session busy flag is held over the same span) and `replaying` (in_progress).
// Auto-bet runs as a child actor (`auto`). A machine spawned as a child (input `child: true`, a
// Bounce drop) tells its parent BET_REPLAYING, BET_ENDED and BET_FAILED.
import { assertEvent, assign, enqueueActions, fromPromise, sendTo, setup, spawnChild } from 'xstate';
import type { EngineClock } from '../clock.ts';
import { autoBetMachine, type AutoConfig } from './auto-bet.machine.ts';

/** The statuses, in order. */
export const BET_STATUSES = ['new', 'starting', 'pending', 'in_progress', 'ended'] as const;
/** One of them. */
export type BetStatus = (typeof BET_STATUSES)[number];

/** What a game plugs into the machine. */
export interface InstantBetInput<P extends { amount: number }, R extends { win: boolean; payout: number }> {
  clock: EngineClock; // engine time: the machine's delays run on it
  placeBet: (params: P) => Promise<R>; // the server call (and the script computed from its answer)
  durationOf: (result: R) => number; // engine ms the result's replay lasts
  setBusy?: (busy: boolean) => void; // session busy flag
  errorText?: (error: unknown) => string;
  child?: boolean; // spawned by a parent that hears its statuses (BET_REPLAYING, BET_ENDED, BET_FAILED)
}

/** Machine context. */
export interface InstantBetContext<P, R> {
  input: InstantBetInput<P & { amount: number }, R & { win: boolean; payout: number }>;
  params: P | null; // the bet's parameters
  result: R | null; // the committed result (null from BET until the server answered)
  error: string | null; // text of the last failure
  startedAt: number; // engine ms the replay starts (the outcome's commit time)
  durationMs: number; // replay length, engine ms
  autoReason: string | null; // why auto-bet last stopped
  autoOn: boolean; // the auto-bet child is running
}

/** Events the machine accepts. */
export type InstantBetEvent<P> =
  | { type: 'BET'; params: P }
  | { type: 'SKIP' }
  | { type: 'AUTO_START'; params: P; config: AutoConfig }
  | { type: 'AUTO_STOP' }
  | { type: 'AUTO_NEXT'; amount: number }
  | { type: 'AUTO_DONE'; reason: string };

/** What a child bet tells its parent (`id` is the child's actor id). */
export type InstantBetReport<P, R> =
  | { type: 'BET_REPLAYING'; id: string; params: P; result: R; startedAt: number }
  | { type: 'BET_ENDED'; id: string; params: P; result: R }
  | { type: 'BET_FAILED'; id: string; error: string };

/** The snapshot as far as a UI reads it: tags only. */
interface Tagged {
  hasTag(tag: string): boolean;
}

/** True while a bet is in flight or replaying (starting, pending, in_progress). */
export const isBusy = (snapshot: Tagged): boolean => snapshot.hasTag('busy');
/** True while the scene replays the outcome (in_progress). */
export const isReplaying = (snapshot: Tagged): boolean => snapshot.hasTag('replaying');

/** Builds the machine for a game's parameter and result types. */
export function createInstantBetMachine<P extends { amount: number }, R extends { win: boolean; payout: number }>() {
  type Ctx = InstantBetContext<P, R>;
  return setup({
    types: { context: {} as Ctx, events: {} as InstantBetEvent<P>, input: {} as InstantBetInput<P, R> },
    actors: {
      place: fromPromise<R, { input: InstantBetInput<P, R>; params: P }>(({ input }) =>
        input.input.placeBet(input.params),
      ),
      autoBet: autoBetMachine,
    },
    delays: { replay: ({ context }) => context.durationMs },
    actions: {
      holdBalance: ({ context }) => context.input.setBusy?.(true),
      releaseBalance: ({ context }) => context.input.setBusy?.(false),
      skipClock: ({ context }) => context.input.clock.skipToEnd(),
      takeBet: assign(({ event }) => {
        assertEvent(event, 'BET');
        return { params: event.params, result: null, error: null };
      }),
      takeAuto: assign(({ event }) => {
        assertEvent(event, 'AUTO_START');
        return { params: event.params, result: null, error: null, autoReason: null, autoOn: true };
      }),
      spawnAuto: spawnChild('autoBet', {
        id: 'auto',
        input: ({ event }) => {
          assertEvent(event, 'AUTO_START');
          return event.config;
        },
      }),
      takeNext: assign(({ context, event }) => {
        assertEvent(event, 'AUTO_NEXT');
        return { params: { ...context.params!, amount: event.amount }, result: null, error: null };
      }),
      tellAuto: enqueueActions(({ context, enqueue }) => {
        if (!context.autoOn) return;
        enqueue.sendTo('auto', {
          type: 'SETTLED',
          win: context.result!.win,
          amount: context.params!.amount,
          payout: context.result!.payout,
        });
      }),
      stopAuto: enqueueActions(({ context, enqueue }) => {
        if (!context.autoOn) return;
        enqueue.stopChild('auto');
        enqueue.assign({ autoOn: false });
      }),
      tellParentReplaying: enqueueActions(({ context, enqueue, self }) => {
        if (!context.input.child) return;
        const { params, result, startedAt } = context;
        enqueue.sendParent({ type: 'BET_REPLAYING', id: self.id, params: params!, result: result!, startedAt });
      }),
      tellParentEnded: enqueueActions(({ context, enqueue, self }) => {
        if (!context.input.child) return;
        enqueue.sendParent({ type: 'BET_ENDED', id: self.id, params: context.params!, result: context.result! });
      }),
      tellParentFailed: enqueueActions(({ context, enqueue, self }) => {
        if (!context.input.child) return;
        enqueue.sendParent({ type: 'BET_FAILED', id: self.id, error: context.error ?? 'error' });
      }),
    },
  }).createMachine({
    id: 'instantBet',
    context: ({ input }) => ({
      input,
      params: null,
      result: null,
      error: null,
      startedAt: 0,
      durationMs: 0,
      autoReason: null,
      autoOn: false,
    }),
    initial: 'new',
    on: {
      AUTO_STOP: { actions: ['stopAuto', assign({ autoReason: 'stopped' })] },
      AUTO_DONE: {
        actions: [
          'stopAuto',
          assign(({ event }) => {
            assertEvent(event, 'AUTO_DONE');
            return { autoReason: event.reason };
          }),
        ],
      },
    },
    states: {
      new: {
        tags: ['ready'],
        on: {
          BET: { target: 'starting', actions: 'takeBet' },
          AUTO_START: { target: 'starting', actions: ['takeAuto', 'spawnAuto'] },
        },
      },
      starting: {
        tags: ['busy'],
        entry: 'holdBalance',
        invoke: {
          src: 'place',
          input: ({ context }) => ({ input: context.input, params: context.params! }),
          onDone: {
            target: 'pending',
            actions: assign(({ context, event }) => ({
              result: event.output,
              startedAt: context.input.clock.now,
              durationMs: context.input.durationOf(event.output),
            })),
          },
          onError: {
            target: 'new',
            actions: [
              'releaseBalance',
              assign(({ context, event }) => ({
                error: context.input.errorText?.(event.error) ?? String(event.error),
                autoReason: context.autoOn ? 'error' : context.autoReason,
              })),
              'stopAuto',
              'tellParentFailed',
            ],
          },
        },
      },
      pending: {
        tags: ['busy'],
        // the engine clock's next advance fires this at `startedAt` (the timer is due then), so the
        // replay and its `after` below both start at the commit time, paused or not
        after: { 0: 'in_progress' },
        // the replay's timer does not exist yet: enter the replay (which schedules it), and skip
        // from there (an event to itself is delivered after this step's timers are scheduled)
        on: { SKIP: { target: 'in_progress', actions: sendTo(({ self }) => self, { type: 'SKIP' }) } },
      },
      in_progress: {
        tags: ['busy', 'replaying'],
        entry: 'tellParentReplaying',
        after: { replay: 'ended' },
        on: { SKIP: { actions: 'skipClock' } },
      },
      ended: {
        tags: ['ready'],
        entry: ['releaseBalance', 'tellAuto', 'tellParentEnded'],
        on: {
          BET: { target: 'starting', actions: 'takeBet' },
          AUTO_START: { target: 'starting', actions: ['takeAuto', 'spawnAuto'] },
          AUTO_NEXT: { target: 'starting', actions: 'takeNext' },
        },
      },
    },
  });
}
