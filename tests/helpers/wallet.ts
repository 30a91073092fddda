// Wallet test helpers: a seeded test app, players, balance reads and captured channel events.
import type { TestApp } from './test-app.ts';
import { createTestApp } from './test-app.ts';
import { createPlayer, type TestPlayer } from './users.ts';
import { seedWallet } from '../../src/server/modules/wallet/wallet.seed.ts';
import type { Dialect } from '../../src/server/db/database.ts';
import type { LocalPublisher, ChannelEvent } from '../../src/server/realtime/publisher.ts';
import type { LightMyRequestResponse as Response } from 'fastify';

/** A seeded app under test plus helpers. */
export interface WalletTest extends TestApp {
  events: ChannelEvent[]; // every channel event published so far
  player(balanceCents?: number): Promise<TestPlayer>;
  balance(userId: number): Promise<number>; // cents
  ledgerCount(userId: number): Promise<number>;
  post(url: string, player: { headers: { authorization: string } } | null, payload?: unknown): Promise<Response>;
}

/** Builds a seeded app (promo codes, rates) and records its channel events. */
export async function createWalletTest(dialect: Dialect, env: Record<string, string> = {}): Promise<WalletTest> {
  const t = await createTestApp(dialect, { env });
  await seedWallet(t.database.db, Date.now());
  const events: ChannelEvent[] = [];
  (t.fastify.publisher as LocalPublisher).subscribe((e) => events.push(e));
  return {
    ...t,
    events,
    player: (balanceCents = 0) => createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents }),
    balance: async (id) =>
      (await t.database.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_cents,
    ledgerCount: async (id) =>
      (await t.database.db.selectFrom('ledger').select('id').where('user_id', '=', id).execute()).length,
    post: (url, player, payload = {}) =>
      t.fastify.inject({ method: 'POST', url, headers: player ? player.headers : {}, payload: payload as object }),
  };
}

/** Bad amounts every money endpoint must refuse with a 4xx. */
export const BAD_AMOUNTS: unknown[] = [
  -5,
  0,
  5.001,
  10.123,
  '25',
  'abc',
  null,
  true,
  [],
  {},
  1e21,
  1e308,
  99_999_999,
  '1e3',
  '25; drop table users',
  '<b>5</b>',
];
