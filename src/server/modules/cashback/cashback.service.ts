// Cashback (issues 16, 24): the cashback share (economics/programme-shares.ts) of the EXPECTED house
// profit of the player's wagers that SETTLED in each daily window (21:00 to 21:00 in
// PROGRAMME_TIME_ZONE): stake × the edge of its game and table (settled_wagers). Not the net loss:
// a payout on outcomes would pay variance (a 5 % rebate of losses on a 1 % game returned +$110 a
// day to high-multiplier dice), and a refunded or canceled wager — in the same window or across the
// reset — has no settled row, so it earns nothing. A window's cashback is claimable once it has
// closed, until the next one closes; the claim row (PRIMARY KEY user, window end) and the ledger key
// cashback:{user}:{window end} make it pay once, also under parallel claims.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { fieldError } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import { PROGRAMME_SHARE_BP, shareOfEdgeCents, sharePercent } from '../../../shared/economics/programme-shares.ts';
import type { Cashback } from '../../../shared/api/programmes.ts';
import { toDollars, formatUsd } from '../../../shared/money.ts';
import {
  PROGRAMME_TIME_ZONE,
  cashbackWindow,
  previousCashbackWindow,
  type Window,
} from '../../../shared/time/programme-windows.ts';

type Q = Kysely<Tables>;

/** What the player's wagers that settled in `w` staked and the house expects to keep of them. */
export interface WindowPlay {
  wageredCents: number;
  edgeUnits: number; // cents × bp
}

/** Cents of cashback of a window's play (rounded down). */
export function cashbackCents(play: WindowPlay): number {
  return shareOfEdgeCents(play.edgeUnits, PROGRAMME_SHARE_BP.cashback);
}

/** The player's settled wagers in `w`. */
export async function windowPlay(q: Q, userId: number, w: Window): Promise<WindowPlay> {
  const row = await q
    .selectFrom('settled_wagers')
    .select((eb) => [
      eb.fn.sum<number | string | null>('stake_cents').as('wagered'),
      eb.fn.sum<number | string | null>('edge_units').as('edge'),
    ])
    .where('user_id', '=', userId)
    .where('settled_at', '>=', w.from)
    .where('settled_at', '<', w.to)
    .executeTakeFirst();
  return { wageredCents: Number(row?.wagered ?? 0), edgeUnits: Number(row?.edge ?? 0) };
}

/** Whole cents of expected house profit in `edgeUnits`. */
const edgeCents = (edgeUnits: number) => Math.floor(edgeUnits / 10_000);

const iso = (ms: number) => new Date(ms).toISOString();
const windowView = (w: Window) => ({ from: iso(w.from), to: iso(w.to) });

async function claimOf(q: Q, userId: number, w: Window) {
  return q
    .selectFrom('cashback_claims')
    .select('amount_cents')
    .where('user_id', '=', userId)
    .where('window_end', '=', w.to)
    .executeTakeFirst();
}

/** GET /api/cashback for the player at `now`. */
export async function cashbackView(q: Q, userId: number, now: number): Promise<Cashback> {
  const open = cashbackWindow(now);
  const closed = previousCashbackWindow(now);
  const claimed = await claimOf(q, userId, closed);
  const claimable = claimed ? 0 : cashbackCents(await windowPlay(q, userId, closed));
  const history = await q
    .selectFrom('cashback_claims')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('window_end', 'desc')
    .limit(30)
    .execute();
  const now_ = await windowPlay(q, userId, open);
  return {
    rate: sharePercent(PROGRAMME_SHARE_BP.cashback),
    time_zone: PROGRAMME_TIME_ZONE,
    window: windowView(open),
    wagered: toDollars(now_.wageredCents),
    house_edge: toDollars(edgeCents(now_.edgeUnits)),
    accrued: toDollars(cashbackCents(now_)),
    claimable: toDollars(claimable),
    claimable_window: windowView(closed),
    next_reset_at: iso(open.to),
    history: history.map((h) => ({
      window: windowView({ from: Number(h.window_start), to: Number(h.window_end) }),
      wagered: toDollars(Number(h.wagered_cents)),
      house_edge: toDollars(edgeCents(Number(h.edge_units))),
      amount: toDollars(Number(h.amount_cents)),
      claimed_at: iso(Number(h.created_at)),
    })),
  };
}

const ALREADY = 'You have already claimed the cashback of the last window.';

/** POST /api/cashback/claim: credits the last closed window's cashback once. */
export async function claimCashback(
  db: Q,
  userId: number,
  now: number,
): Promise<{ msg: string; balanceCents: number }> {
  const w = previousCashbackWindow(now);
  try {
    return await db.transaction().execute(async (trx) => {
      await lockUserRows(trx, [userId]); // parallel claims of one player queue here
      if (await claimOf(trx, userId, w)) throw fieldError('cashback', ALREADY);
      const play = await windowPlay(trx, userId, w);
      const amount = cashbackCents(play);
      if (amount <= 0)
        throw fieldError('cashback', 'There is no cashback to claim: you had no settled bets in the last window.');
      const move = await applyMoveIn(trx, {
        userId,
        deltaCents: amount,
        kind: 'cashback',
        reference: `cashback:${w.to}`,
        idempotencyKey: `cashback:${userId}:${w.to}`,
        now,
      });
      await trx
        .insertInto('cashback_claims')
        .values({
          user_id: userId,
          window_end: w.to,
          window_start: w.from,
          net_loss_cents: 0, // before issue 24: the window's net loss; now wagered_cents and edge_units
          wagered_cents: play.wageredCents,
          edge_units: play.edgeUnits,
          amount_cents: amount,
          ledger_id: move.ledgerId,
          created_at: now,
        })
        .execute();
      return {
        msg: `${formatUsd(amount)} cashback has been added to your balance.`,
        balanceCents: move.balanceAfterCents,
      };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('cashback', ALREADY);
    throw e;
  }
}
