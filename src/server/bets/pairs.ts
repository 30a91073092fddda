// The seed pair a plan is made on. PostgreSQL keeps each player's active pair in process memory
// (`cachedPair`), advanced by each bet that commits here, so a bet is one round trip; the generic
// function's compare-and-set refuses a pair that moved on (a bet in another process, a rotation,
// a refused bet that had reserved a nonce) and the bet is re-planned under the lock. `lockedPair`
// reads it in a transaction that holds the player's user row (the lock order: user rows, then the
// pair), creating the pairs on a player's first bet.
import type { Transaction } from 'kysely';
import type { Database, DB, Dialect } from '../db/database.ts';
import type { Tables } from '../db/tables.ts';
import { HttpError } from '../http/errors.ts';
import { ensurePairs } from '../modules/fair/fair.repository.ts';
import { seedPairOf, type SeedPair } from './plan.ts';

const MAX_CACHED = 100_000; // players per process; past it the cache starts again

const caches = new WeakMap<DB, Map<number, SeedPair>>();

function cacheOf(db: DB): Map<number, SeedPair> {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new Map()));
  return c;
}

async function readPair(db: DB | Transaction<Tables>, dialect: Dialect, userId: number, lock: boolean) {
  const q = db
    .selectFrom('fair_seeds')
    .select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
    .where('user_id', '=', userId)
    .where('slot', '=', 'active');
  const r = await (lock && dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
  return r && seedPairOf(r);
}

/** The player's active pair read under their user-row lock (created when missing). */
export async function lockedPair(
  trx: Transaction<Tables>,
  dialect: Dialect,
  userId: number,
  now: number,
): Promise<SeedPair> {
  const pair = await readPair(trx, dialect, userId, true);
  if (pair) return pair;
  await ensurePairs(trx, userId, now);
  return (await readPair(trx, dialect, userId, true))!;
}

/** The pair to plan the next bet on, with `count` nonces reserved in the cache (see the file comment). */
export async function cachedPair(database: Database, userId: number, count: number, now: number): Promise<SeedPair> {
  const cache = cacheOf(database.db);
  let pair = cache.get(userId);
  if (!pair) {
    pair = await readPair(database.db, database.dialect, userId, false);
    if (!pair) {
      const user = await database.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) throw new HttpError(404, 'User not found.'); // (the pairs' foreign key would refuse them)
      await ensurePairs(database.db, userId, now);
      pair = (await readPair(database.db, database.dialect, userId, false))!;
    }
    if (cache.size >= MAX_CACHED) cache.clear();
  }
  cache.set(userId, { ...pair, nonce: pair.nonce + count }); // the next bet plans on the nonce after
  return pair;
}

/** Whether the player's pair is cached here (their next bet plans without reading it). */
export function hasCachedPair(database: Database, userId: number): boolean {
  return caches.get(database.db)?.has(userId) ?? false;
}

/** Records the pair as a committed bet left it (the next bet plans on `pair.nonce + count`). */
export function pairTaken(database: Database, pair: SeedPair, userId: number, count: number): void {
  if (database.dialect !== 'postgres') return;
  cacheOf(database.db).set(userId, { ...pair, nonce: pair.nonce + count });
}

/** Forgets the player's cached pair (it may be stale). */
export function forgetPair(database: Database, userId: number): void {
  caches.get(database.db)?.delete(userId);
}
