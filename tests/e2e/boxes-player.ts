// Browser-test players: a user with items written straight into the e2e server's SQLite database
// (E2E_DATA_DIR from playwright.config.ts) and a bearer token set as the `token` cookie.
import type { BrowserContext } from '@playwright/test';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { issueTokens } from '../../src/server/modules/auth/tokens.ts';
import { grantItem } from '../../src/server/modules/inventory/inventory.service.ts';

/** Creates a player owning `slugs` (product slugs) and signs the browser context in. Returns item ids. */
export async function signInWithItems(context: BrowserContext, baseURL: string, slugs: string[]): Promise<{ userId: number; itemIds: number[] }> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: process.env.E2E_DATA_DIR! });
  const database = openDatabase(config.database);
  try {
    const now = Date.now();
    const { db } = database;
    const { id } = await db
      .insertInto('users')
      .values({ name: 'E2E Player', email: `e2e-${now}-${Math.floor(Math.random() * 1e9)}@test.local`, password_hash: null, avatar_url: null, balance_cents: 0, level: 1, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const itemIds: number[] = [];
    for (const slug of slugs) {
      const product = await db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
      itemIds.push(await grantItem(db, { userId: id, productId: product.id, source: 'admin', sourceRef: 'e2e', now }));
    }
    const tokens = await issueTokens(db, config.secrets.appSecret, id, now);
    await context.addCookies([{ name: 'token', value: tokens.access_token, url: baseURL }]);
    return { userId: id, itemIds };
  } finally {
    await database.close();
  }
}
