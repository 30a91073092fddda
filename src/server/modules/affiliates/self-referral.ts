// Self-referral (issue 24 item 3): commission is never paid on an account the referrer controls, as
// far as the site can tell. What it can detect: the two accounts signed up or signed in from the
// same network address (kept as an HMAC with the app secret, never the address), or withdrew to
// the same address. What it cannot: a referrer who uses another network and another wallet for the
// second account — which is why all programmes together stay within half the house edge
// (shared/economics/programme-shares.ts), so even an undetected self-referral gains nothing over
// the edge's half. A shared household or office network also counts as control (the Rules say so).
import { createHmac } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';

/** The key an address is kept as. */
export function ipKey(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(`ip:${ip}`).digest('hex');
}

/** Records that `userId` signed up or in from `ip` (upsert; never blocks the sign-in on failure). */
export async function recordAccountIp(
  db: Kysely<Tables>,
  secret: string,
  userId: number,
  ip: string,
  now: number,
): Promise<void> {
  const ip_key = ipKey(secret, ip);
  await db
    .insertInto('account_ips')
    .values({ user_id: userId, ip_key, first_seen: now, last_seen: now })
    .onConflict((oc) => oc.columns(['user_id', 'ip_key']).doUpdateSet({ last_seen: now }))
    .execute();
}

/**
 * True (as SQL) when the account `users.id` of the query shares a network address or a withdrawal
 * address with `referrerId`: an account the referrer controls.
 */
export function controlledBy(eb: ExpressionBuilder<Tables, 'users'>, referrerId: number) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('account_ips as mine')
        .innerJoin('account_ips as theirs', 'theirs.ip_key', 'mine.ip_key')
        .select(sql.lit(1).as('one'))
        .whereRef('mine.user_id', '=', 'users.id')
        .where('theirs.user_id', '=', referrerId),
    ),
    eb.exists(
      eb
        .selectFrom('withdrawals as mine')
        .innerJoin('withdrawals as theirs', 'theirs.address', 'mine.address')
        .select(sql.lit(1).as('one'))
        .whereRef('mine.user_id', '=', 'users.id')
        .where('theirs.user_id', '=', referrerId),
    ),
  ]);
}
