// Bearer tokens: random values handed to the client once, stored only as keyed hashes.
import { createHmac, randomBytes } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import { lookUpToken } from './token-lookups.ts';
import { rememberToken, type PendingToken } from './token-cache.ts';

/** Access tokens live an hour; refresh tokens a month. */
export const accessTtlSeconds = 3600;
export const refreshTtlSeconds = 30 * 24 * 3600;

/** The token pair of the OAuth token response. */
export interface TokenPair {
  token_type: 'Bearer';
  access_token: string;
  refresh_token: string;
  expires_in: number; // seconds
}

/** The signed-in player behind a request. */
export interface AuthUser {
  id: number;
  tokenId: number; // oauth_tokens row of this access token
  pending?: PendingToken; // a token trusted until the route's statement checks it (token-cache.ts)
}

/** Keyed hash of a token; the key is the app secret so a leaked table cannot be replayed. */
export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

// The keyed hashes of the access tokens verified last: a signed-in player sends the same token with
// every request for an hour, and its HMAC is a pure function of it (≈ 2 µs of a bet's CPU). Only a
// token the database just accepted is remembered (so junk tokens cannot fill it), and only its hash,
// never whether it is valid: every request still looks it up, so revocation and expiry act at once.
const HASH_MEMO_SIZE = 4096;
const TOKEN_BYTES = 32; // every token: this many random bytes in base64url
const TOKEN_LENGTH = Math.ceil((TOKEN_BYTES * 4) / 3); // without padding
const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url');
const accessHashes = new Map<string, { secret: string; hash: string }>();

/** The hash of a token the database accepted, remembered (the oldest entry makes room). */
function rememberHash(secret: string, token: string, hash: string): void {
  if (token.length !== TOKEN_LENGTH || accessHashes.get(token)?.hash === hash) return;
  if (accessHashes.size >= HASH_MEMO_SIZE) accessHashes.delete(accessHashes.keys().next().value!);
  accessHashes.set(token, { secret, hash });
}

/** Issues a new pair for `userId` in `family` (a new family per sign-in). */
export async function issueTokens(
  db: DB,
  secret: string,
  userId: number,
  now: number,
  family = randomBytes(16).toString('hex'),
  accessTtl = accessTtlSeconds,
): Promise<TokenPair> {
  const access = newToken();
  const refresh = newToken();
  await db
    .insertInto('oauth_tokens')
    .values({
      user_id: userId,
      family,
      access_hash: hashToken(secret, access),
      refresh_hash: hashToken(secret, refresh),
      access_expires_at: now + accessTtl * 1000,
      refresh_expires_at: now + refreshTtlSeconds * 1000,
      revoked_at: null,
      created_at: now,
    })
    .execute();
  return { token_type: 'Bearer', access_token: access, refresh_token: refresh, expires_in: accessTtl };
}

/** The keyed hash of an access token (remembered for a token the database accepted lately). */
export function accessHash(secret: string, token: string): string {
  const known = accessHashes.get(token);
  return known?.secret === secret ? known.hash : hashToken(secret, token);
}

/** The user of a valid, unexpired, unrevoked access token, or null. On SQLite the lookup never
 * waits behind the writer's queue of bets (token-lookups.ts: the idle writer or the read
 * connection, one read transaction per turn of the event loop) and sees every committed revocation
 * or expiry at once. With `remember`, an accepted token goes into token-cache.ts (the instant bets
 * on PostgreSQL). */
export async function verifyAccessToken(
  db: DB,
  secret: string,
  token: string,
  now: number,
  remember = false,
): Promise<AuthUser | null> {
  const hash = accessHash(secret, token);
  const row = await lookUpToken(db, hash, now);
  if (!row) return null;
  rememberHash(secret, token, hash);
  if (remember) rememberToken(db, hash, row, now);
  return { id: row.user_id, tokenId: row.id };
}

/** Why a refresh token was refused. */
export type RefreshFailure = 'invalid' | 'expired' | 'reused';

/**
 * Rotates a refresh token: revokes its pair and issues a new one in the same family. Presenting a
 * refresh token that was already rotated or revoked revokes the whole family (RFC 9700 §4.14.2).
 */
export async function rotateRefreshToken(
  db: DB,
  secret: string,
  refreshToken: string,
  now: number,
  accessTtl = accessTtlSeconds,
): Promise<{ ok: true; userId: number; pair: TokenPair } | { ok: false; reason: RefreshFailure }> {
  const row = await db
    .selectFrom('oauth_tokens')
    .select(['id', 'user_id', 'family', 'revoked_at', 'refresh_expires_at'])
    .where('refresh_hash', '=', hashToken(secret, refreshToken))
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.revoked_at !== null) {
    await revokeFamily(db, row.family, now);
    return { ok: false, reason: 'reused' };
  }
  if (row.refresh_expires_at <= now) return { ok: false, reason: 'expired' };
  // Conditional revoke: of two concurrent uses only one wins; the loser is a reuse.
  const res = await db
    .updateTable('oauth_tokens')
    .set({ revoked_at: now })
    .where('id', '=', row.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    await revokeFamily(db, row.family, now);
    return { ok: false, reason: 'reused' };
  }
  const pair = await issueTokens(db, secret, row.user_id, now, row.family, accessTtl);
  return { ok: true, userId: row.user_id, pair };
}

/** Revokes every live pair of a token family (one sign-in and its rotations). */
export async function revokeFamily(db: DB, family: string, now: number): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ revoked_at: now })
    .where('family', '=', family)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes the family of the access token `tokenId` (logout of that session). */
export async function revokeSession(db: DB, tokenId: number, now: number): Promise<void> {
  const row = await db.selectFrom('oauth_tokens').select('family').where('id', '=', tokenId).executeTakeFirst();
  if (row) await revokeFamily(db, row.family, now);
}

/** Revokes every session of a user (password reset). */
export async function revokeAllSessions(db: DB, userId: number, now: number): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
