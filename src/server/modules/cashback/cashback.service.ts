// Cashback (issue 16): CASHBACK_RATE_PERCENT of a player's net loss in each daily window (21:00 to
// 21:00 in PROGRAMME_TIME_ZONE). Net loss = wager debits (WAGER_KINDS) − game payouts
// (GAME_PAYOUT_KINDS), never below 0. A window's cashback is claimable once it has closed, until
// the next one closes; the claim row (PRIMARY KEY user, window end) and the ledger key
// cashback:{user}:{window end} make it pay once, also under parallel claims.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { fieldError } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import { CASHBACK_RATE_PERCENT } from '../../../shared/constants.ts';
import { GAME_PAYOUT_KINDS, WAGER_KINDS } from '../../../shared/levels.ts';
import type { Cashback } from '../../../shared/api/programmes.ts';
import { centsToDollars, formatUsd } from '../../../shared/money.ts';
import {
  PROGRAMME_TIME_ZONE,
  cashbackWindow,
  previousCashbackWindow,
  type Window,
} from '../../../shared/time/programme-windows.ts';

type Q = Kysely<Tables>;

/** Cents of cashback for a net loss of `lossCents` (rounded down). */
export function cashbackCents(lossCents: number): number {
  return Math.floor((Math.max(0, lossCents) * CASHBACK_RATE_PERCENT) / 100);
}

/** The player's net loss in `w` (cents, ≥ 0): wagers minus game payouts. */
export async function netLoss(q: Q, userId: number, w: Window): Promise<number> {
  const row = await q
    .selectFrom('ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(eb.neg(eb.ref('delta_cents'))), eb.lit(0)).as('loss'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to)
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', 'in', [...WAGER_KINDS]), eb('delta_cents', '<', 0)]),
        eb.and([eb('kind', 'in', [...GAME_PAYOUT_KINDS]), eb('delta_cents', '>', 0)]),
      ]),
    )
    .executeTakeFirst();
  return Math.max(0, Number(row?.loss ?? 0));
}

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
  const claimable = claimed ? 0 : cashbackCents(await netLoss(q, userId, closed));
  const history = await q
    .selectFrom('cashback_claims')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('window_end', 'desc')
    .limit(30)
    .execute();
  return {
    rate: CASHBACK_RATE_PERCENT,
    time_zone: PROGRAMME_TIME_ZONE,
    window: windowView(open),
    net_loss: centsToDollars(await netLoss(q, userId, open)),
    claimable: centsToDollars(claimable),
    claimable_window: windowView(closed),
    next_reset_at: iso(open.to),
    history: history.map((h) => ({
      window: windowView({ from: Number(h.window_start), to: Number(h.window_end) }),
      net_loss: centsToDollars(Number(h.net_loss_cents)),
      amount: centsToDollars(Number(h.amount_cents)),
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
      const loss = await netLoss(trx, userId, w);
      const amount = cashbackCents(loss);
      if (amount <= 0) throw fieldError('cashback', 'There is no cashback to claim: the last window had no net loss.');
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
          net_loss_cents: loss,
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
