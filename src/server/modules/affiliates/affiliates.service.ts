// Affiliates: the dashboard, the one change of the referral code, and claiming the commission
// (AFFILIATE_SHARE_PERCENT of the expected house profit of referred players' wagers) through the
// ledger. A claim pays everything earned and not yet claimed, once: the affiliate's user row is
// locked first, and the ledger key names the earned total it settles up to.
import type { DB } from '../../db/database.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import {
  AFFILIATE_SHARE_PERCENT,
  commissionCents,
  isReservedReferralCode,
  nothingToClaimMessage,
  referralCodeChangedMessage,
  referralCodeReservedMessage,
  referralCodeTakenMessage,
  type Affiliate,
} from '../../../shared/api/affiliates.ts';
import { ensureReferralLink, referralCodeTaken, referredTotals } from './affiliates.repository.ts';
import { toDollars } from '../../../shared/money.ts';

/** Ledger kind of a commission credit (not a game payout: it returns no wager of the player's own). */
export const AFFILIATE_KIND = 'affiliate_commission';

/** The dashboard of `userId`; `origin` makes the absolute link. */
export async function affiliateDashboard(db: DB, origin: string, userId: number, now: number): Promise<Affiliate> {
  const link = await ensureReferralLink(db, userId, now);
  const totals = await referredTotals(db, userId);
  const earned = commissionCents(totals.edgeUnits);
  return {
    code: link.code,
    link: `${origin}/ref/${encodeURIComponent(link.code)}`,
    code_editable: link.code_changed_at === null,
    visitors: Number(link.visits),
    signups: totals.signups,
    referred_wagered: toDollars(totals.wageredCents),
    commission_rate: AFFILIATE_SHARE_PERCENT,
    earned: toDollars(earned),
    claimable: toDollars(Math.max(0, earned - Number(link.claimed_cents))),
  };
}

/** Changes the default code to `code` (already validated and lower-cased); allowed once. */
export async function changeReferralCode(db: DB, userId: number, code: string, now: number): Promise<void> {
  const link = await ensureReferralLink(db, userId, now);
  if (link.code_changed_at !== null) throw new HttpError(409, referralCodeChangedMessage);
  if (link.code === code) throw fieldError('code', 'This is already your code.');
  if (isReservedReferralCode(code)) throw fieldError('code', referralCodeReservedMessage); // the body schema refuses it too
  if (await referralCodeTaken(db, code, userId)) throw fieldError('code', referralCodeTakenMessage);
  try {
    const r = await db
      .updateTable('referral_links')
      .set({ code, code_changed_at: now })
      .where('user_id', '=', userId)
      .where('code_changed_at', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new HttpError(409, referralCodeChangedMessage); // a parallel change won
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('code', referralCodeTakenMessage); // taken meanwhile
    throw e;
  }
}

/** Pays the claimable commission; returns the amount and the new balance (cents). */
export async function claimCommission(
  db: DB,
  userId: number,
  now: number,
): Promise<{ amountCents: number; balanceCents: number }> {
  await ensureReferralLink(db, userId, now);
  try {
    return await db.transaction().execute(async (trx) => {
      await lockUserRows(trx, [userId]);
      const link = await trx
        .selectFrom('referral_links')
        .select('claimed_cents')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const earned = commissionCents((await referredTotals(trx, userId)).edgeUnits);
      const claimed = Number(link.claimed_cents);
      const amount = earned - claimed;
      if (amount <= 0) throw new HttpError(422, nothingToClaimMessage);
      const move = await applyMoveIn(trx, {
        userId,
        deltaCents: amount,
        kind: AFFILIATE_KIND,
        reference: `affiliate:${userId}`,
        idempotencyKey: `affiliate:${userId}:${earned}`, // one credit per earned total
        now,
      });
      const moved = await trx
        .updateTable('referral_links')
        .set({ claimed_cents: earned })
        .where('user_id', '=', userId)
        .where('claimed_cents', '=', claimed)
        .executeTakeFirst();
      if (move.replayed || Number(moved.numUpdatedRows) !== 1) throw new HttpError(422, nothingToClaimMessage);
      return { amountCents: amount, balanceCents: move.balanceAfterCents };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new HttpError(422, nothingToClaimMessage); // a parallel claim paid it
    throw e;
  }
}
