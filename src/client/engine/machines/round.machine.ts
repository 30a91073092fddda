// The round machine of the multiplayer games (crash, wheel): follows the server's `game` events
// through new → starting → pending → in_progress → ended. The snapshot sent on connect puts a
// late joiner straight into the round's status; events of an older round or an earlier status
// (late or duplicated deliveries) are ignored; a newer round that arrives while the previous one
// never reported `ended` (a reconnect) records that round as missed, so the page can fetch its
// result. Time comes only from the server: each event anchors server time to engine time, and
// the round's clock is interpolated from that anchor — the client never counts on its own. UIs read
// the tags (waiting, betting, closed, live, over), never the state names. Rocket and the Crazy
// Wheel both run on it.
import { assertEvent, assign, setup } from 'xstate';
import type { EngineClock } from '../clock.ts';
import { ROUND_STATUSES, type RoundStatus } from '../../../shared/api/rounds.ts';

export { ROUND_STATUSES, type RoundStatus };

/** What every round game's `game` event carries (extra fields stay in `data`). */
export interface RoundGameEvent {
  id: number;
  status: RoundStatus;
  server_time: number; // server epoch ms when it was sent
  betting_ends_at?: number; // starting only
  elapsed?: number; // in_progress only: ms since the round began
  [field: string]: unknown;
}

/** Machine context. */
export interface RoundContext {
  clock: EngineClock; // engine time source
  roundId: number | null; // current round
  data: RoundGameEvent | null; // the last accepted event
  since: number; // engine ms the current status began
  serverAt: number; // server ms of the last accepted event…
  engineAt: number; // …and the engine ms it arrived
  startedAt: number | null; // server ms the round began (known once in progress)
  bettingEndsAt: number | null; // server ms the betting window closes
  missed: number[]; // rounds whose `ended` never arrived (newest last, at most 20)
  connected: boolean; // the socket is up
}

/** Events: a `game` event from the socket, and the socket's connection changes. */
export type RoundEvent = { type: 'GAME'; game: RoundGameEvent } | { type: 'CONNECTED' } | { type: 'DISCONNECTED' };

const rank = (status: RoundStatus) => ROUND_STATUSES.indexOf(status);

/** True when `game` is news: a newer round, or the same round at the same or a later status. */
export function isCurrent(context: Pick<RoundContext, 'roundId' | 'data'>, game: RoundGameEvent): boolean {
  if (context.roundId === null || game.id > context.roundId) return true;
  if (game.id < context.roundId) return false;
  return rank(game.status) >= rank(context.data?.status ?? 'new');
}

/** Server ms at engine time `now`, interpolated from the last event. */
export function serverNow(context: Pick<RoundContext, 'serverAt' | 'engineAt'>, now: number): number {
  return context.serverAt + (now - context.engineAt);
}

/** Ms since the round began at engine time `now` (0 before it began). */
export function roundElapsed(context: RoundContext, now: number): number {
  return context.startedAt === null ? 0 : Math.max(0, serverNow(context, now) - context.startedAt);
}

/** Ms left in the betting window at engine time `now` (0 once closed or unknown). */
export function bettingLeft(context: RoundContext, now: number): number {
  return context.bettingEndsAt === null ? 0 : Math.max(0, context.bettingEndsAt - serverNow(context, now));
}

/** The tag of each status: what a UI asks the snapshot (`hasTag`) instead of reading state names. */
export const ROUND_TAGS = {
  new: 'waiting', // no round open yet (or before the first event)
  starting: 'betting', // the betting window is open
  pending: 'closed', // bets closed, the round about to run
  in_progress: 'live', // the round is running
  ended: 'over', // the result is known
} as const satisfies Record<RoundStatus, string>;
/** One of those tags. */
export type RoundTag = (typeof ROUND_TAGS)[RoundStatus];

function accept({ context, event }: { context: RoundContext; event: RoundEvent }): Partial<RoundContext> {
  assertEvent(event, 'GAME');
  const { game } = event;
  const now = context.clock.now;
  const newRound = game.id !== context.roundId;
  const unfinished = newRound && context.roundId !== null && context.data?.status !== 'ended';
  const startedAt = game.elapsed !== undefined ? game.server_time - game.elapsed : newRound ? null : context.startedAt;
  return {
    roundId: game.id,
    data: game,
    since: newRound || game.status !== context.data?.status ? now : context.since,
    serverAt: game.server_time,
    engineAt: now,
    startedAt,
    bettingEndsAt: game.betting_ends_at ?? (newRound ? null : context.bettingEndsAt),
    missed: unfinished ? [...context.missed, context.roundId!].slice(-20) : context.missed,
  };
}

/** The round machine. */
export const roundMachine = setup({
  types: {
    context: {} as RoundContext,
    events: {} as RoundEvent,
    input: {} as { clock: EngineClock },
    tags: {} as RoundTag,
  },
  actions: { accept: assign(accept) },
}).createMachine({
  id: 'round',
  context: ({ input }) => ({
    clock: input.clock,
    roundId: null,
    data: null,
    since: 0,
    serverAt: 0,
    engineAt: 0,
    startedAt: null,
    bettingEndsAt: null,
    missed: [],
    connected: false,
  }),
  initial: 'new',
  on: {
    GAME: ROUND_STATUSES.map((status) => ({
      target: `.${status}`,
      guard: ({ context, event }: { context: RoundContext; event: RoundEvent }) =>
        event.type === 'GAME' && event.game.status === status && isCurrent(context, event.game),
      actions: 'accept' as const,
    })),
    CONNECTED: { actions: assign({ connected: true }) },
    DISCONNECTED: { actions: assign({ connected: false }) },
  },
  states: {
    new: { tags: [ROUND_TAGS.new] },
    starting: { tags: [ROUND_TAGS.starting] },
    pending: { tags: [ROUND_TAGS.pending] },
    in_progress: { tags: [ROUND_TAGS.in_progress] },
    ended: { tags: [ROUND_TAGS.ended] },
  },
});
