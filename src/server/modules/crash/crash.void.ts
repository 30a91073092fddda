// Rocket's outage policy (issue 24 item 10, bustabit's rule): a round in progress that no leader drove
// for more than CRASH_VOID_AFTER_MS (from its last heartbeat, or its start, to now or to its crash
// time, whichever is first) is voided instead of played out: every open bet (not cashed out) is
// refunded once through the ledger, in the transaction that ends the round; bets cashed out before
// the outage keep their payouts. The round's hash and crash point are still revealed once it has
// ended (the chain stays whole and verifiable); `voided_at` marks it. A voided round earns nothing:
// a refund is a ledger credit, never a settled wager.
import type { Transaction } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import { unattendedMs } from '../../rounds/round-loop.ts';
import { crashMsForCents } from '../../../shared/games/crash/crash.curve.ts';
import { roundBets, type BetWithUser, type CrashRoundRow } from './crash.repository.ts';

/** Longest a round in progress may go without its leader before it is voided (ms). A failover through
 * the Redis lock (2.5 s TTL, renewed every second) takes about 3.5 s and does not void the round. */
export const CRASH_VOID_AFTER_MS = 5000;

/** A bet refunded by a voided round, and its player's balance after the refund. */
export interface Refunded {
  bet: BetWithUser;
  balanceCents: number;
}

/** True when `round` (in progress) has gone without its leader longer than the policy allows at `now`:
 * the leader voids it, and no instance cashes a bet out of it any more. */
export function crashRoundAbandoned(round: CrashRoundRow, now: number): boolean {
  return unattendedMs(round, crashMsForCents(Number(round.crash_point_cents)), now) > CRASH_VOID_AFTER_MS;
}

/**
 * Voids `round`: refunds each open bet once (claimed active → refunded with a conditional UPDATE; ledger
 * kind crash_refund, key crash:{bet}:refund) and marks the round voided_at. Runs in the transaction
 * that moves the round to ended (the round loop's void), so a refund commits with the round's end or
 * not at all.
 */
export async function voidCrashRound(trx: Transaction<Tables>, round: CrashRoundRow, now: number): Promise<Refunded[]> {
  const open = await roundBets(trx, round.id, { status: 'active' });
  await lockUserRows(
    trx,
    open.map((b) => Number(b.user_id)),
  );
  const refunded: Refunded[] = [];
  for (const bet of open) {
    const amount = Number(bet.amount_cents);
    const claimed = await trx
      .updateTable('crash_bets')
      .set({ status: 'refunded', payout_cents: amount, settled_at: now })
      .where('id', '=', bet.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue; // cashed out meanwhile: its payout stands
    const { balanceAfterCents } = await applyMoveIn(trx, {
      userId: Number(bet.user_id),
      deltaCents: amount,
      kind: 'crash_refund',
      reference: `crash_bet:${bet.id}`,
      idempotencyKey: `crash:${bet.id}:refund`,
      now,
    });
    refunded.push({ bet: { ...bet, status: 'refunded', payout_cents: amount }, balanceCents: balanceAfterCents });
  }
  await trx.updateTable('crash_rounds').set({ voided_at: now }).where('id', '=', round.id).execute();
  return refunded;
}
