// Seed-pair queries; each takes the database or an open transaction first.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { FairSeedsTable, Tables } from '../../db/tables.ts';
import { hashServerSeed, seedFromBytes } from '../../../shared/fair/index.ts';

type Q = Kysely<Tables>;
type Row = { [K in keyof FairSeedsTable]: FairSeedsTable[K] extends { __select__: infer S } ? S : FairSeedsTable[K] };

/** A fresh server seed from the CSPRNG and its commitment. */
export function newServerSeed(): { server_seed: string; server_seed_hash: string } {
  const server_seed = seedFromBytes(randomBytes(32));
  return { server_seed, server_seed_hash: hashServerSeed(server_seed) };
}

/** A random default client seed (16 hex characters). */
export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

/** Creates the active and next pairs of a user when missing (safe to race). */
export async function ensurePairs(db: Q, userId: number, now: number): Promise<void> {
  const client_seed = newClientSeed();
  for (const slot of ['active', 'next'] as const) {
    await db
      .insertInto('fair_seeds')
      .values({ user_id: userId, slot, client_seed, nonce: 0, created_at: now, revealed_at: null, ...newServerSeed() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The user's pair in `slot`; locked for update on PostgreSQL when `lock`. */
export async function pairInSlot(
  db: Q,
  dialect: Dialect,
  userId: number,
  slot: 'active' | 'next',
  lock = false,
): Promise<Row | undefined> {
  const q = db.selectFrom('fair_seeds').selectAll().where('user_id', '=', userId).where('slot', '=', slot);
  return (lock && dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

/** An active pair with the nonce a bet just took. */
export interface TakenPair {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

/** Takes the next nonce of the active pair (+1 atomically); undefined when the user has no pair. */
export async function takeNonce(db: Q, userId: number): Promise<TakenPair | undefined> {
  const row = await db
    .updateTable('fair_seeds')
    .set((eb) => ({ nonce: eb('nonce', '+', 1) }))
    .where('user_id', '=', userId)
    .where('slot', '=', 'active')
    .returning(['server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
    .executeTakeFirst();
  return row && pairBefore(row);
}

/** The pair as the nonce was taken: the row read after its `nonce + 1`. */
function pairBefore(row: TakenPair): TakenPair {
  const { server_seed, server_seed_hash, client_seed } = row;
  return { server_seed, server_seed_hash, client_seed, nonce: Number(row.nonce) - 1 };
}

/** Revealed pairs of a user, newest first. */
export async function revealedPairs(db: Q, userId: number, limit: number): Promise<Row[]> {
  return db
    .selectFrom('fair_seeds')
    .selectAll()
    .where('user_id', '=', userId)
    .where('slot', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** History rows, each made with its server seed once revealed (null while its pair is active or
 * next): one query for every pair of the rows. */
export async function withRevealedSeeds<R extends { server_seed_hash: string }, T>(
  db: Q,
  rows: R[],
  item: (row: R, serverSeed: string | null) => T,
): Promise<T[]> {
  const revealed = await revealedSeedsByHash(
    db,
    rows.map((r) => r.server_seed_hash),
  );
  return rows.map((r) => item(r, revealed.get(r.server_seed_hash) ?? null));
}

/** A listed bet's player, as the history queries join it (`users.name as user_name`). */
export function listedPlayer(r: { user_id: number; user_name: string }): { id: number; name: string } {
  return { id: Number(r.user_id), name: r.user_name };
}

/** Server seeds revealed for the given hashes (hash → seed). */
async function revealedSeedsByHash(db: Q, seedHashes: Iterable<string>): Promise<Map<string, string>> {
  const hashes = [...new Set(seedHashes)]; // history rows repeat one pair's hash: ask once per pair
  if (!hashes.length) return new Map();
  const rows = await db
    .selectFrom('fair_seeds')
    .select(['server_seed_hash', 'server_seed'])
    .where('slot', 'is', null)
    .where('server_seed_hash', 'in', hashes)
    .execute();
  return new Map(rows.map((r) => [r.server_seed_hash, r.server_seed]));
}
