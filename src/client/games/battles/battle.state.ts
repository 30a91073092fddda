// A battle as the page holds it: GET /api/battles/{id} merged with the events of its channel
// (pure, idempotent: an event seen twice or already contained in the snapshot changes nothing),
// and what the page shows of it: totals up to the round the reels have landed on.
import {
  isTeamMode,
  seatTeam,
  type Battle,
  type BattleCanceledEvent,
  type BattleDrop,
  type BattleEndedEvent,
  type BattleRoundEndedEvent,
  type BattleRoundStartedEvent,
  type BattleSeat,
  type BattleSeatSummary,
  type BattleStartedEvent,
  type PlayerJoinedEvent,
  type PlayerLeftEvent,
} from '../../../shared/api/battles.ts';

/** A channel event, tagged with its name. */
export type BattleEvent =
  | { type: 'playerJoined'; data: PlayerJoinedEvent }
  | { type: 'playerLeft'; data: PlayerLeftEvent }
  | { type: 'battleStarted'; data: BattleStartedEvent }
  | { type: 'battleRoundStarted'; data: BattleRoundStartedEvent }
  | { type: 'battleRoundEnded'; data: BattleRoundEndedEvent }
  | { type: 'battleEnded'; data: BattleEndedEvent }
  | { type: 'battleCanceled'; data: BattleCanceledEvent };

const cents = (dollars: number) => Math.round(dollars * 100);

/** Sum of drops' item prices in dollars (exact to the cent). */
export function dropsTotal(drops: readonly BattleDrop[]): number {
  return drops.reduce((a, d) => a + cents(d.item.price), 0) / 100;
}

function mergeSeats(seats: BattleSeat[], joined: readonly BattleSeatSummary[]): BattleSeat[] {
  return seats.map((s) => {
    const j = joined.find((x) => x.seat === s.seat);
    return j ? { ...s, ...j } : s;
  });
}

/** Applies one channel event to the battle (events for another battle are ignored). */
export function applyBattleEvent(b: Battle, e: BattleEvent): Battle {
  if (e.data.id !== b.id) return b;
  switch (e.type) {
    case 'playerJoined':
      return { ...b, seats: mergeSeats(b.seats, e.data.seats) };
    case 'playerLeft': {
      // only the player who left: a late event never clears the seat's next occupant
      const { seat, user_id } = e.data;
      if (b.status !== 'waiting' || b.seats.find((s) => s.seat === seat)?.user?.id !== user_id) return b;
      const open = { client_seed: null, user: null, bot: null, drops: [], total: 0 };
      return { ...b, seats: b.seats.map((s) => (s.seat === seat ? { ...s, ...open } : s)) };
    }
    case 'battleStarted':
      if (b.status !== 'waiting') return b;
      return {
        ...b,
        status: 'running',
        public_seed: e.data.public_seed,
        started_at: e.data.started_at,
        seats: mergeSeats(b.seats, e.data.seats),
      };
    case 'battleRoundStarted': {
      const seats = b.seats.map((s) => {
        const drop = e.data.drops.find((d) => d.seat === s.seat);
        if (!drop || s.drops.some((d) => d.round === e.data.round)) return s;
        const { seat: _seat, ...rest } = drop;
        const drops = [...s.drops, { ...rest, round: e.data.round }].sort((x, y) => x.round - y.round);
        return { ...s, drops, total: dropsTotal(drops) };
      });
      const status = b.status === 'waiting' ? 'running' : b.status;
      return { ...b, status, seats, round: Math.max(b.round, e.data.round) };
    }
    case 'battleRoundEnded':
      return b; // totals follow from the revealed drops
    case 'battleEnded':
      return {
        ...b,
        status: 'ended',
        winners: e.data.winners,
        server_seed: e.data.server_seed,
        tie_break: e.data.tie_break,
      };
    case 'battleCanceled':
      return b.status === 'ended' ? b : { ...b, status: 'canceled' };
  }
}

/** The index of the last round (boxes − 1). */
export const lastRound = (b: Battle): number => b.boxes.length - 1;

/** Seats that hold a player or a bot. */
export const filledSeats = (b: Pick<Battle, 'seats'>): number => b.seats.filter((s) => s.user || s.bot).length;

/** A seat's total in dollars over the rounds up to `shownRound` (the reels' landed round). */
export function shownTotal(seat: BattleSeat, shownRound: number): number {
  return dropsTotal(seat.drops.filter((d) => d.round <= shownRound));
}

/** Team totals (index = team) up to `shownRound`; in every-player-for-themself modes one per seat. */
export function teamTotals(b: Battle, shownRound: number): number[] {
  const out: number[] = [];
  for (const s of b.seats) {
    const team = seatTeam(b.mode, s.seat);
    out[team] = (cents(out[team] ?? 0) + cents(shownTotal(s, shownRound))) / 100;
  }
  return out;
}

/** Whether the winners may be shown: the battle ended and the reels have landed on its last round. */
export function showWinners(b: Battle, shownRound: number): boolean {
  return b.status === 'ended' && b.winners !== null && shownRound >= lastRound(b);
}

/** What the page calls the seat's side: "Team 1" in team modes, else the player's name. */
export function sideLabel(b: Battle, seat: BattleSeat): string {
  if (isTeamMode(b.mode)) return `Team ${seatTeam(b.mode, seat.seat) + 1}`;
  return seat.user?.name ?? seat.bot?.name ?? 'Open seat';
}

/** The seat the signed-in user holds, if any. */
export function mySeat(b: Battle, userId: number | null | undefined): BattleSeat | null {
  if (userId == null) return null;
  return b.seats.find((s) => s.user?.id === userId) ?? null;
}
