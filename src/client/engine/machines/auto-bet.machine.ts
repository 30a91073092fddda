// Auto-bet, a child of the instant-bet machine (and of Bounce's root, for auto-drop): after each
// settled bet it decides the next amount (change by % on win/loss, or reset to the base) or stops
// (count, profit, loss); otherwise it asks its parent for the next bet after a gap of engine time.
import { assertEvent, assign, sendParent, setup } from 'xstate';

/** What the player configured. */
export interface AutoConfig {
  baseAmount: number; // dollars
  count: number; // bets to place; 0 = until stopped
  stopOnProfit: number | null; // dollars; stop when profit ≥ this
  stopOnLoss: number | null; // dollars; stop when loss ≥ this
  onWinPct: number | null; // change the amount by this % after a win; null = back to base
  onLossPct: number | null; // change the amount by this % after a loss; null = back to base
  gapMs?: number; // engine ms from a settled bet to the next (AUTO_GAP_MS when absent)
}

/** Running totals. */
export interface AutoContext {
  config: AutoConfig;
  played: number; // bets settled
  profit: number; // dollars, payouts − stakes
  amount: number; // dollars, next stake
}

/** A settled bet as the child sees it. */
export type AutoEvent = { type: 'SETTLED'; win: boolean; amount: number; payout: number };

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The amount after a settled bet. */
export function nextAmount(config: AutoConfig, amount: number, win: boolean): number {
  const pct = win ? config.onWinPct : config.onLossPct;
  return pct === null ? config.baseAmount : Math.max(0.01, round2(amount * (1 + pct / 100)));
}

/** Why auto-bet stops after these totals, or null to continue. */
export function stopReason(ctx: Pick<AutoContext, 'config' | 'played' | 'profit'>): 'count' | 'profit' | 'loss' | null {
  const { config, played, profit } = ctx;
  if (config.count > 0 && played >= config.count) return 'count';
  if (config.stopOnProfit !== null && profit >= config.stopOnProfit) return 'profit';
  if (config.stopOnLoss !== null && -profit >= config.stopOnLoss) return 'loss';
  return null;
}

/** Pause between auto bets, engine ms. */
export const AUTO_GAP_MS = 250;

/** The auto-bet child machine. */
export const autoBetMachine = setup({
  types: { context: {} as AutoContext, events: {} as AutoEvent, input: {} as AutoConfig },
  delays: { gap: ({ context }) => context.config.gapMs ?? AUTO_GAP_MS },
  guards: { shouldStop: ({ context }) => stopReason(context) !== null },
  actions: {
    record: assign(({ context, event }) => {
      assertEvent(event, 'SETTLED');
      return {
        played: context.played + 1,
        profit: round2(context.profit + event.payout - event.amount),
        amount: nextAmount(context.config, event.amount, event.win),
      };
    }),
  },
}).createMachine({
  id: 'autoBet',
  context: ({ input }) => ({ config: input, played: 0, profit: 0, amount: input.baseAmount }),
  initial: 'waitingForResult',
  states: {
    waitingForResult: { on: { SETTLED: { target: 'deciding', actions: 'record' } } },
    deciding: {
      always: [
        {
          guard: 'shouldStop',
          target: 'done',
          actions: sendParent(({ context }) => ({ type: 'AUTO_DONE', reason: stopReason(context) })),
        },
        { target: 'gap' },
      ],
    },
    gap: {
      after: {
        gap: {
          target: 'waitingForResult',
          actions: sendParent(({ context }) => ({ type: 'AUTO_NEXT', amount: context.amount })),
        },
      },
    },
    done: { type: 'final' },
  },
});
