// The wheel's round machine: follows the server's `wheel:game` events through new → starting →
// pending → in_progress → ended (the snapshot on connect included, so a page that joins mid-round
// shows the right status at once), keeping the round, the engine time each status arrived and the
// offset of the server's clock. The page spins the scene on in_progress and lands it on ended.
import { assign, setup } from 'xstate';
import type { EngineClock } from '../../engine/clock.ts';
import { ROUND_STATUSES, type WheelGameEvent } from '../../../shared/api/rounds.ts';

/** Machine context. */
export interface WheelContext {
  clock: EngineClock;
  round: WheelGameEvent | null; // the last event of the current round
  since: number; // engine ms the current status arrived
  skewMs: number; // server clock − this page's clock (Date.now), for the countdown
  spun: boolean; // this page saw the round in progress (else it lands at once on ended)
}

/** A `wheel:game` event from the socket, with the page's receive time. */
export type WheelMachineEvent = { type: 'GAME'; game: WheelGameEvent; receivedAt: number };

/** The wheel's round machine. */
export const wheelMachine = setup({
  types: { context: {} as WheelContext, events: {} as WheelMachineEvent, input: {} as { clock: EngineClock } },
  actions: {
    record: assign(({ context, event }) => {
      const sameRound = context.round?.id === event.game.id;
      const changed = !sameRound || context.round?.status !== event.game.status;
      return {
        round: event.game,
        since: changed ? context.clock.now : context.since,
        skewMs: event.game.server_time - event.receivedAt,
        spun: (sameRound && context.spun) || event.game.status === 'in_progress',
      };
    }),
  },
}).createMachine({
  id: 'wheel',
  context: ({ input }) => ({ clock: input.clock, round: null, since: 0, skewMs: 0, spun: false }),
  initial: 'connecting',
  on: {
    GAME: ROUND_STATUSES.map((status) => ({
      target: `.${status}`,
      guard: ({ event }: { event: WheelMachineEvent }) => event.game.status === status,
      actions: 'record' as const,
    })),
  },
  states: {
    connecting: {},
    new: {},
    starting: { tags: ['betting'] },
    pending: {},
    in_progress: { tags: ['live'] },
    ended: {},
  },
});
