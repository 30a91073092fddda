// Affiliate queries: a player's referral link (made on first need for players who predate it),
// visits to it, and the totals of the players who signed up through it.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/** A referral link row as the dashboard needs it. */
export interface ReferralLink {
  code: string;
  visits: number;
  code_changed_at: number | null; // epoch ms; null = the default code
  claimed_cents: number;
}

/** A new default code: 8 URL-safe random characters (as registration makes). */
export function defaultReferralCode(): string {
  return randomBytes(6).toString('base64url');
}

/** The player's link, created with a default code when missing. */
export async function ensureReferralLink(db: DB, userId: number, now: number): Promise<ReferralLink> {
  const read = () =>
    db
      .selectFrom('referral_links')
      .select(['code', 'visits', 'code_changed_at', 'claimed_cents'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  const found = await read();
  if (found) return found;
  await db
    .insertInto('referral_links')
    .values({ user_id: userId, code: defaultReferralCode(), created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return (await read())!;
}

/** The link of `code`: the exact code, else its lower-case form (custom codes are lower-case). */
export async function findReferralLink(db: DB, code: string): Promise<{ id: number; user_id: number } | undefined> {
  if (!code || code.length > 32) return undefined;
  const q = db.selectFrom('referral_links').select(['id', 'user_id']);
  return (
    (await q.where('code', '=', code).executeTakeFirst()) ??
    (code !== code.toLowerCase() ? await q.where('code', '=', code.toLowerCase()).executeTakeFirst() : undefined)
  );
}

/** True when another player's code equals `code` ignoring case. */
export async function referralCodeTaken(db: DB, code: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('referral_links')
    .select('id')
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .where('user_id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts one landing on /ref/{code}; false for an unknown code. */
export async function countReferralVisit(db: DB, code: string): Promise<boolean> {
  const link = await findReferralLink(db, code);
  if (!link) return false;
  await db
    .updateTable('referral_links')
    .set({ visits: sql`visits + 1` })
    .where('id', '=', link.id)
    .execute();
  return true;
}

/** Sign-ups through the player's link and their totals: wagered cents and edge units (Σ cents × bp). */
export async function referredTotals(
  db: DB,
  userId: number,
): Promise<{ signups: number; wageredCents: number; edgeUnits: number }> {
  const row = await db
    .selectFrom('user_attributions')
    .innerJoin('users', 'users.id', 'user_attributions.user_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('signups'),
      eb.fn.sum<number | string | null>('users.wagered_cents').as('wagered'),
      eb.fn.sum<number | string | null>('users.edge_units').as('edge'),
    ])
    .where('user_attributions.referrer_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { signups: Number(row.signups), wageredCents: Number(row.wagered ?? 0), edgeUnits: Number(row.edge ?? 0) };
}
