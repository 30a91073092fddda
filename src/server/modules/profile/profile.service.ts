// Profile changes: name, password (current one required; other sessions signed out), avatar (a
// shipped one or an uploaded image stored under DATA_DIR), and the player's signed-in sessions.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DB } from '../../db/database.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import { hashPassword, verifyPassword, type ScryptParams } from '../auth/password.ts';
import type { HashQueue } from '../auth/hash-queue.ts';
import type { LoginBackoff } from '../../plugins/rate-limit.ts';
import { revokeAllSessions } from '../auth/tokens.ts';
import { findUserById, toPublicUser } from '../accounts/accounts.repository.ts';
import type { PublicUser } from '../../../shared/api/user.ts';
import type { ProfileSession } from '../../../shared/api/profile.ts';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE, avatarSideMessage } from '../../../shared/api/profile.ts';
import { imageSize } from './image-size.ts';
import { avatarTypeMessage, sniffImage } from './avatar-file.ts';

/** What the profile services need. */
export interface ProfileContext {
  db: DB;
  scrypt: ScryptParams;
  hashes: HashQueue; // password checks and hashes run through the accounts' bounded queue
  backoff: LoginBackoff; // the accounts' wrong-password backoff, keyed ('profile:' + user id, address)
  avatarDir: string; // absolute: DATA_DIR/avatars
}

/** Served path prefix of uploaded avatars. */
export const uploadedAvatarPrefix = '/uploads/avatars/';
/** File names of stored uploads: `{user id}-{random hex}.{ext}` (made by the server only). */
export const uploadedAvatarName = /^[1-9]\d{0,15}-[0-9a-f]{24}\.(png|jpg|webp)$/;
/** Message for a wrong current password. */
export const wrongPasswordMessage = 'The current password is incorrect.';

async function publicUser(db: DB, userId: number): Promise<PublicUser> {
  const row = await findUserById(db, userId);
  if (!row) throw new HttpError(401, 'Unauthenticated.');
  return toPublicUser(row);
}

/** Renames the player. */
export async function changeName(ctx: ProfileContext, userId: number, name: string): Promise<PublicUser> {
  await ctx.db.updateTable('users').set({ name }).where('id', '=', userId).execute();
  return publicUser(ctx.db, userId);
}

/** Changes the password after checking the current one; every other session of the player ends. */
export async function changePassword(
  ctx: ProfileContext,
  who: { userId: number; tokenId: number; address: string },
  input: { current_password: string; password: string },
  now: number,
): Promise<void> {
  const user = await findUserById(ctx.db, who.userId);
  if (!user) throw new HttpError(401, 'Unauthenticated.');
  if (!user.password_hash)
    throw fieldError(
      'current_password',
      'Your account signs in through a social network and has no password: use "Forgot password" to set one.',
    );
  const stored = user.password_hash;
  // 5 wrong current passwords from one address, then 429 with a growing wait (as sign-in does)
  const account = `profile:${who.userId}`;
  await ctx.backoff.check(account, who.address, now);
  if (!(await ctx.hashes.run(who.address, () => verifyPassword(input.current_password, stored)))) {
    await ctx.backoff.failed(account, who.address, now);
    throw fieldError('current_password', wrongPasswordMessage);
  }
  await ctx.backoff.succeeded(account, who.address);
  const hash = await ctx.hashes.run(who.address, () => hashPassword(input.password, ctx.scrypt));
  const current = await ctx.db
    .selectFrom('oauth_tokens')
    .select('family')
    .where('id', '=', who.tokenId)
    .executeTakeFirstOrThrow();
  await ctx.db.transaction().execute(async (trx) => {
    // Only the password read above may be replaced: a concurrent change makes this one fail.
    const res = await trx
      .updateTable('users')
      .set({ password_hash: hash })
      .where('id', '=', who.userId)
      .where('password_hash', '=', user.password_hash)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw fieldError('current_password', wrongPasswordMessage);
    await trx
      .updateTable('oauth_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', who.userId)
      .where('family', '!=', current.family)
      .where('revoked_at', 'is', null)
      .execute();
  });
}

