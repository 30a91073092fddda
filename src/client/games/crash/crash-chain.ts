// Checking that a game hash belongs to the published chain: hashing a game's hash gives the
// previous game's hash, so hashing it again and again must reach the published terminating hash,
// after as many steps as the game's number. Walked in slices so the page stays responsive.
import { nextChainHash } from '../../../shared/fair/crash.ts';

/** Steps from `hash` to `target` by repeated SHA-256 (0 when equal), or null within `maxSteps`. */
export function chainDistance(hash: string, target: string, maxSteps: number, from = 0): number | null {
  let h = hash.trim().toLowerCase();
  const goal = target.trim().toLowerCase();
  for (let i = from; i <= maxSteps; i++) {
    if (h === goal) return i;
    h = nextChainHash(h);
  }
  return null;
}

/** The same walk in slices of `slice` hashes, yielding to the page between them; `onProgress(steps)`. */
export async function chainDistanceAsync(
  hash: string,
  target: string,
  maxSteps: number,
  onProgress: (steps: number) => void = () => {},
  slice = 20_000,
  signal?: AbortSignal,
): Promise<number | null> {
  let h = hash.trim().toLowerCase();
  const goal = target.trim().toLowerCase();
  for (let i = 0; i <= maxSteps; i++) {
    if (h === goal) return i;
    h = nextChainHash(h);
    if (i % slice === slice - 1) {
      onProgress(i + 1);
      await new Promise((r) => setTimeout(r, 0));
      if (signal?.aborted) return null;
    }
  }
  return null;
}

/** A game hash: 64 hex characters. */
export function isGameHash(text: string): boolean {
  return /^[0-9a-f]{64}$/i.test(text.trim());
}
