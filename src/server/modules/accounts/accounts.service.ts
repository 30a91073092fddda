// Accounts: registration with attribution, password and social sign-in, password reset.
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import { hashPassword, verifyDecoy, verifyPassword, type ScryptParams } from '../auth/password.ts';
import { hashToken, issueTokens, revokeAllSessions, type TokenPair } from '../auth/tokens.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { HashQueue } from '../auth/hash-queue.ts';
import { findUserByEmail, insertUser } from './accounts.repository.ts';
import { sendVerification, takeOverUnverified } from './email-verification.ts';
import { mixesLookAlikeScripts } from '../../../shared/mixed-script.ts';
import { createDefaultReferralLink, findReferralLink } from '../affiliates/affiliates.repository.ts';
import { recordAccountIp } from '../affiliates/self-referral.ts';

/** What the account services need. */
export interface AccountsContext {
  db: DB;
  secret: string; // app secret: keys token and reset-token hashes
  scrypt: ScryptParams;
  accessTtl: number; // seconds
  mailer: Mailer;
  hashes: HashQueue; // every password hash runs through it (bounded, fair per client address, decoys last)
  siteUrl: string; // origin for links in mail (PUBLIC_URL)
}

/** The message of a successful registration. */
export const registeredMessage = 'Your account has been created. You can log in now.';
/** The message for wrong email or password. */
export const badCredentialsMessage = 'The user credentials were incorrect.';
/** The same answer whether or not the email exists. */
export const forgotMessage = 'If an account exists for this email, we have sent a password reset link.';
/** A successful reset. */
export const resetDoneMessage = 'Your password has been reset. Please log in.';
/** An unknown, used or expired reset token. */
export const resetInvalidMessage = 'This password reset token is invalid.';
/** Taken email. */
export const emailTakenMessage = 'The email has already been taken.';

/** Reset tokens live 60 minutes. */
export const resetTtlMs = 60 * 60_000;

/** The owner of calls made without a client address (CLIs, tests): nothing to remember. */
const NO_ADDRESS = 'local';

