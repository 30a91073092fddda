// Crash rounds and bets: queries and row → API mapping. A round's hash and crash point leave the
// server only through `roundView`/`recentGames`, and only for ended rounds.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { CrashBetsTable, CrashRoundsTable } from '../../db/tables/crash.ts';
import type {
  CrashBet,
  CrashLeaderboardEntry,
  CrashMyBet,
  CrashRecentGame,
  CrashRound,
} from '../../../shared/api/crash.ts';
import type { CrashBetsEvent, CrashGameEvent } from '../../../shared/api/rounds.ts';
import { toDollars } from '../../../shared/money.ts';
import { fromHundredths } from '../../../shared/units.ts';

/** A crash round row. */
export type CrashRoundRow = Selectable<CrashRoundsTable>;
/** A bet row joined with its player. */
export type BetWithUser = Selectable<CrashBetsTable> & { user_name: string; user_avatar_url: string | null };
type Executor = Kysely<Tables> | Transaction<Tables>;

const iso = (ms: number) => new Date(Number(ms)).toISOString();
const hundredths = (v: number | null) => (v === null ? null : fromHundredths(v));

/** The `game` event of a round at `now`: the outcome only once it has ended (the leak rule). */
export function gameEvent(round: CrashRoundRow, now: number): CrashGameEvent {
  const event: CrashGameEvent = { id: Number(round.id), status: round.status, server_time: now };
  if (round.status === 'starting') event.betting_ends_at = Number(round.betting_ends_at);
  if (round.status === 'in_progress') event.elapsed = Math.max(0, now - Number(round.in_progress_at));
  if (round.status === 'ended') {
    event.crash_point = fromHundredths(round.crash_point_cents);
    event.hash = round.hash;
    if (round.voided_at !== null) event.voided = true; // every open bet refunded (crash.void.ts)
  }
  return event;
}

/** GET /api/crash/current's round: the event plus when each status began. */
export function roundView(round: CrashRoundRow, now: number): CrashRound {
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    ...gameEvent(round, now),
    created_at: Number(round.created_at),
    starting_at: num(round.starting_at),
    pending_at: num(round.pending_at),
    in_progress_at: num(round.in_progress_at),
    ended_at: num(round.ended_at),
  };
}

/** A bet as the API shows it. */
export function toBet(r: BetWithUser): CrashBet {
  return {
    id: Number(r.id),
    user: { id: Number(r.user_id), name: r.user_name, avatar_url: r.user_avatar_url },
    amount: toDollars(Number(r.amount_cents)),
    auto_cashout: hundredths(r.auto_cashout_cents),
    multiplier: hundredths(r.multiplier_cents),
    payout: r.payout_cents === null ? null : toDollars(Number(r.payout_cents)),
    round_id: Number(r.round_id),
    status: r.status,
    created_at: iso(r.created_at),
  };
}

/** The socket `bets` event of a bet. */
export function betsEvent(type: CrashBetsEvent['type'], r: BetWithUser): CrashBetsEvent {
  const { id, user, amount, auto_cashout, multiplier, payout } = toBet(r);
  return { type, round_id: Number(r.round_id), bet: { id, user, amount, auto_cashout, multiplier, payout } };
}

function betsQuery(db: Executor) {
  return db
    .selectFrom('crash_bets')
    .innerJoin('users', 'users.id', 'crash_bets.user_id')
    .selectAll('crash_bets')
    .select(['users.name as user_name', 'users.avatar_url as user_avatar_url']);
}

/** Bets of a round (all, or only the given ids / statuses), oldest first. */
export async function roundBets(
  db: Executor,
  roundId: number,
  opts: { ids?: number[]; status?: CrashBetsTable['status'] } = {},
): Promise<BetWithUser[]> {
  let q = betsQuery(db).where('crash_bets.round_id', '=', roundId);
  if (opts.ids) q = q.where('crash_bets.id', 'in', opts.ids.length ? opts.ids : [0]);
  if (opts.status) q = q.where('crash_bets.status', '=', opts.status);
  return q.orderBy('crash_bets.id').execute();
}

