// Round machine skeleton for multiplayer games (crash, wheel): follows the server's statuses
// new → starting → pending → in_progress → ended, keeping the round data and the engine time each
// status arrived. Games add their betting and animation states on top.
import { assign, setup } from 'xstate';
import type { EngineClock } from '../clock.ts';
import { ROUND_STATUSES, type RoundStatus } from '../../../shared/api/rounds.ts';

// The statuses are the socket contract's (src/shared/api/rounds.ts).
export { ROUND_STATUSES, type RoundStatus };

/** Machine context. */
export interface RoundContext {
  clock: EngineClock; // engine time source
  roundId: number | null; // current round
  data: Record<string, unknown>; // the last status payload
  since: number; // engine ms the current status began
}

/** Events: a status from the server. */
export type RoundEvent = { type: 'STATUS'; status: RoundStatus; roundId: number; data?: Record<string, unknown> };

/** The round machine. */
export const roundMachine = setup({
  types: { context: {} as RoundContext, events: {} as RoundEvent, input: {} as { clock: EngineClock } },
  actions: {
    record: assign(({ context, event }) => ({
      roundId: event.roundId,
      data: event.data ?? {},
      since: context.clock.now,
    })),
  },
}).createMachine({
  id: 'round',
  context: ({ input }) => ({ clock: input.clock, roundId: null, data: {}, since: 0 }),
  initial: 'new',
  on: {
    STATUS: ROUND_STATUSES.map((status) => ({
      target: `.${status}`,
      guard: ({ event }: { event: RoundEvent }) => event.status === status,
      actions: 'record' as const,
    })),
  },
  states: { new: {}, starting: {}, pending: {}, in_progress: { tags: ['live'] }, ended: {} },
});
