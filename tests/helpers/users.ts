// Test players: a user row, an optional opening balance through the ledger, and a bearer token.
import { randomBytes } from 'node:crypto';
import type { DB } from '../../src/server/db/database.ts';
import { applyMove } from '../../src/server/modules/wallet/ledger.ts';
import { issueTokens, type TokenPair } from '../../src/server/modules/auth/tokens.ts';
import { ensurePairs, revealedPairs } from '../../src/server/modules/fair/fair.repository.ts';
import { hashServerSeed } from '../../src/shared/fair/index.ts';

/** A signed-in test player. */
export interface TestPlayer {
  id: number;
  email: string;
  tokens: TokenPair;
  headers: { authorization: string };
}

/** Creates a player (no password) with `balanceCents` and a fresh token pair. */
export async function createPlayer(
  db: DB,
  secret: string,
  opts: { name?: string; balanceCents?: number; now?: number; seedPair?: boolean } = {}, // seedPair: make the seed pairs now
): Promise<TestPlayer> {
  const now = opts.now ?? Date.now();
  const email = `p-${randomBytes(5).toString('hex')}@test.local`;
  const { id } = await db
    .insertInto('users')
    .values({
      name: opts.name ?? 'Test Player',
      email,
      password_hash: null,
      avatar_url: null,
      balance_cents: 0,
      level: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.balanceCents) {
    await applyMove(db, {
      userId: id,
      deltaCents: opts.balanceCents,
      kind: 'admin',
      reference: 'test',
      idempotencyKey: `test-fund:${id}`,
      now,
    });
  }
  if (opts.seedPair) await ensurePairs(db, id, now); // so bets take the hot paths that need a pair
  const tokens = await issueTokens(db, secret, id, now);
  return { id, email, tokens, headers: { authorization: `Bearer ${tokens.access_token}` } };
}

/** A player's balance in cents. */
export async function balanceOf(db: DB, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('balance_cents').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

/** The nonce of a player's active seed pair. */
export async function activeNonce(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('fair_seeds')
    .select('nonce')
    .where('user_id', '=', userId)
    .where('slot', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.nonce);
}

/** The server seeds a player's revealed pairs disclosed, by their commitment hash. */
export async function revealedSeeds(db: DB, userId: number): Promise<Map<string, string>> {
  const pairs = await revealedPairs(db, userId, 1_000);
  return new Map(pairs.map((p) => [p.server_seed_hash, p.server_seed]));
}

/**
 * A player whose active seed pair is (serverSeed, `hash` or its real hash, clientSeed) at nonce 0, so
 * tests know every roll in advance.
 */
export async function seededPlayer(
  db: DB,
  secret: string,
  opts: { balanceCents: number; serverSeed: string; clientSeed: string; hash?: string; name?: string },
): Promise<TestPlayer> {
  const p = await createPlayer(db, secret, { balanceCents: opts.balanceCents, name: opts.name, seedPair: true });
  await db
    .updateTable('fair_seeds')
    .set({
      server_seed: opts.serverSeed,
      server_seed_hash: opts.hash ?? hashServerSeed(opts.serverSeed),
      client_seed: opts.clientSeed,
    })
    .where('user_id', '=', p.id)
    .where('slot', '=', 'active')
    .execute();
  return p;
}

/** A player's balance, wagered, edge units and level as the users row holds them. */
export function playerState(db: DB, userId: number) {
  return db
    .selectFrom('users')
    .select(['balance_cents', 'wagered_cents', 'edge_units', 'level'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** A player's settled wagers (what the programmes count), in key order, without ids. */
export function settledWagers(db: DB, userId: number) {
  return db
    .selectFrom('settled_wagers')
    .select(['user_id', 'kind', 'table_key', 'stake_cents', 'edge_units', 'wager_key', 'settled_at'])
    .where('user_id', '=', userId)
    .orderBy('wager_key')
    .execute();
}

/**
 * A ledger move at `at` keyed `key`: a wager debit settles at once (an instant game's stake, so it
 * counts for XP and the programmes) unless `pending` (a stake whose bet, round or battle is open).
 */
export function testMove(
  db: DB,
  m: { userId: number; deltaCents: number; kind: string; key: string; at: number; pending?: boolean },
) {
  return applyMove(db, {
    userId: m.userId,
    deltaCents: m.deltaCents,
    kind: m.kind,
    reference: 'test',
    idempotencyKey: m.key,
    now: m.at,
    ...(m.pending ? {} : { settlesOn: '' }),
  });
}
