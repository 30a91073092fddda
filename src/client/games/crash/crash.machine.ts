// The player's side of a Rocket round, on top of the round machine's statuses (forwarded as ROUND
// events): idle → placing → placed → cashing → won | lost | refunded (its round voided after an
// outage: the stake comes back, from the `bets` event or the round's `voided` flag). A bet made while no betting window is
// open is queued and sent when the next round starts (one bet per round). Every outcome of a
// cash-out has its own state: accepted at ×x (won), too late (lost, with the reason), an error
// (back to placed, the bet still rides). An auto cash-out settles from the `bets` event or, if that
// was missed, from the crash point (the target pays when it is below the crash point). Auto-bet
// runs as a child (engine/machines/auto-bet.machine.ts) and queues each next bet. A bet the server
// holds for this player but this page did not place (a reload, another tab) is ADOPTed: it rides
// here as if placed here, so Cash out shows at once.
import { assertEvent, assign, enqueueActions, fromPromise, setup, spawnChild } from 'xstate';
import type { EngineClock } from '../../engine/clock.ts';
import { autoBetMachine, type AutoConfig } from '../../engine/machines/auto-bet.machine.ts';
import type { RoundStatus } from '../../engine/machines/round.machine.ts';
import { payoutOf } from './crash-format.ts';

/** What the player asks for. */
export interface CrashParams {
  amount: number; // dollars
  autoCashout: number | null; // ≥ 1.01, 2 decimals
}

/** The player's accepted bet. */
export interface CrashBet {
  id: number;
  roundId: number;
  amount: number;
  autoCashout: number | null;
}

/** A settled bet. */
export interface CrashResult {
  win: boolean;
  multiplier: number | null; // cash-out multiplier (null when lost)
  payout: number; // dollars
  balance: number | null; // the balance the server reported, when it did
  note: string | null; // e.g. "Too late: crashed @ 1.52×"
  refunded?: boolean; // its round was voided: the stake (payout) came back
}

/** What the player is told when a round with their bet was voided. */
export const VOIDED_NOTE = 'Round voided — your bet was refunded';

/** The server calls a page plugs in. */
export interface CrashInput {
  clock: EngineClock;
  placeBet(params: CrashParams): Promise<{ bet: CrashBet; balance: number }>;
  cashOut(): Promise<{ multiplier: number; payout: number; balance: number }>;
  setBusy?(busy: boolean): void;
  errorText?(error: unknown): string;
}

/** Machine context. */
export interface CrashContext {
  input: CrashInput;
  params: CrashParams | null; // the bet asked for (queued or placed)
  roundId: number | null; // the current round
  status: RoundStatus; // its status
  lastBetRound: number | null; // the round of the last accepted bet (one bet per round)
  bet: CrashBet | null; // the bet riding now
  balance: number | null; // last balance the server reported
  result: CrashResult | null; // the last settled bet
  error: string | null;
  autoOn: boolean;
  autoReason: string | null;
}

/** A round status change (crashPoint on ended; voided when the round was voided). */
export type RoundUpdate = { type: 'ROUND'; id: number; status: RoundStatus; crashPoint?: number; voided?: boolean };

/** Events the machine accepts. */
export type CrashEvent =
  | { type: 'BET'; params: CrashParams }
  | { type: 'CANCEL' }
  | { type: 'CASH_OUT' }
  | RoundUpdate
  | {
      type: 'BET_UPDATE';
      betId: number;
      outcome: 'cashed_out' | 'lost' | 'refunded';
      multiplier: number | null;
      payout: number | null;
    }
  | { type: 'ADOPT'; bet: CrashBet }
  | { type: 'AUTO_START'; params: CrashParams; config: AutoConfig }
  | { type: 'AUTO_STOP' }
  | { type: 'AUTO_NEXT'; amount: number }
  | { type: 'AUTO_DONE'; reason: string };

type Args = { context: CrashContext; event: CrashEvent };

/** The round update a ROUND transition carries (assertEvent throws on any other event). */
function round(event: CrashEvent): RoundUpdate {
  assertEvent(event, 'ROUND');
  return event;
}

/** The bet update a BET_UPDATE transition carries. */
function update(event: CrashEvent): Extract<CrashEvent, { type: 'BET_UPDATE' }> {
  assertEvent(event, 'BET_UPDATE');
  return event;
}

/** True when the bet can be sent now: a betting window is open and this round has no bet yet. */
export function canBetNow(ctx: Pick<CrashContext, 'status' | 'roundId' | 'lastBetRound'>): boolean {
  return ctx.status === 'starting' && ctx.roundId !== ctx.lastBetRound;
}

/** How a bet ends at its round's crash point when no cash-out was seen: the auto target pays below it. */
export function settleAtCrash(bet: CrashBet, crashPoint: number | undefined): CrashResult {
  const win = bet.autoCashout !== null && crashPoint !== undefined && bet.autoCashout < crashPoint;
  return {
    win,
    multiplier: win ? bet.autoCashout : null,
    payout: win ? payoutOf(bet.amount, bet.autoCashout!) : 0,
    balance: null,
    note: crashPoint === undefined ? 'Round result missed; see My bets' : null,
  };
}

