// Email verification (issue 12, accounts 5). Registering proves nothing about the email, so an
// attacker could register a victim's email with a password and wait for the victim's social
// sign-in to link to that account. The owner proves the email through a signed link in mail (or a
// password reset, or a provider that verified it); a verified social sign-in that meets an
// unproven password account takes it over: the password and every session are revoked.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { revokeAllSessions } from '../auth/tokens.ts';
import type { Mailer } from '../mail/mailer.ts';

/** A verification link works for 7 days. */
export const verifyTtlMs = 7 * 24 * 60 * 60_000;
/** A verified email. */
export const verifiedMessage = 'Your email address has been verified.';
/** A bad, expired or outdated link. */
export const verifyInvalidMessage = 'This verification link is invalid or has expired.';
/** A link was (re)sent. */
export const verifySentMessage = 'We have sent a verification link to your email address.';
/** Nothing to send. */
export const alreadyVerifiedMessage = 'Your email address is already verified.';

function sign(secret: string, userId: number, email: string, expiresAt: number): string {
  return createHmac('sha256', secret)
    .update(`verify-email:${userId}:${email.toLowerCase()}:${expiresAt}`)
    .digest('base64url');
}

/** A signed token for `userId` owning `email` until `expiresAt`: "id.expiry.mac". */
export function verificationToken(secret: string, userId: number, email: string, expiresAt: number): string {
  return `${userId}.${expiresAt}.${sign(secret, userId, email, expiresAt)}`;
}

/** Mails the verification link to a user. */
export async function sendVerification(
  ctx: { secret: string; mailer: Mailer; siteUrl: string },
  user: { id: number; name: string; email: string },
  now: number,
): Promise<void> {
  const token = verificationToken(ctx.secret, user.id, user.email, now + verifyTtlMs);
  const url = `${ctx.siteUrl}/verify-email?token=${token}`;
  await ctx.mailer.send(
    {
      to: user.email,
      subject: 'Verify your Loot Arcade email address',
      text: `Hello ${user.name},\n\nPlease confirm that this email address belongs to your Loot Arcade account by opening this link within 7 days:\n\n${url}\n\nIf you did not create an account, ignore this mail: nobody can use this address to sign in with Google or Facebook until it is confirmed.\n`,
    },
    now,
  );
}

/** Checks a mailed token and marks the email verified; 422 when it is bad, expired or for an older email. */
export async function verifyEmail(ctx: { db: DB; secret: string }, token: string, now: number): Promise<void> {
  const m = /^(\d{1,15})\.(\d{1,15})\.([\w-]{43})$/.exec(token);
  const userId = Number(m?.[1]);
  const expiresAt = Number(m?.[2]);
  const user = m
    ? await ctx.db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst()
    : undefined;
  // compared as text, not as decoded bytes: a base64url MAC's last character carries 2 padding bits,
  // so another character can decode to the same bytes — such a changed link must fail too
  const mac = Buffer.from(m?.[3] ?? '');
  const expected = user ? Buffer.from(sign(ctx.secret, user.id, user.email, expiresAt)) : null;
  if (!user || !expected || mac.length !== expected.length || !timingSafeEqual(mac, expected) || expiresAt <= now)
    throw new HttpError(422, verifyInvalidMessage);
  await ctx.db
    .updateTable('users')
    .set({ email_verified_at: now })
    .where('id', '=', user.id)
    .where('email_verified_at', 'is', null)
    .execute();
}

/**
 * A provider-verified sign-in for an account whose email nobody proved: whoever set the password
 * never showed they own the address. Revokes the password, every session and pending reset, and
 * records the email as verified. Call inside the transaction that links the identity.
 */
export async function takeOverUnverified(trx: DB, userId: number, now: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: null, email_verified_at: now })
    .where('id', '=', userId)
    .execute();
  await trx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  await revokeAllSessions(trx, userId, now);
}
