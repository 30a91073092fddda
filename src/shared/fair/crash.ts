// Crash (multiplayer): rounds consume a SHA-256 hash chain backwards; each round's point comes
// from HMAC-SHA256(key = game hash hex, message = salt), which was fixed after the chain's end
// was published.
import { hmacHex, sha256Hex } from './bytes.ts';

/** Crash point (2 decimals, ≥ 1) of a game hash and the salt. */
export function crashPoint(gameHash: string, salt: string): number {
  const hex = hmacHex(gameHash, salt);
  return crashPointFromInt(parseInt(hex.slice(0, 8), 16));
}

/** Crash point of the HMAC's first 32 bits `int` (0 … 2^32 − 1): the house-edge analysis reads it too. */
export function crashPointFromInt(int: number): number {
  return Math.floor(Math.max(1, (2 ** 32 / (int + 1)) * 0.99) * 100) / 100;
}

/** The next hash of the chain: SHA-256 of the hex text of the previous one. */
export function nextChainHash(hash: string): string {
  return sha256Hex(hash);
}

/** A chain of `length` hashes from a secret seed: [h0, h1, …]; rounds play it from the end back. */
export function hashChain(seed: string, length: number): string[] {
  const chain = [seed];
  for (let i = 1; i < length; i++) chain.push(nextChainHash(chain[i - 1]!));
  return chain;
}

/** True when hashing `gameHash` `distance` times (≥ 1) gives `laterHash` (a previously revealed one). */
export function chainLinks(gameHash: string, laterHash: string, distance = 1): boolean {
  let h = gameHash;
  for (let i = 0; i < distance; i++) h = nextChainHash(h);
  return h === laterHash.toLowerCase();
}