/** What a settled bet accepts: a new bet (now or queued), auto-bet's start or its next bet. */
const nextBet = {
  BET: [
    { guard: 'canBetNow', target: 'placing', actions: 'ask' },
    { target: 'queued', actions: 'ask' },
  ],
  AUTO_START: [
    { guard: 'canBetNow', target: 'placing', actions: 'startAuto' },
    { target: 'queued', actions: 'startAuto' },
  ],
  AUTO_NEXT: { target: 'queued', actions: 'autoAmount' },
} as const;

/** What a page without a bet of its own accepts: the player's open bet the server reports. */
const adopt = { ADOPT: { guard: 'adoptable', target: 'placed', actions: 'adopt' } } as const;

const myBetUpdate = ({ context, event }: Args) => update(event).betId === context.bet?.id;

/** The Rocket bet machine. */
export const crashMachine = setup({
  types: { context: {} as CrashContext, events: {} as CrashEvent, input: {} as CrashInput },
  actors: {
    place: fromPromise<{ bet: CrashBet; balance: number }, { input: CrashInput; params: CrashParams }>(({ input }) =>
      input.input.placeBet(input.params),
    ),
    cashOut: fromPromise<{ multiplier: number; payout: number; balance: number }, CrashInput>(({ input }) =>
      input.cashOut(),
    ),
    autoBet: autoBetMachine,
  },
  guards: {
    canBetNow: ({ context }) => canBetNow(context),
    bettingClosed: ({ context }) => context.status !== 'starting',
    live: ({ context }) => context.status === 'in_progress' && context.roundId === context.bet?.roundId,
    myCashOut: (args) => myBetUpdate(args) && update(args.event).outcome === 'cashed_out',
    myLoss: (args) => myBetUpdate(args) && update(args.event).outcome === 'lost',
    myRefund: (args) => myBetUpdate(args) && update(args.event).outcome === 'refunded',
    // a bet not settled here already, of the current round (or before the first round event); auto-bet
    // places its own bets and is left alone
    adoptable: ({ context, event }) => {
      assertEvent(event, 'ADOPT');
      const { bet } = event;
      return (
        !context.autoOn && bet.id !== context.bet?.id && (context.roundId === null || bet.roundId >= context.roundId)
      );
    },
    myRoundVoided: ({ context, event }) =>
      round(event).status === 'ended' && round(event).id === context.bet?.roundId && round(event).voided === true,
    myRoundEnded: ({ context, event }) => round(event).status === 'ended' && round(event).id === context.bet?.roundId,
    myRoundGone: ({ context, event }) => context.bet !== null && round(event).id > context.bet.roundId,
  },
  actions: {
    trackRound: assign(({ event }) => ({ roundId: round(event).id, status: round(event).status })),
    busy: ({ context }) => context.input.setBusy?.(true),
    idle: ({ context }) => context.input.setBusy?.(false),
    adopt: assign(({ event }) => {
      assertEvent(event, 'ADOPT');
      const { bet } = event;
      return {
        bet,
        lastBetRound: bet.roundId,
        params: { amount: bet.amount, autoCashout: bet.autoCashout },
        error: null,
      };
    }),
    ask: assign(({ event }) => {
      assertEvent(event, 'BET');
      return { params: event.params, error: null };
    }),
    settleFromUpdate: assign(({ event }) => ({
      result: {
        win: update(event).outcome === 'cashed_out',
        multiplier: update(event).multiplier,
        payout: update(event).payout ?? 0,
        balance: null,
        note: null,
      },
    })),
    settleAtCrash: assign(({ context, event }) => ({ result: settleAtCrash(context.bet!, round(event).crashPoint) })),
    settleRefund: assign(({ context }) => ({
      result: {
        win: false,
        multiplier: null,
        payout: context.bet!.amount,
        balance: null,
        note: VOIDED_NOTE,
        refunded: true,
      },
    })),
    autoAmount: assign(({ context, event }) => {
      assertEvent(event, 'AUTO_NEXT');
      return { params: { ...context.params!, amount: event.amount } };
    }),
    tellAuto: enqueueActions(({ context, enqueue }) => {
      if (!context.autoOn || !context.result || !context.bet) return;
      enqueue.sendTo('auto', {
        type: 'SETTLED',
        win: context.result.win,
        amount: context.bet.amount,
        payout: context.result.payout,
      });
    }),
    startAuto: enqueueActions(({ enqueue, event }) => {
      assertEvent(event, 'AUTO_START');
      enqueue.assign({ params: event.params, error: null, autoReason: null, autoOn: true });
      enqueue(spawnChild('autoBet', { id: 'auto', input: event.config }));
    }),
    stopAuto: enqueueActions(({ context, enqueue }) => {
      if (!context.autoOn) return;
      enqueue.stopChild('auto');
      enqueue.assign({ autoOn: false });
    }),
  },
}).createMachine({
  id: 'crash',
  context: ({ input }) => ({
    input,
    params: null,
    roundId: null,
    status: 'new',
    lastBetRound: null,
    bet: null,
    balance: null,
    result: null,
    error: null,
    autoOn: false,
    autoReason: null,
  }),
  initial: 'idle',
  on: {
    ROUND: { actions: 'trackRound' },
    AUTO_STOP: { actions: ['stopAuto', assign({ autoReason: 'stopped' })] },
    AUTO_DONE: { actions: ['stopAuto', assign({ autoReason: ({ event }) => event.reason })] },
  },
  states: {
    idle: { on: { BET: nextBet.BET, AUTO_START: nextBet.AUTO_START, ...adopt } },
    queued: {
      tags: ['queued'],
      always: { guard: 'canBetNow', target: 'placing' },
      on: {
        CANCEL: { target: 'idle', actions: ['stopAuto', assign({ params: null })] },
        ...adopt, // another tab bet in this round first: that bet rides (one bet per round)
      },
    },
    placing: {
      tags: ['busy'],
      entry: 'busy',
      invoke: {
        src: 'place',
        input: ({ context }) => ({ input: context.input, params: context.params! }),
        onDone: {
          target: 'placed',
          actions: assign(({ event }) => ({
            bet: event.output.bet,
            lastBetRound: event.output.bet.roundId,
            balance: event.output.balance,
          })),
        },
        onError: [
          {
            // the window closed while the request flew: keep it queued for the next round
            guard: 'bettingClosed',
            target: 'queued',
            actions: [
              'idle',
              assign(({ context, event }) => ({
                error: context.input.errorText?.(event.error) ?? String(event.error),
              })),
            ],
          },
          {
            target: 'idle',
            actions: [
              'idle',
              'stopAuto',
              assign(({ context, event }) => ({
                error: context.input.errorText?.(event.error) ?? String(event.error),
                autoReason: context.autoOn ? 'error' : context.autoReason,
              })),
            ],
          },
        ],
      },
    },
    placed: {
      tags: ['busy', 'riding'],
      on: {
        CASH_OUT: { guard: 'live', target: 'cashing' },
        BET_UPDATE: [
          { guard: 'myCashOut', target: 'won', actions: 'settleFromUpdate' },
          { guard: 'myLoss', target: 'lost', actions: 'settleFromUpdate' },
          { guard: 'myRefund', target: 'refunded', actions: 'settleRefund' },
        ],
        ROUND: [
          { guard: 'myRoundVoided', target: 'refunded', actions: ['trackRound', 'settleRefund'] },
          { guard: 'myRoundEnded', target: 'settling', actions: ['trackRound', 'settleAtCrash'] },
          { guard: 'myRoundGone', target: 'settling', actions: ['trackRound', 'settleAtCrash'] },
          { actions: 'trackRound' },
        ],
      },
    },
    cashing: {
      tags: ['busy', 'riding'],
      invoke: {
        src: 'cashOut',
        input: ({ context }) => context.input,
        onDone: {
          target: 'won',
          actions: assign(({ event }) => ({
            result: {
              win: true,
              multiplier: event.output.multiplier,
              payout: event.output.payout,
              balance: event.output.balance,
              note: null,
            },
            balance: event.output.balance,
          })),
        },
        onError: [
          {
            // refused because the round crashed first: the bet is lost, and the player is told so
            guard: ({ context }) => context.status === 'ended' || context.roundId !== context.bet?.roundId,
            target: 'lost',
            actions: assign(({ context, event }) => ({
              result: {
                ...settleAtCrash(context.bet!, undefined),
                note: `Too late: ${context.input.errorText?.(event.error) ?? String(event.error)}`,
              },
            })),
          },
          {
            target: 'placed',
            actions: assign(({ context, event }) => ({
              error: context.input.errorText?.(event.error) ?? String(event.error),
            })),
          },
        ],
      },
      on: {
        BET_UPDATE: [
          { guard: 'myCashOut', target: 'won', actions: 'settleFromUpdate' },
          { guard: 'myRefund', target: 'refunded', actions: 'settleRefund' },
        ],
      },
    },
    settling: {
      // a bet's round ended: won by its auto target or lost, decided from the crash point
      always: [{ guard: ({ context }) => !!context.result?.win, target: 'won' }, { target: 'lost' }],
    },
    won: { tags: ['settled'], entry: ['idle', 'tellAuto'], on: { ...nextBet, ...adopt } },
    lost: {
      tags: ['settled'],
      entry: ['idle', 'tellAuto'],
      // a cash-out refused as too late in a round that is then voided: the stake comes back after all
      on: { ...nextBet, ...adopt, BET_UPDATE: { guard: 'myRefund', target: 'refunded', actions: 'settleRefund' } },
    },
    refunded: {
      // an outage voided the round: auto-bet stops (a refund is neither a win nor a loss to its rules)
      tags: ['settled'],
      entry: [
        'idle',
        assign({ autoReason: ({ context }) => (context.autoOn ? 'round voided' : context.autoReason) }),
        'stopAuto',
      ],
      on: { ...nextBet, ...adopt },
    },
  },
});
