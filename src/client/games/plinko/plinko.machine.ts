// Bounce's machines. Each ball is a drop actor (`drop-<n>`), the shared instant-bet machine walking
// the bet statuses: new → starting (POST /api/plinko/bet) → pending (the path received, the
// trajectory computed) → in_progress (the ball falls on engine time) → ended (landed). The root
// actor `plinko` spawns them, so 100 balls in the air are 100 inspectable actors; it hands each
// ball to the scene when it starts falling, moves the balance when it lands (not when the request
// returns), keeps the last 30 results, and holds the session busy flag while any drop is live.
// Root statuses: `new` (nothing dropped yet), `in_progress` (drops live; tag `busy`), `ended` (all
// landed). Auto-drop is the engine's auto-bet child (`auto`): each ball that starts falling counts
// as a settled bet (its payout is known), and after the chosen interval it asks for the next one.
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import type { EngineClock } from '../../engine/clock.ts';
import { autoBetMachine, type AutoConfig as AutoBetConfig } from '../../engine/machines/auto-bet.machine.ts';
import { createInstantBetMachine, type InstantBetReport } from '../../engine/machines/instant-bet.machine.ts';
import type { PlinkoBet } from '../../../shared/api/plinko.ts';
import type { Risk } from '../../../shared/fair/index.ts';
import type { DropScript } from '../../../shared/games/plinko/plinko.script.ts';

/** One drop's parameters. */
export interface DropParams {
  amount: number; // dollars
  rows: number;
  risk: Risk;
}

/** The server's answer with the ball's trajectory. */
export interface DropResult {
  win: boolean; // multiplier ≥ 1 (what auto-drop's on-win / on-loss % go by)
  payout: number; // dollars
  bet: PlinkoBet;
  script: DropScript;
}

/** One ball's machine. */
export const dropMachine = createInstantBetMachine<DropParams, DropResult>();

/** Auto-drop settings from the HUD. */
export interface AutoConfig {
  count: number; // drops, 0 = until stopped
  intervalMs: number; // engine ms between drops
  stopProfit: number; // dollars, 0 = off
  stopLoss: number; // dollars, 0 = off
  onWinPct: number; // change the amount by this % after a win (0 = keep)
  onLossPct: number; // … after a loss
}

/** A landed drop for the results strip. */
export interface LandedDrop {
  bet: PlinkoBet;
  amount: number;
}

/** What the HUD renders (the root's context). */
export interface DropsState {
  inFlight: number; // drops live: requests pending + balls falling
  landed: LandedDrop[]; // newest first, at most 30
  auto: boolean;
  autoLeft: number; // drops left in the current auto run (Infinity when unbounded)
  amount: number; // the amount the next drop uses (auto changes it)
  error: string | null;
}

/** What the page plugs in. */
export interface PlinkoInput {
  clock: EngineClock;
  placeDrop: (params: DropParams) => Promise<DropResult>; // the bet and the trajectory from its path
  replay: (script: DropScript, startedAt: number) => void; // the scene starts drawing the ball
  land: (bet: PlinkoBet, amount: number) => void; // the ball is in its bucket: move the balance
  setBusy?: (busy: boolean) => void; // session busy flag
  errorText?: (error: unknown) => string;
}

/** Root context. */
export interface PlinkoContext extends DropsState {
  input: PlinkoInput;
  next: number; // number of the next drop actor
  board: { rows: number; risk: Risk }; // what auto-drop drops on
}

/** Events the root accepts (and its drops' and auto child's reports). */
export type PlinkoEvent =
  | { type: 'SET_AMOUNT'; amount: number }
  | { type: 'DROP'; rows: number; risk: Risk }
  | { type: 'AUTO_START'; rows: number; risk: Risk; config: AutoConfig }
  | { type: 'AUTO_STOP' }
  | { type: 'AUTO_NEXT'; amount: number }
  | { type: 'AUTO_DONE'; reason: string }
  | InstantBetReport<DropParams, DropResult>;

const RESULTS = 30; // drops kept in the results strip

/** The auto-bet child's settings for the HUD's auto-drop settings. */
export function autoBetConfig(config: AutoConfig, amount: number): AutoBetConfig {
  return {
    baseAmount: amount,
    count: config.count,
    stopOnProfit: config.stopProfit > 0 ? config.stopProfit : null,
    stopOnLoss: config.stopLoss > 0 ? config.stopLoss : null,
    onWinPct: config.onWinPct, // 0 keeps the amount
    onLossPct: config.onLossPct,
    gapMs: config.intervalMs,
  };
}