/** Registers a player; records the tracking link (X-TLink) and referrer (/ref/{code}) if known. */
export async function register(
  ctx: AccountsContext,
  input: {
    name: string;
    email: string;
    password: string;
    promotions?: boolean;
    ref?: string;
    trackingLink?: string | null;
  },
  now: number,
  owner = NO_ADDRESS, // the client address, for the hash queue and self-referral
): Promise<number> {
  const email = input.email.toLowerCase();
  if (await findUserByEmail(ctx.db, email)) throw fieldError('email', emailTakenMessage);
  const passwordHash = await ctx.hashes.run(owner, () => hashPassword(input.password, ctx.scrypt));
  let userId: number;
  try {
    userId = await ctx.db.transaction().execute(async (trx) => {
      const userId = await insertUser(trx, { name: input.name, email, passwordHash, avatarUrl: null, now });
      await createDefaultReferralLink(trx, userId, now);
      const link = input.trackingLink
        ? await trx
            .selectFrom('tracking_links')
            .select('id')
            .where('link', '=', input.trackingLink.slice(0, 32))
            .executeTakeFirst()
        : undefined;
      const referrer = input.ref ? await findReferralLink(trx, input.ref) : undefined;
      await trx
        .insertInto('user_attributions')
        .values({
          user_id: userId,
          tracking_link_id: link?.id ?? null,
          referrer_id: referrer?.user_id ?? null,
          wants_promotions: input.promotions ? 1 : 0,
          created_at: now,
        })
        .execute();
      return userId;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('email', emailTakenMessage); // a concurrent registration won
    throw e;
  }
  await rememberAddress(ctx, userId, owner, now);
  // The account exists either way; a mail failure leaves the player to ask for the link again.
  await sendVerification(ctx, { id: userId, name: input.name, email }, now).catch(() => undefined);
  return userId;
}

/** Remembers the address an account signed up or in from, for self-referral (affiliates/self-referral.ts). */
async function rememberAddress(ctx: AccountsContext, userId: number, ip: string, now: number): Promise<void> {
  if (ip === NO_ADDRESS) return;
  await recordAccountIp(ctx.db, ctx.secret, userId, ip, now).catch(() => undefined); // never blocks a sign-in
}

/** The one normal form of a login name: trimmed, lower-case, at most 254 characters (longer never matches). */
export function normalizeUsername(username: string): string {
  const u = username.trim().toLowerCase();
  return u.length <= 254 ? u : u.slice(0, 255);
}

/** Password grant (`username` already normalised): checks the credentials (even timing for unknown emails) and issues a pair. */
export async function passwordGrant(
  ctx: AccountsContext,
  username: string,
  password: string,
  now: number,
  owner = NO_ADDRESS, // the client address, for the hash queue and self-referral
): Promise<TokenPair> {
  const user = username.length <= 254 ? await findUserByEmail(ctx.db, username) : undefined;
  // An unknown email spends the same work (the decoy hash) so its answer takes as long: no enumeration
  // by timing. Under a flood its decoy is shed first (answered false after a hash's usual time, no
  // work), and a known account's hash goes before every decoy (issue 24 item 5).
  const stored = user?.password_hash;
  const ok = stored
    ? await ctx.hashes.run(owner, () => verifyPassword(password, stored))
    : await ctx.hashes.runDecoy(owner, () => verifyDecoy(password, ctx.scrypt), false);
  if (!user || !ok) throw new HttpError(400, badCredentialsMessage);
  await rememberAddress(ctx, user.id, owner, now);
  return issueTokens(ctx.db, ctx.secret, user.id, now, undefined, ctx.accessTtl);
}

/** A person as a social provider describes them. */
export interface SocialIdentity {
  id: string; // provider's stable id
  email: string | null;
  emailVerified: boolean;
  name: string;
  avatarUrl: string | null;
}

/**
 * Signs in a social identity: its linked account, else the account of its email, else a new one.
 * An account is joined only through a provider-verified email; if nobody proved that email for the
 * account (a password set by whoever registered it), the sign-in takes it over: password and
 * sessions revoked (pre-hijacking defence). The same applies to an identity linked before.
 */
export async function socialSignIn(
  ctx: AccountsContext,
  provider: string,
  who: SocialIdentity,
  now: number,
): Promise<TokenPair> {
  const linked = await ctx.db
    .selectFrom('social_accounts')
    .innerJoin('users', 'users.id', 'social_accounts.user_id')
    .select(['users.id', 'users.email', 'users.password_hash', 'users.email_verified_at'])
    .where('provider', '=', provider)
    .where('provider_user_id', '=', who.id)
    .executeTakeFirst();
  const proves = (u: { email: string; password_hash: string | null; email_verified_at: number | null }) =>
    who.emailVerified && who.email?.toLowerCase() === u.email && u.email_verified_at === null;
  let userId = linked?.id;
  if (linked && proves(linked)) {
    const id = linked.id;
    await ctx.db.transaction().execute((trx) => takeOverUnverified(trx, id, now));
  }
  if (userId === undefined) {
    const email = (who.email ?? `${provider}-${who.id}@users.noreply.lootarcade.local`).toLowerCase();
    const existing = await findUserByEmail(ctx.db, email);
    if (existing && !who.emailVerified)
      throw new HttpError(409, 'An account with this email already exists. Log in with your password.');
    userId = await ctx.db.transaction().execute(async (trx) => {
      if (existing && existing.email_verified_at == null) await takeOverUnverified(trx, existing.id, now);
      const id =
        existing?.id ??
        (await insertUser(trx, {
          name: (mixesLookAlikeScripts(who.name) ? '' : who.name.slice(0, 64)) || 'Player', // no look-alike names from providers either
          email,
          passwordHash: null,
          avatarUrl: who.avatarUrl,
          now,
          emailVerifiedAt: who.email && who.emailVerified ? now : null,
        }));
      if (!existing) {
        await createDefaultReferralLink(trx, id, now);
        await trx
          .insertInto('user_attributions')
          .values({ user_id: id, tracking_link_id: null, referrer_id: null, wants_promotions: 0, created_at: now })
          .execute();
      }
      await trx
        .insertInto('social_accounts')
        .values({ user_id: id, provider, provider_user_id: who.id, created_at: now })
        .execute();
      return id;
    });
  }
  return issueTokens(ctx.db, ctx.secret, userId, now, undefined, ctx.accessTtl);
}

/** Starts a reset: mails a single-use 60-minute token when the email has an account. */
export async function forgotPassword(ctx: AccountsContext, email: string, origin: string, now: number): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await ctx.db
    .insertInto('password_resets')
    .values({
      user_id: user.id,
      token_hash: hashToken(ctx.secret, token),
      expires_at: now + resetTtlMs,
      used_at: null,
      created_at: now,
    })
    .execute();
  const url = `${origin}/reset-password?token=${token}&email=${encodeURIComponent(user.email)}`;
  await ctx.mailer.send(
    {
      to: user.email,
      subject: 'Reset your Loot Arcade password',
      text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Loot Arcade account. Open this link within 60 minutes to choose a new one:\n\n${url}\n\nIf it was not you, ignore this mail: your password stays the same.\n`,
    },
    now,
  );
}

/** Completes a reset: new password, token used up, every session revoked; one transaction. */
export async function resetPassword(
  ctx: AccountsContext,
  input: { email: string; token: string; password: string },
  now: number,
  owner = 'local', // the client address, for the hash queue
): Promise<void> {
  const user = await findUserByEmail(ctx.db, input.email);
  const row = user
    ? await ctx.db
        .selectFrom('password_resets')
        .select(['id', 'expires_at', 'used_at'])
        .where('token_hash', '=', hashToken(ctx.secret, input.token))
        .where('user_id', '=', user.id)
        .executeTakeFirst()
    : undefined;
  if (!user || !row || row.used_at !== null || row.expires_at <= now) throw new HttpError(422, resetInvalidMessage);
  const passwordHash = await ctx.hashes.run(owner, () => hashPassword(input.password, ctx.scrypt));
  await ctx.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new HttpError(422, resetInvalidMessage);
    // Any other outstanding token of this user dies with this reset.
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    // The mailed token proves the email, too.
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, email_verified_at: user.email_verified_at ?? now })
      .where('id', '=', user.id)
      .execute();
    await revokeAllSessions(trx, user.id, now);
  });
}
