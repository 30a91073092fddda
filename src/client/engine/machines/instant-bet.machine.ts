// The instant-bet machine for dice, boxes, upgrade and plinko: idle → placing (server call) →
// playing (animation on the engine clock) → settled; an error returns to idle with its text.
// Auto-bet runs as a child actor. The busy flag is held from placing until settled.
import { assign, enqueueActions, fromPromise, setup, spawnChild } from 'xstate';
import type { EngineClock } from '../clock.ts';
import { autoBetMachine, type AutoConfig } from './auto-bet.machine.ts';

/** What a game plugs into the machine. */
export interface InstantBetInput<P extends { amount: number }, R extends { win: boolean; payout: number }> {
  clock: EngineClock; // engine time: the machine's delays run on it
  placeBet: (params: P) => Promise<R>; // the server call
  durationOf: (result: R) => number; // engine ms the result's animation lasts
  setBusy?: (busy: boolean) => void; // session busy flag
  errorText?: (error: unknown) => string;
}

/** Machine context. */
export interface InstantBetContext<P, R> {
  input: InstantBetInput<P & { amount: number }, R & { win: boolean; payout: number }>;
  params: P | null; // last bet's parameters
  result: R | null; // last settled (or playing) result
  error: string | null; // text of the last failure
  startedAt: number; // engine ms the animation started
  durationMs: number; // animation length, engine ms
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

type AutoStart<P> = Extract<InstantBetEvent<P>, { type: 'AUTO_START' }>;

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
    delays: { animation: ({ context }) => context.durationMs },
    actions: {
      busy: ({ context }) => context.input.setBusy?.(true),
      idle: ({ context }) => context.input.setBusy?.(false),
      skipClock: ({ context }) => context.input.clock.skipToEnd(),
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
    initial: 'idle',
    on: {
      AUTO_STOP: { actions: ['stopAuto', assign({ autoReason: 'stopped' })] },
      AUTO_DONE: { actions: ['stopAuto', assign({ autoReason: ({ event }) => event.reason })] },
    },
    states: {
      idle: {
        on: {
          BET: { target: 'placing', actions: assign({ params: ({ event }) => event.params, error: null }) },
          AUTO_START: {
            target: 'placing',
            actions: [
              assign({ params: ({ event }) => event.params, error: null, autoReason: null, autoOn: true }),
              spawnChild('autoBet', { id: 'auto', input: ({ event }) => (event as AutoStart<P>).config }),
            ],
          },
        },
      },
      placing: {
        tags: ['busy'],
        entry: 'busy',
        invoke: {
          src: 'place',
          input: ({ context }) => ({ input: context.input, params: context.params! }),
          onDone: {
            target: 'playing',
            actions: assign(({ context, event }) => ({
              result: event.output,
              startedAt: context.input.clock.now,
              durationMs: context.input.durationOf(event.output),
            })),
          },
          onError: {
            target: 'idle',
            actions: [
              'idle',
              'stopAuto',
              assign(({ context, event }) => ({
                error: context.input.errorText?.(event.error) ?? String(event.error),
                autoReason: 'error',
              })),
            ],
          },
        },
      },
      playing: {
        tags: ['busy'],
        after: { animation: 'settled' },
        on: { SKIP: { actions: 'skipClock' } },
      },
      settled: {
        entry: ['idle', 'tellAuto'],
        on: {
          BET: { target: 'placing', actions: assign({ params: ({ event }) => event.params, error: null }) },
          AUTO_START: {
            target: 'placing',
            actions: [
              assign({ params: ({ event }) => event.params, error: null, autoReason: null, autoOn: true }),
              spawnChild('autoBet', { id: 'auto', input: ({ event }) => (event as AutoStart<P>).config }),
            ],
          },
          AUTO_NEXT: {
            target: 'placing',
            actions: assign({ params: ({ context, event }) => ({ ...context.params!, amount: event.amount }) }),
          },
        },
      },
    },
  });
}