/** The root machine. */
export const plinkoMachine = setup({
  types: { context: {} as PlinkoContext, events: {} as PlinkoEvent, input: {} as PlinkoInput },
  actors: { drop: dropMachine, autoBet: autoBetMachine },
  guards: {
    allLanded: ({ context }) => context.inFlight === 0,
    autoOff: ({ context }) => !context.auto,
    autoOver: ({ context }) => !context.auto || context.autoLeft <= 0,
  },
  actions: {
    holdBalance: ({ context }) => context.input.setBusy?.(true),
    releaseBalance: ({ context }) => context.input.setBusy?.(false),
    // one drop actor for the event's board (DROP, AUTO_START) or auto-drop's (AUTO_NEXT)
    spawnDrop: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, ['DROP', 'AUTO_START', 'AUTO_NEXT']);
      const board = event.type === 'AUTO_NEXT' ? context.board : { rows: event.rows, risk: event.risk };
      const amount = event.type === 'AUTO_NEXT' ? event.amount : context.amount;
      const id = `drop-${context.next}`;
      const { clock, placeDrop, errorText } = context.input;
      enqueue.assign({ next: context.next + 1, inFlight: context.inFlight + 1, error: null, amount, board });
      enqueue.spawnChild('drop', {
        id,
        input: { clock, placeBet: placeDrop, durationOf: (r: DropResult) => r.script.landedAt, errorText, child: true },
      });
      enqueue.sendTo(id, { type: 'BET', params: { amount, ...board } });
    }),
    startAuto: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'AUTO_START');
      const left = event.config.count > 0 ? event.config.count - 1 : Infinity; // this drop is the first
      enqueue.assign({ auto: true, autoLeft: left });
      enqueue.spawnChild('autoBet', { id: 'auto', input: autoBetConfig(event.config, context.amount) });
    }),
    countAuto: assign(({ context }) => ({ autoLeft: context.autoLeft - 1 })),
    stopAuto: enqueueActions(({ context, enqueue }) => {
      if (!context.auto) return;
      enqueue.stopChild('auto');
      enqueue.assign({ auto: false, autoLeft: 0 });
    }),
    replayDrop: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'BET_REPLAYING');
      context.input.replay(event.result.script, event.startedAt);
      if (context.auto)
        enqueue.sendTo('auto', {
          type: 'SETTLED',
          win: event.result.win,
          amount: event.params.amount,
          payout: event.result.payout,
        });
    }),
    landDrop: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'BET_ENDED');
      context.input.land(event.result.bet, event.params.amount);
      const landed = [{ bet: event.result.bet, amount: event.params.amount }, ...context.landed].slice(0, RESULTS);
      enqueue.assign({ landed, inFlight: context.inFlight - 1 });
      enqueue.stopChild(event.id);
    }),
    failDrop: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'BET_FAILED');
      enqueue.assign({ error: event.error, inFlight: context.inFlight - 1 });
      enqueue.stopChild(event.id);
    }),
  },
}).createMachine({
  id: 'plinko',
  context: ({ input }) => ({
    input,
    next: 1,
    board: { rows: 16, risk: 'medium' },
    inFlight: 0,
    landed: [],
    auto: false,
    autoLeft: 0,
    amount: 1,
    error: null,
  }),
  initial: 'new',
  on: {
    SET_AMOUNT: {
      actions: assign(({ event }) => {
        assertEvent(event, 'SET_AMOUNT');
        return { amount: event.amount };
      }),
    },
    AUTO_STOP: { actions: 'stopAuto' },
    AUTO_DONE: { actions: 'stopAuto' },
    BET_REPLAYING: { actions: 'replayDrop' },
    BET_ENDED: { actions: 'landDrop' },
    BET_FAILED: { actions: ['failDrop', 'stopAuto'] },
  },
  states: {
    new: {
      tags: ['ready'],
      on: {
        DROP: { target: 'in_progress', actions: 'spawnDrop' },
        AUTO_START: { target: 'in_progress', actions: ['startAuto', 'spawnDrop'] },
      },
    },
    in_progress: {
      tags: ['busy'],
      entry: 'holdBalance',
      exit: 'releaseBalance', // applies the latest server balance
      always: { guard: 'allLanded', target: 'ended' },
      on: {
        DROP: { actions: 'spawnDrop' },
        AUTO_START: { guard: 'autoOff', actions: ['startAuto', 'spawnDrop'] },
        AUTO_NEXT: [{ guard: 'autoOver', actions: 'stopAuto' }, { actions: ['countAuto', 'spawnDrop'] }],
      },
    },
    ended: {
      tags: ['ready'],
      on: {
        DROP: { target: 'in_progress', actions: 'spawnDrop' },
        // auto-drop may still run here, waiting out its interval after the last ball landed
        AUTO_START: { guard: 'autoOff', target: 'in_progress', actions: ['startAuto', 'spawnDrop'] },
        AUTO_NEXT: [
          { guard: 'autoOver', actions: 'stopAuto' },
          { target: 'in_progress', actions: ['countAuto', 'spawnDrop'] },
        ],
      },
    },
  },
});