/** A round's money so far: paid to cashed-out bets, staked by open bets, and the lowest open auto target. */
export interface RoundTotals {
  paidCents: number;
  openCents: number;
  lowestAutoCents: number | null;
}

/** One aggregate over a round's bets (the cap rule and the leader's "anything due?" need only these). */
export async function roundTotals(db: Executor, roundId: number): Promise<RoundTotals> {
  const row = await db
    .selectFrom('crash_bets')
    .select((eb) => [
      eb.fn
        .sum<number | null>(eb.case().when('status', '=', 'cashed_out').then(eb.ref('payout_cents')).else(0).end())
        .as('paid'),
      eb.fn
        .sum<number | null>(eb.case().when('status', '=', 'active').then(eb.ref('amount_cents')).else(0).end())
        .as('open'),
      eb.fn
        .min<number | null>(eb.case().when('status', '=', 'active').then(eb.ref('auto_cashout_cents')).end())
        .as('lowest_auto'),
    ])
    .where('round_id', '=', roundId)
    .executeTakeFirst();
  const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return {
    paidCents: num(row?.paid) ?? 0,
    openCents: num(row?.open) ?? 0,
    lowestAutoCents: num(row?.lowest_auto),
  };
}

/** A player's bet in a round, if any. */
export async function userBet(db: Executor, roundId: number, userId: number): Promise<BetWithUser | undefined> {
  return betsQuery(db)
    .where('crash_bets.round_id', '=', roundId)
    .where('crash_bets.user_id', '=', userId)
    .executeTakeFirst();
}

/** Ended rounds, newest first. */
export async function recentGames(db: Executor, limit: number): Promise<CrashRecentGame[]> {
  const rows = await db
    .selectFrom('crash_rounds')
    .select(['id', 'crash_point_cents', 'hash', 'ended_at', 'voided_at'])
    .where('status', '=', 'ended')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    crash_point: fromHundredths(r.crash_point_cents),
    hash: r.hash,
    ended_at: iso(r.ended_at!),
    ...(r.voided_at !== null ? { voided: true as const } : {}),
  }));
}

/** The player's bets, newest first, with the crash point of ended rounds. */
export async function myBets(db: Executor, userId: number, limit: number): Promise<CrashMyBet[]> {
  const rows = await betsQuery(db)
    .innerJoin('crash_rounds', 'crash_rounds.id', 'crash_bets.round_id')
    .select(['crash_rounds.status as round_status', 'crash_rounds.crash_point_cents'])
    .where('crash_bets.user_id', '=', userId)
    .orderBy('crash_bets.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...toBet(r),
    crash_point: r.round_status === 'ended' ? fromHundredths(r.crash_point_cents) : null,
  }));
}

/** The best cash-outs since `since` by payout or multiplier (50 at most). */
export async function leaderboard(
  db: Executor,
  sort: 'win_amount' | 'multiplier',
  since: number,
): Promise<CrashLeaderboardEntry[]> {
  const rows = await betsQuery(db)
    .where('crash_bets.status', '=', 'cashed_out')
    .where('crash_bets.created_at', '>=', since)
    .orderBy(sort === 'win_amount' ? 'crash_bets.payout_cents' : 'crash_bets.multiplier_cents', 'desc')
    .orderBy('crash_bets.id', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    user: { id: Number(r.user_id), name: r.user_name, avatar_url: r.user_avatar_url },
    amount: toDollars(Number(r.amount_cents)),
    multiplier: fromHundredths(Number(r.multiplier_cents)),
    win_amount: toDollars(Number(r.payout_cents)),
    round_id: Number(r.round_id),
    created_at: iso(r.created_at),
  }));
}

/** Games played so far: the newest ended round's place in the chain. */
export async function gamesPlayed(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('crash_rounds')
    .select('game_number')
    .where('status', '=', 'ended')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.game_number) : 0;
}
