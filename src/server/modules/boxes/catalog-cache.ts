// A short-lived in-process cache for catalog reads (box list and detail). The catalog changes
// only by publishing a box version: that bumps the epoch and empties every cache of this process;
// other instances see the change within the TTL. Money never moves on a cached answer alone: a
// paid opening keeps its box here (openings/box-load.ts, no TTL) and its transaction checks that the
// box is still at the kept version, whose price never changes.

let epoch = 0; // bumped by every published box version in this process

/** Marks every cached catalog answer of this process stale. */
export function bumpCatalogEpoch(): void {
  epoch += 1;
}

/** A TTL cache of promises keyed by string; one per app. */
export class CatalogCache {
  private readonly entries = new Map<string, { at: number; epoch: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number, // how long an answer is reused
    private readonly maxEntries = 500, // beyond this the cache is cleared (query strings vary)
  ) {}

  /** The cached value for `key`, or the result of `load` (failures are not kept). */
  get<T>(key: string, now: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.epoch === epoch && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { at: now, epoch, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** Drops the answer kept for `key` (the next `get` loads it again). */
  forget(key: string): void {
    this.entries.delete(key);
  }
}
