// The players list of the current round: built from GET /api/crash/current's bets and the live
// `bets` events, cleared when a new round begins, sorted by bet amount (largest first).
import type { CrashBetsEvent } from '../../../shared/api/rounds.ts';
import type { CrashBet } from '../../../shared/api/crash.ts';

/** One row. */
export type PlayerRow = CrashBetsEvent['bet'] & { state: 'playing' | 'cashed_out' | 'lost' | 'refunded' };

/** The list: its round and the rows by bet id. */
export interface Players {
  roundId: number | null;
  rows: ReadonlyMap<number, PlayerRow>;
}

/** What changes the list. */
export type PlayersAction =
  | { type: 'round'; roundId: number }
  | { type: 'snapshot'; roundId: number; bets: CrashBet[] }
  | { type: 'bets'; event: CrashBetsEvent };

export const NO_PLAYERS: Players = { roundId: null, rows: new Map() };

const stateOf = (type: CrashBetsEvent['type']): PlayerRow['state'] => (type === 'placed' ? 'playing' : type);

/** The next list. */
export function playersReducer(players: Players, action: PlayersAction): Players {
  if (action.type === 'round')
    return action.roundId === players.roundId ? players : { roundId: action.roundId, rows: new Map() };
  if (action.type === 'snapshot') {
    if (players.roundId !== null && action.roundId < players.roundId) return players;
    const rows = new Map(action.roundId === players.roundId ? players.rows : []);
    for (const b of action.bets)
      if (!rows.has(b.id)) {
        const state = b.status === 'active' ? 'playing' : b.status;
        rows.set(b.id, { ...b, state });
      }
    return { roundId: action.roundId, rows };
  }
  const { event } = action;
  if (players.roundId !== null && event.round_id < players.roundId) return players;
  const rows = new Map(event.round_id === players.roundId ? players.rows : []);
  const had = rows.get(event.bet.id);
  if (had && had.state !== 'playing' && event.type === 'placed') return players; // a late "placed" never undoes a result
  rows.set(event.bet.id, { ...event.bet, state: stateOf(event.type) });
  return { roundId: event.round_id, rows };
}

/** Rows by bet amount, largest first (ties: earliest bet first). */
export function sortedPlayers(players: Players): PlayerRow[] {
  return [...players.rows.values()].sort((a, b) => b.amount - a.amount || a.id - b.id);
}
