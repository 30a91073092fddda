// Browser-test player for the wallet client: a user with a balance written straight into the e2e
// server's SQLite database (E2E_DATA_DIR), signed in with the `token` and `refreshToken` cookies.
import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { issueTokens } from '../../src/server/modules/auth/tokens.ts';

/** Opens the e2e server's database (close it when done). */
export function e2eDatabase(): { database: Database; appSecret: string } {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: process.env.E2E_DATA_DIR! });
  return { database: openDatabase(config.database), appSecret: config.secrets.appSecret };
}

/** Creates a player with `balanceCents` and signs the context in; returns the id and bearer header. */
export async function signInWallet(context: BrowserContext, baseURL: string, balanceCents = 0): Promise<{ userId: number; auth: { authorization: string } }> {
  const { database, appSecret } = e2eDatabase();
  try {
    const now = Date.now();
    const { id } = await database.db
      .insertInto('users')
      .values({ name: 'Wallet E2E', email: `wallet-${randomBytes(6).toString('hex')}@test.local`, password_hash: null, avatar_url: null, balance_cents: balanceCents, level: 1, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tokens = await issueTokens(database.db, appSecret, id, now);
    await context.addCookies([
      { name: 'token', value: tokens.access_token, url: baseURL },
      { name: 'refreshToken', value: tokens.refresh_token, url: baseURL },
    ]);
    return { userId: id, auth: { authorization: `Bearer ${tokens.access_token}` } };
  } finally {
    await database.close();
  }
}
