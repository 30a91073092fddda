// Browser-test players, made straight in the e2e server's SQLite database (E2E_DATA_DIR from
// playwright.config.ts): a user with an opening balance, a deposit and wagering through the ledger, items in
// the inventory, and the `token` / `refreshToken` cookies that sign the browser context in.
import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { issueTokens } from '../../src/server/modules/auth/tokens.ts';
import { grantItem } from '../../src/server/modules/inventory/inventory.service.ts';
import { applyMove } from '../../src/server/modules/wallet/ledger.ts';

/** Opens the e2e server's database (close it when done). */
export function e2eDatabase(): { database: Database; appSecret: string } {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: process.env.E2E_DATA_DIR! });
  return { database: openDatabase(config.database), appSecret: config.secrets.appSecret };
}

/** What the player starts with. */
export interface PlayerSetup {
  name?: string;
  balanceCents?: number; // credited through the ledger (kind admin)
  depositCents?: number; // credited through the ledger as a deposit (kind deposit: daily free boxes need $5)
  wagerCents?: number; // wagered through the ledger (credit, then a dice-bet debit): XP and level
  wagerAt?: number; // epoch ms the wager is booked at (default now): a past cashback window, a past week
  items?: string[]; // product slugs, one inventory item each
}

/** A signed-in browser player. */
export interface E2EPlayer {
  userId: number;
  itemIds: number[]; // in the order of `items`
  auth: { authorization: string }; // for page.request calls
}

/** Creates a player as `setup` says and signs `context` in. */
export async function signInPlayer(
  context: BrowserContext,
  baseURL: string,
  setup: PlayerSetup = {},
): Promise<E2EPlayer> {
  const { database, appSecret } = e2eDatabase();
  const { db } = database;
  try {
    const now = Date.now();
    const { id } = await db
      .insertInto('users')
      .values({
        name: setup.name ?? 'E2E Player',
        email: `e2e-${randomBytes(6).toString('hex')}@test.local`,
        password_hash: null,
        avatar_url: null,
        balance_cents: 0,
        level: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // a wager settles at once (an instant game's stake), so it counts for XP and the programmes
    const move = (deltaCents: number, kind: string, key: string, at = now) =>
      applyMove(db, {
        userId: id,
        deltaCents,
        kind,
        reference: 'e2e',
        idempotencyKey: `e2e-${key}:${id}`,
        now: at,
        settlesOn: '',
      });
    if (setup.wagerCents) {
      await move(setup.wagerCents, 'admin', 'wager-fund', setup.wagerAt);
      await move(-setup.wagerCents, 'bet', 'wager', setup.wagerAt);
    }
    if (setup.balanceCents) await move(setup.balanceCents, 'admin', 'fund');
    if (setup.depositCents) await move(setup.depositCents, 'deposit', 'deposit');
    const itemIds: number[] = [];
    for (const slug of setup.items ?? []) {
      const product = await db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
      itemIds.push(await grantItem(db, { userId: id, productId: product.id, source: 'admin', sourceRef: 'e2e', now }));
    }
    const tokens = await issueTokens(db, appSecret, id, now);
    await context.addCookies([
      { name: 'token', value: tokens.access_token, url: baseURL },
      { name: 'refreshToken', value: tokens.refresh_token, url: baseURL },
    ]);
    return { userId: id, itemIds, auth: { authorization: `Bearer ${tokens.access_token}` } };
  } finally {
    await database.close();
  }
}

/** Expires (server side) every live access token of the player with `email`, as if their lifetime
 * had passed: the next API call gets 401 and the client must refresh. No waiting for a real TTL. */
export async function expireAccessTokens(email: string): Promise<number> {
  const { database } = e2eDatabase();
  try {
    const { db } = database;
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const result = await db
      .updateTable('oauth_tokens')
      .set({ access_expires_at: Date.now() - 1 })
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  } finally {
    await database.close();
  }
}
