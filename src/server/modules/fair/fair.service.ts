// Seed pairs: the active pair plays; the next server seed is committed (hash shown) before the
// player can change the client seed; rotating reveals the active seed and promotes the next.
import type { Database } from '../../db/database.ts';
import type { RevealedPair, RotateResult, Seeds } from '../../../shared/api/fair.ts';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { ensurePairs, newServerSeed, pairInSlot, revealedPairs, takeNonce, type TakenPair } from './fair.repository.ts';

const iso = (ms: number | null) => (ms === null ? undefined : new Date(ms).toISOString());

/** The player's seeds: active (hash only), next commitment and the last revealed pairs. */
export async function getSeeds({ db, dialect }: Database, userId: number, now: number): Promise<Seeds> {
  let active = await pairInSlot(db, dialect, userId, 'active');
  let next = await pairInSlot(db, dialect, userId, 'next');
  if (!active || !next) {
    await ensurePairs(db, userId, now);
    active = await pairInSlot(db, dialect, userId, 'active');
    next = await pairInSlot(db, dialect, userId, 'next');
  }
  const previous = await revealedPairs(db, userId, 20);
  return {
    server_seed_hash: active!.server_seed_hash,
    client_seed: active!.client_seed,
    nonce: Number(active!.nonce),
    next_server_seed_hash: next!.server_seed_hash,
    previous: previous.map((p): RevealedPair => ({
      server_seed: p.server_seed,
      server_seed_hash: p.server_seed_hash,
      client_seed: p.client_seed,
      nonce: Number(p.nonce),
      revealed_at: iso(p.revealed_at),
    })),
  };
}

/**
 * Rotates in one transaction: the active pair is copied into a revealed row, the committed next
 * server seed becomes active (nonce 0, with `clientSeed` or the old client seed) and a new next
 * seed is committed. The active row keeps its id, so a bet waiting on its lock continues on the
 * new pair with nonce 0 instead of failing.
 */
export async function rotateSeeds(
  database: Database,
  userId: number,
  now: number,
  clientSeed?: string,
): Promise<RotateResult> {
  const { db, dialect } = database;
  await ensurePairs(db, userId, now);
  return db.transaction().execute(async (trx) => {
    const active = (await pairInSlot(trx, dialect, userId, 'active', true))!;
    const next = (await pairInSlot(trx, dialect, userId, 'next', true))!;
    await trx
      .insertInto('fair_seeds')
      .values({
        user_id: userId,
        slot: null,
        server_seed: active.server_seed,
        server_seed_hash: active.server_seed_hash,
        client_seed: active.client_seed,
        nonce: active.nonce,
        created_at: active.created_at,
        revealed_at: now,
      })
      .execute();
    const client_seed = clientSeed ?? active.client_seed;
    await trx
      .updateTable('fair_seeds')
      .set({
        server_seed: next.server_seed,
        server_seed_hash: next.server_seed_hash,
        client_seed,
        nonce: 0,
        created_at: now,
      })
      .where('id', '=', active.id)
      .execute();
    const fresh = newServerSeed();
    await trx
      .updateTable('fair_seeds')
      .set({ ...fresh, created_at: now })
      .where('id', '=', next.id)
      .execute();
    return {
      previous: {
        server_seed: active.server_seed,
        server_seed_hash: active.server_seed_hash,
        client_seed: active.client_seed,
        nonce: Number(active.nonce),
        revealed_at: iso(now),
      },
      current: {
        server_seed_hash: next.server_seed_hash,
        client_seed,
        nonce: 0,
        next_server_seed_hash: fresh.server_seed_hash,
      },
    };
  });
}

/**
 * Sets the client seed. An unused pair (nonce 0) keeps its server seed; a used one rotates
 * (revealing it), so every pair has exactly one client seed and its bets stay verifiable.
 */
export async function setClientSeed(
  database: Database,
  userId: number,
  clientSeed: string,
  now: number,
): Promise<Seeds> {
  const { db, dialect } = database;
  await ensurePairs(db, userId, now);
  const updated = await db
    .updateTable('fair_seeds')
    .set({ client_seed: clientSeed })
    .where('user_id', '=', userId)
    .where('slot', '=', 'active')
    .where('nonce', '=', 0)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await rotateSeeds(database, userId, now, clientSeed);
  return getSeeds({ ...database, db, dialect }, userId, now);
}

/** The seed pair and nonce of a player's next bet (the one lookup of dice, upgrade and box openings).
 *  Takes the nonce (+1 atomically), creating the player's pairs first when missing. Call it inside
 *  the bet's transaction: the UPDATE holds the active pair's row until commit, so one player's bets
 *  queue on it (the first lock every game takes, which keeps the lock order the same everywhere). */
export async function takeNextNonce(trx: Kysely<Tables>, userId: number, now: number): Promise<TakenPair> {
  const pair = await takeNonce(trx, userId);
  if (pair) return pair;
  await ensurePairs(trx, userId, now);
  return (await takeNonce(trx, userId))!;
}
