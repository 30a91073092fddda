// Bearer tokens: random values handed to the client once, stored only as keyed hashes.
import { createHmac, randomBytes } from 'node:crypto';
import type { DB } from '../../db/database.ts';

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
}

/** Keyed hash of a token; the key is the app secret so a leaked table cannot be replayed. */
export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

/** Issues a new pair for `userId` in `family` (a new family per sign-in). */
export async function issueTokens(db: DB, secret: string, userId: number, now: number, family = randomBytes(16).toString('hex')): Promise<TokenPair> {
  const access = randomBytes(32).toString('base64url');
  const refresh = randomBytes(32).toString('base64url');
  await db
    .insertInto('oauth_tokens')
    .values({
      user_id: userId,
      family,
      access_hash: hashToken(secret, access),
      refresh_hash: hashToken(secret, refresh),
      access_expires_at: now + accessTtlSeconds * 1000,
      refresh_expires_at: now + refreshTtlSeconds * 1000,
      revoked_at: null,
      created_at: now,
    })
    .execute();
  return { token_type: 'Bearer', access_token: access, refresh_token: refresh, expires_in: accessTtlSeconds };
}

/** The user of a valid, unexpired, unrevoked access token, or null. */
export async function verifyAccessToken(db: DB, secret: string, token: string, now: number): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('oauth_tokens')
    .select(['id', 'user_id'])
    .where('access_hash', '=', hashToken(secret, token))
    .where('revoked_at', 'is', null)
    .where('access_expires_at', '>', now)
    .executeTakeFirst();
  return row ? { id: row.user_id, tokenId: row.id } : null;
}
