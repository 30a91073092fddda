// The installation's crash hash chain: h[0] a random secret seed, h[k+1] = SHA-256(hex text of
// h[k]) up to h[games], the published terminating hash. Game g (1, 2, …) plays h[games − g], so the
// chain is consumed backwards and SHA-256 of a game's hash is the previous game's (or, for game 1,
// the terminating hash). Generated once per installation in slices that yield to the event loop
// (start-up and requests go on meanwhile); only every CHECKPOINT_EVERY-th hash is stored, and a
// game's hash is walked from the checkpoint below it (< CHECKPOINT_EVERY hashes).
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Tables } from '../../db/tables.ts';
import { transact } from '../../db/transact.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

/** Stored hashes: one in this many. */
export const CHECKPOINT_EVERY = 1000;
const SLICE = 5000; // hashes computed between two turns of the event loop

/** The published part of the chain. */
export interface ChainInfo {
  terminatingHash: string;
  salt: string;
  games: number;
  checkpointEvery: number;
}

/** SHA-256 of the hex text: nextChainHash (src/shared/fair/crash.ts) with node's faster hash (a test checks they agree). */
function sha(hex: string): string {
  return createHash('sha256').update(hex).digest('hex');
}

/** The chain's published part, or undefined while it is not generated yet. */
export async function chainInfo(db: Kysely<Tables>): Promise<ChainInfo | undefined> {
  const row = await db.selectFrom('crash_chain').selectAll().where('id', '=', 1).executeTakeFirst();
  return row
    ? {
        terminatingHash: row.terminating_hash,
        salt: row.salt,
        games: Number(row.games),
        checkpointEvery: row.checkpoint_every,
      }
    : undefined;
}

/** Generates `games` + 1 hashes from a random seed without blocking, and stores the checkpoints and the
 * chain's end in one transaction; false when another process stored its chain first. */
export async function generateChain(database: Database, games: number, now: number): Promise<boolean> {
  const checkpoints: { chain_index: number; hash: string }[] = [];
  let hash = randomBytes(32).toString('hex');
  for (let i = 0; i <= games; i++) {
    if (i % CHECKPOINT_EVERY === 0) checkpoints.push({ chain_index: i, hash });
    if (i === games) break;
    hash = sha(hash);
    if (i % SLICE === SLICE - 1) await new Promise((r) => setImmediate(r));
  }
  const salt = randomBytes(32).toString('hex');
  try {
    await transact(database, async (trx) => {
      for (let i = 0; i < checkpoints.length; i += 500) {
        await trx
          .insertInto('crash_chain_checkpoints')
          .values(checkpoints.slice(i, i + 500))
          .execute();
      }
      await trx
        .insertInto('crash_chain')
        .values({ id: 1, terminating_hash: hash, salt, games, checkpoint_every: CHECKPOINT_EVERY, created_at: now })
        .execute();
    });
    return true;
  } catch (e) {
    if (isUniqueViolation(e)) return false;
    throw e;
  }
}

/** The hash of game `gameNumber` (1 … games): walked forward from the checkpoint below it. */
export async function gameHash(db: Kysely<Tables>, chain: ChainInfo, gameNumber: number): Promise<string> {
  if (!Number.isInteger(gameNumber) || gameNumber < 1 || gameNumber > chain.games) {
    throw new Error(`crash chain: no game ${gameNumber} (the chain has ${chain.games})`);
  }
  const index = chain.games - gameNumber;
  const base = Math.floor(index / chain.checkpointEvery) * chain.checkpointEvery;
  const row = await db
    .selectFrom('crash_chain_checkpoints')
    .select('hash')
    .where('chain_index', '=', base)
    .executeTakeFirstOrThrow();
  let hash = row.hash;
  for (let i = base; i < index; i++) hash = sha(hash);
  return hash;
}