/** The player's live sessions (one per sign-in), newest activity first. */
export async function listSessions(db: DB, who: { userId: number; tokenId: number }, now: number) {
  const live = await db
    .selectFrom('oauth_tokens')
    .select(['id', 'family', 'created_at'])
    .where('user_id', '=', who.userId)
    .where('revoked_at', 'is', null)
    .where('refresh_expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (live.length === 0) return [];
  const starts = await db
    .selectFrom('oauth_tokens')
    .select(['family', (eb) => eb.fn.min('created_at').as('started')])
    .where('user_id', '=', who.userId)
    .where(
      'family',
      'in',
      live.map((r) => r.family),
    )
    .groupBy('family')
    .execute();
  const current = live.find((r) => r.id === who.tokenId)?.family;
  const seen = new Set<string>();
  const out: ProfileSession[] = [];
  for (const r of live) {
    if (seen.has(r.family)) continue; // a family has one live pair; be safe with overlaps
    seen.add(r.family);
    const started = Number(starts.find((s) => s.family === r.family)?.started ?? r.created_at);
    out.push({
      id: r.id,
      signed_in_at: new Date(started).toISOString(),
      last_active_at: new Date(Number(r.created_at)).toISOString(),
      current: r.family === current,
    });
  }
  return out;
}

/** Signs the player out on every device, this one included. */
export async function signOutEverywhere(db: DB, userId: number, now: number): Promise<void> {
  await revokeAllSessions(db, userId, now);
}

async function setAvatarUrl(ctx: ProfileContext, userId: number, url: string): Promise<PublicUser> {
  const before = await ctx.db.selectFrom('users').select('avatar_url').where('id', '=', userId).executeTakeFirst();
  await ctx.db.updateTable('users').set({ avatar_url: url }).where('id', '=', userId).execute();
  // The replaced upload (only our own stored files, never a path from elsewhere) is removed.
  const old = before?.avatar_url?.startsWith(uploadedAvatarPrefix)
    ? before.avatar_url.slice(uploadedAvatarPrefix.length)
    : null;
  if (old && old !== url.slice(uploadedAvatarPrefix.length) && uploadedAvatarName.test(old))
    await unlink(join(ctx.avatarDir, old)).catch(() => undefined);
  return publicUser(ctx.db, userId);
}

/** Sets a shipped avatar (its served URL). */
export function pickAvatar(ctx: ProfileContext, userId: number, url: string): Promise<PublicUser> {
  return setAvatarUrl(ctx, userId, url);
}

/** Stores an uploaded image (type by content, at most 2 MB and 256 × 256 px) under a server-made name and sets it. */
export async function uploadAvatar(ctx: ProfileContext, userId: number, bytes: Buffer): Promise<PublicUser> {
  if (bytes.length === 0) throw fieldError('avatar', 'Choose an image file to upload.');
  if (bytes.length > AVATAR_MAX_BYTES) throw new HttpError(413, 'The avatar may not be larger than 2 MB.');
  const type = sniffImage(bytes);
  if (!type) throw fieldError('avatar', avatarTypeMessage);
  const size = imageSize(bytes, type);
  if (!size) throw fieldError('avatar', 'The avatar image could not be read.');
  if (size.width > AVATAR_MAX_SIDE || size.height > AVATAR_MAX_SIDE) throw fieldError('avatar', avatarSideMessage);
  await mkdir(ctx.avatarDir, { recursive: true });
  const name = `${userId}-${randomBytes(12).toString('hex')}.${type.ext}`;
  const tmp = join(ctx.avatarDir, `.${name}.tmp`);
  await writeFile(tmp, bytes, { mode: 0o644 });
  await rename(tmp, join(ctx.avatarDir, name)); // readers never see half a file
  return setAvatarUrl(ctx, userId, `${uploadedAvatarPrefix}${name}`);
}
