// Crazy Wheel queries and row → API mapping: rounds as the socket shows them, bets as lists show them.
import type { Kysely, Selectable } from 'kysely';
import type { Tables, WheelRoundsTable } from '../../db/tables.ts';
import type { WheelGameEvent, WheelBetsEvent } from '../../../shared/api/rounds.ts';
import type { WheelBet } from '../../../shared/api/wheel.ts';
import { wheelOutcomeFromSegment } from '../../../shared/games/wheel/wheel.outcome.ts';
import { toDollars } from '../../../shared/money.ts';

type RoundRow = Selectable<WheelRoundsTable>;

const betColumns = [
  'wheel_bets.id',
  'wheel_bets.round_id',
  'wheel_bets.user_id',
  'wheel_bets.color',
  'wheel_bets.amount_cents',
  'wheel_bets.status',
  'wheel_bets.payout_cents',
  'wheel_bets.created_at',
  'users.name as user_name',
  'users.avatar_url as user_avatar_url',
] as const;

type BetRow = {
  id: number;
  round_id: number;
  user_id: number;
  color: WheelBet['color'];
  amount_cents: number;
  status: WheelBet['status'];
  payout_cents: number | null;
  created_at: number;
  user_name: string;
  user_avatar_url: string | null;
};

/** A bet row as the API shows it. */
export function toWheelBet(r: BetRow): WheelBet {
  return {
    id: Number(r.id),
    round_id: Number(r.round_id),
    user: { id: Number(r.user_id), name: r.user_name, avatar_url: r.user_avatar_url },
    amount: toDollars(Number(r.amount_cents)),
    color: r.color,
    status: r.status,
    payout: r.payout_cents === null ? null : toDollars(Number(r.payout_cents)),
    created_at: new Date(Number(r.created_at)).toISOString(),
  };
}

/** The `wheel:bets` event of a bet. */
export function betEvent(type: WheelBetsEvent['type'], bet: WheelBet): WheelBetsEvent {
  return {
    type,
    round_id: bet.round_id,
    bet: { id: bet.id, user: bet.user, amount: bet.amount, color: bet.color, payout: bet.payout },
  };
}

/** A round as `wheel:game` shows it: betting_ends_at while starting, elapsed in progress, the result
 * and ended_at only once ended. */
export function roundEvent(round: RoundRow, now: number): WheelGameEvent {
  const event: WheelGameEvent = { id: Number(round.id), status: round.status, server_time: now };
  if (round.status === 'starting' && round.betting_ends_at !== null)
    event.betting_ends_at = Number(round.betting_ends_at);
  if (round.status === 'in_progress') event.elapsed = Math.max(0, now - Number(round.in_progress_at));
  if (round.status === 'ended') {
    const { segment, color, multiplier } = wheelOutcomeFromSegment(Number(round.segment));
    Object.assign(event, { segment, color, multiplier });
    if (round.ended_at !== null) event.ended_at = Number(round.ended_at);
  }
  return event;
}

/** Bets with their players, newest first. */
function betsQuery(db: Kysely<Tables>) {
  return db.selectFrom('wheel_bets').innerJoin('users', 'users.id', 'wheel_bets.user_id').select(betColumns);
}

/** One bet by id. */
export async function findBet(db: Kysely<Tables>, id: number): Promise<WheelBet | undefined> {
  const row = await betsQuery(db).where('wheel_bets.id', '=', id).executeTakeFirst();
  return row && toWheelBet(row);
}

/** A round's bets (canceled ones left out), oldest first. */
export async function roundBets(db: Kysely<Tables>, roundId: number): Promise<WheelBet[]> {
  const rows = await betsQuery(db)
    .where('wheel_bets.round_id', '=', roundId)
    .where('wheel_bets.status', '!=', 'canceled')
    .orderBy('wheel_bets.id', 'asc')
    .execute();
  return rows.map(toWheelBet);
}

/** A player's settled bets (won or lost: each has a replay), newest first. */
export async function settledBetsOf(db: Kysely<Tables>, userId: number, limit: number): Promise<WheelBet[]> {
  const rows = await betsQuery(db)
    .where('wheel_bets.user_id', '=', userId)
    .where('wheel_bets.status', 'in', ['won', 'lost'])
    .orderBy('wheel_bets.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toWheelBet);
}

/** The largest wins settled since `since`, largest first. */
export async function topPayouts(db: Kysely<Tables>, since: number, limit = 20): Promise<WheelBet[]> {
  const rows = await betsQuery(db)
    .where('wheel_bets.status', '=', 'won')
    .where('wheel_bets.settled_at', '>=', since)
    .orderBy('wheel_bets.payout_cents', 'desc')
    .orderBy('wheel_bets.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toWheelBet);
}

/** The latest round (the one being played or the last one ended). */
export async function latestRound(db: Kysely<Tables>): Promise<RoundRow | undefined> {
  return db.selectFrom('wheel_rounds').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Ended rounds, newest first. */
export async function recentRounds(db: Kysely<Tables>, limit: number) {
  const rows = await db
    .selectFrom('wheel_rounds')
    .select(['id', 'segment', 'ended_at'])
    .where('status', '=', 'ended')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const { segment, color, multiplier } = wheelOutcomeFromSegment(Number(r.segment));
    return { id: Number(r.id), segment, color, multiplier, ended_at: new Date(Number(r.ended_at)).toISOString() };
  });
}
