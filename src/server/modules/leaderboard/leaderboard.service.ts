// The weekly leaderboard (issue 16): standings (settled wagers) of the week ending Thursday 18:00 in
// PROGRAMME_TIME_ZONE; a prize is capped at the leaderboard's share of the winner's own expected
// house profit that week (issue 24), and the payout of a closed week's prize table through the ledger, exactly
// once: the transaction that pays first inserts the week's leaderboard_periods row (PRIMARY KEY),
// so a second instance, a second tick or a restart finds it taken and pays nothing; every prize
// also has its own ledger idempotency key (leaderboard:{period end}:{place}).
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import { playersByIds, standingOf, standings, type Standing } from './leaderboard.repository.ts';
import { LEADERBOARD_PRIZES_DOLLARS, LEADERBOARD_SIZE } from '../../../shared/constants.ts';
import type { Leaderboard, LeaderboardEntry } from '../../../shared/api/programmes.ts';
import { toDollars } from '../../../shared/money.ts';
import { PROGRAMME_SHARE_BP, shareOfEdgeCents, sharePercent } from '../../../shared/economics/programme-shares.ts';
import {
  PROGRAMME_TIME_ZONE,
  leaderboardPeriod,
  previousLeaderboardPeriod,
  type Window,
} from '../../../shared/time/programme-windows.ts';

type Q = Kysely<Tables>;

/** The name shown for players who opted out of public statistics. */
export const MASKED_NAME = 'Hidden player';

/** The prize table's amount for a place in cents (0 past the table). */
export function tablePrizeCents(place: number): number {
  return (LEADERBOARD_PRIZES_DOLLARS[place - 1] ?? 0) * 100;
}

/**
 * What a standing wins: its place's prize, capped at the leaderboard's share of the expected house
 * profit of the winner's own settled wagers that week (economics/programme-shares.ts), so the
 * leaderboard never gives a player back more than its share of the edge, however few others play.
 */
export function prizeCents(s: Pick<Standing, 'place' | 'edgeUnits'>): number {
  return Math.min(tablePrizeCents(s.place), shareOfEdgeCents(s.edgeUnits, PROGRAMME_SHARE_BP.leaderboard));
}

const iso = (ms: number) => new Date(ms).toISOString();
const periodView = (p: Window) => ({ starts_at: iso(p.from), ends_at: iso(p.to) });

async function entriesView(q: Q, rows: { standing: Standing; prize: number }[]): Promise<LeaderboardEntry[]> {
  const users = new Map(
    (
      await playersByIds(
        q,
        rows.map((r) => r.standing.userId),
      )
    ).map((u) => [Number(u.id), u]),
  );
  return rows.map(({ standing, prize }) => {
    const u = users.get(standing.userId);
    const hidden = !u || Number(u.hide_public_stats) === 1;
    return {
      place: standing.place,
      user: {
        id: standing.userId,
        name: hidden ? MASKED_NAME : u.name,
        avatar_url: hidden ? null : u.avatar_url,
        level: u ? Number(u.level) : 1,
      },
      wagered: toDollars(standing.wageredCents),
      prize: toDollars(prize),
    };
  });
}

/** The last closed week's winners: its paid prizes, or (not paid yet) its standings. */
async function previousEntries(q: Q, period: Window): Promise<LeaderboardEntry[]> {
  const paid = await q
    .selectFrom('leaderboard_payouts')
    .selectAll()
    .where('period_end', '=', period.to)
    .orderBy('place')
    .execute();
  if (paid.length > 0) {
    const rows = paid.map((p) => ({
      standing: {
        place: Number(p.place),
        userId: Number(p.user_id),
        wageredCents: Number(p.wagered_cents),
        edgeUnits: 0,
      },
      prize: Number(p.amount_cents),
    }));
    return entriesView(q, rows);
  }
  const top = await standings(q, period, LEADERBOARD_PRIZES_DOLLARS.length);
  return entriesView(
    q,
    top.map((s) => ({ standing: s, prize: prizeCents(s) })),
  );
}

/** GET /api/leaderboard for `userId` (null: anonymous) at `now`. */
export async function leaderboardView(q: Q, userId: number | null, now: number): Promise<Leaderboard> {
  const period = leaderboardPeriod(now);
  const previous = previousLeaderboardPeriod(now);
  const top = await standings(q, period, LEADERBOARD_SIZE);
  const me = userId === null ? null : await standingOf(q, period, userId);
  return {
    period: periodView(period),
    time_zone: PROGRAMME_TIME_ZONE,
    prizes: LEADERBOARD_PRIZES_DOLLARS.map((amount, i) => ({ place: i + 1, amount })),
    prize_cap_percent: sharePercent(PROGRAMME_SHARE_BP.leaderboard),
    entries: await entriesView(
      q,
      top.map((s) => ({ standing: s, prize: prizeCents(s) })),
    ),
    me: me && { place: me.place, wagered: toDollars(me.wageredCents) },
    previous: { period: periodView(previous), entries: await previousEntries(q, previous) },
  };
}

/** A prize paid by closePeriod. */
export interface PaidPrize {
  userId: number;
  place: number;
  amountCents: number;
  balanceCents: number;
}

/**
 * Pays the prizes of the week that ended last before `now`, once. Returns what this call paid
 * (empty when another call or instance closed the week first, or nobody wagered).
 */
export async function closePeriod(db: Q, now: number): Promise<PaidPrize[]> {
  const period = previousLeaderboardPeriod(now);
  const done = await db
    .selectFrom('leaderboard_periods')
    .select('period_end')
    .where('period_end', '=', period.to)
    .executeTakeFirst();
  if (done) return [];
  try {
    return await db.transaction().execute(async (trx) => {
      // the claim: a concurrent closer waits on this key and then fails on it (rolled back, pays nothing)
      await trx
        .insertInto('leaderboard_periods')
        .values({ period_end: period.to, period_start: period.from, closed_at: now })
        .execute();
      const winners = (await standings(trx, period, LEADERBOARD_PRIZES_DOLLARS.length)).filter(
        (s) => prizeCents(s) > 0,
      );
      await lockUserRows(
        trx,
        winners.map((w) => w.userId),
      );
      const paid: PaidPrize[] = [];
      for (const w of winners) {
        const amountCents = prizeCents(w);
        const move = await applyMoveIn(trx, {
          userId: w.userId,
          deltaCents: amountCents,
          kind: 'leaderboard_prize',
          reference: `leaderboard:${period.to}`,
          idempotencyKey: `leaderboard:${period.to}:${w.place}`,
          now,
        });
        await trx
          .insertInto('leaderboard_payouts')
          .values({
            period_end: period.to,
            place: w.place,
            user_id: w.userId,
            wagered_cents: w.wageredCents,
            amount_cents: amountCents,
            ledger_id: move.ledgerId,
          })
          .execute();
        paid.push({ userId: w.userId, place: w.place, amountCents, balanceCents: move.balanceAfterCents });
      }
      return paid;
    });
  } catch (e) {
    if (isUniqueViolation(e)) return []; // another closer won
    throw e;
  }
}
