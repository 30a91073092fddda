// Affiliate queries: a player's referral link (made on first need for players who predate it),
// visits to it (once per browser and UTC day), and the totals of the players who signed up through it.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { controlledBy } from './self-referral.ts';
import { isReservedReferralCode } from '../../../shared/api/affiliates.ts';

/** A referral link row as the dashboard needs it. */
export interface ReferralLink {
  code: string;
  visits: number;
  code_changed_at: number | null; // epoch ms; null = the default code
  claimed_cents: number;
}

const CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'; // what REFERRAL_CODE_PATTERN allows, without the hyphen
/** Length of a default code: 36^10 ≈ 3.7 × 10^15 codes. */
export const DEFAULT_CODE_LENGTH = 10;

/** A new default code: DEFAULT_CODE_LENGTH uniform random characters of a–z and 0–9, never a reserved one. */
export function defaultReferralCode(): string {
  for (;;) {
    let code = '';
    while (code.length < DEFAULT_CODE_LENGTH) {
      for (const byte of randomBytes(16)) {
        // 252 = 7 × 36: bytes above it are dropped so every character is equally likely
        if (byte < 252 && code.length < DEFAULT_CODE_LENGTH) code += CODE_ALPHABET[byte % 36];
      }
    }
    if (!isReservedReferralCode(code)) return code;
  }
}

/**
 * Gives `userId` a link with a new default code unless it has one; a code another link has already
 * (UNIQUE code) is drawn again. Runs inside the caller's transaction (registration) or alone.
 */
export async function createDefaultReferralLink(
  db: DB,
  userId: number,
  now: number,
  draw: () => string = defaultReferralCode, // tests force a collision
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const made = await db
      .insertInto('referral_links')
      .values({ user_id: userId, code: draw(), created_at: now })
      .onConflict((oc) => oc.doNothing()) // the user's link made meanwhile, or the code taken
      .executeTakeFirst();
    if (Number(made.numInsertedOrUpdatedRows ?? 0n) === 1) return;
    const mine = await db.selectFrom('referral_links').select('id').where('user_id', '=', userId).executeTakeFirst();
    if (mine) return;
  }
  throw new Error('no free referral code after 5 draws');
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
  await createDefaultReferralLink(db, userId, now);
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

/** UTC days since 1970-01-01 of `now` (epoch ms). */
export function utcDay(now: number): number {
  return Math.floor(now / 86_400_000);
}

/**
 * Counts a landing on /ref/{code} by the browser `visitor` (its random cookie id): once per link,
 * browser and UTC day (UNIQUE link_id, visitor, day). False for an unknown code.
 */
export async function countReferralVisit(db: DB, code: string, visitor: string, now: number): Promise<boolean> {
  const link = await findReferralLink(db, code);
  if (!link) return false;
  const day = utcDay(now);
  await db.transaction().execute(async (trx) => {
    const first = await trx
      .insertInto('referral_visits')
      .values({ link_id: link.id, visitor, day })
      .onConflict((oc) => oc.columns(['link_id', 'visitor', 'day']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!first) return; // this browser counted today already
    await trx
      .updateTable('referral_links')
      .set({ visits: sql`visits + 1` })
      .where('id', '=', link.id)
      .execute();
  });
  // only today's rows decide anything: earlier ones (a random id per browser) are not kept
  await db.deleteFrom('referral_visits').where('day', '<', day).execute();
  return true;
}

/**
 * Sign-ups through the player's link and the totals the commission is paid on: wagered cents and
 * edge units (Σ cents × bp) of the referred players the referrer does not control (self-referral.ts).
 */
export async function referredTotals(
  db: DB,
  userId: number,
): Promise<{ signups: number; wageredCents: number; edgeUnits: number }> {
  const referred = () =>
    db
      .selectFrom('user_attributions')
      .innerJoin('users', 'users.id', 'user_attributions.user_id')
      .where('user_attributions.referrer_id', '=', userId);
  const all = await referred()
    .select((eb) => eb.fn.countAll<number | string>().as('signups'))
    .executeTakeFirstOrThrow();
  const paid = await referred()
    .select((eb) => [
      eb.fn.sum<number | string | null>('users.wagered_cents').as('wagered'),
      eb.fn.sum<number | string | null>('users.edge_units').as('edge'),
    ])
    .where((eb) => eb.not(controlledBy(eb, userId)))
    .executeTakeFirstOrThrow();
  return { signups: Number(all.signups), wageredCents: Number(paid.wagered ?? 0), edgeUnits: Number(paid.edge ?? 0) };
}
