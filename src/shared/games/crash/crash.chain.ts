// Walking the crash chain: SHA-256 of a game's hash is the hash of the game played just before it
// (for the first game, the published terminating hash). Used by `verify crash --chain N` and the
// provably-fair page.
import { nextChainHash } from '../../fair/crash.ts';

/** The hashes of the `count` games played before the game of `hash`, newest first. */
export function earlierGameHashes(hash: string, count: number): string[] {
  const out: string[] = [];
  let h = hash.toLowerCase();
  for (let i = 0; i < count; i++) out.push((h = nextChainHash(h)));
  return out;
}

/** How many games before `hash` the chain reaches `terminatingHash` (its game number − 1), looking at most
 * `limit` hashes back; null when it does not within the limit (not a game of this chain, or further back). */
export function gamesBeforeTerminating(hash: string, terminatingHash: string, limit: number): number | null {
  const end = terminatingHash.toLowerCase();
  let h = hash.toLowerCase();
  for (let i = 0; i < limit; i++) {
    h = nextChainHash(h);
    if (h === end) return i;
  }
  return null;
}
