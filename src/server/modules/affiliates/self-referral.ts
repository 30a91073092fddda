// Self-referral (issue 24 item 3): commission is never paid on an account the referrer controls, as
// far as the site can tell. What it can detect: the two accounts signed up or signed in from the
// same network address (kept as an HMAC with the app secret, never the address), or withdrew to
// the same address. What it cannot: a referrer who uses another network and another wallet for the
// second account — which is why all programmes together stay within half the house edge
// (shared/economics/programme-shares.ts), so even an undetected self-referral gains nothing over
// the edge's half. A shared network counts only while it looks private: both accounts on it within
// SHARED_WINDOW_MS of each other, and at most CROWD accounts ever on it (a café, an office, a mobile
// carrier's shared address is left out); withdrawal addresses compare case-blind.
import { createHmac } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';

/** Two accounts on one network address count as one person's only when seen there within 30 days. */
export const SHARED_WINDOW_MS = 30 * 86_400_000;
/** A network address more accounts than this have used is a public one and says nothing. */
export const CROWD = 5;

/** The key an address is kept as (an IPv4 address the same whether or not IPv6-mapped). */
export function ipKey(secret: string, ip: string): string {
  const plain = ip.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  return createHmac('sha256', secret).update(`ip:${plain}`).digest('hex');
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
        .where('theirs.user_id', '=', referrerId)
        // seen there within SHARED_WINDOW_MS of each other
        .where(sql<boolean>`mine.first_seen <= theirs.last_seen + ${SHARED_WINDOW_MS}`)
        .where(sql<boolean>`theirs.first_seen <= mine.last_seen + ${SHARED_WINDOW_MS}`)
        // and not a crowd's address
        .where((e) =>
          e(
            e
              .selectFrom('account_ips as crowd')
              .select((c) => c.fn.countAll().as('n'))
              .whereRef('crowd.ip_key', '=', 'mine.ip_key'),
            '<=',
            CROWD,
          ),
        ),
    ),
    eb.exists(
      eb
        .selectFrom('withdrawals as mine')
        .innerJoin('withdrawals as theirs', (j) => j.on(sql<boolean>`lower(theirs.address) = lower(mine.address)`))
        .select(sql.lit(1).as('one'))
        .whereRef('mine.user_id', '=', 'users.id')
        .where('theirs.user_id', '=', referrerId),
    ),
  ]);
}
