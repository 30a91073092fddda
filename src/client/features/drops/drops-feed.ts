// The live-drops feed rules (spec §4 Live drops): others' drops are added after 3000 ms, newest
// first, capped at 20; the player's own drops are held while the busy flag is set and added when
// it clears. Timers are injected so tests can drive them.
import type { Drop } from '../../../shared/api/boxes.ts';

/** Delay before another player's drop shows, in ms. */
export const DROP_DELAY_MS = 3000;
/** Tiles kept in the feed. */
export const DROP_CAP = 20;

/** A drop as the public channel carries it. */
export type LiveDrop = Drop & { user_id?: number };

/** What the feed needs from its surroundings. */
export interface FeedEnv {
  selfId(): number | null; // the signed-in player's id
  busy(): boolean; // a game is in progress
  schedule(fn: () => void, ms: number): () => void; // returns a cancel function
  onChange(drops: Drop[]): void;
}

/** The feed's list plus its pending timers and held own drops. */
export class DropsFeed {
  private drops: Drop[] = []; // newest first, at most DROP_CAP
  private held: Drop[] = []; // own drops received while busy, oldest first
  private timers = new Set<() => void>(); // cancel functions of pending delayed drops

  constructor(
    private readonly env: FeedEnv,
    private readonly cap = DROP_CAP,
  ) {}

  /** Replaces the list (the initial GET /api/last-drops). */
  seed(drops: Drop[]): void {
    this.drops = drops.slice(0, this.cap);
    this.env.onChange(this.drops);
  }

  /** A lastDrop event arrived. */
  receive(drop: LiveDrop): void {
    const owner = drop.user_id ?? drop.user.id;
    if (owner === this.env.selfId()) {
      if (this.env.busy()) this.held.push(drop);
      else this.add(drop);
      return;
    }
    const cancel = this.env.schedule(() => {
      this.timers.delete(cancel);
      this.add(drop);
    }, DROP_DELAY_MS);
    this.timers.add(cancel);
  }

  /** The busy flag changed: when it clears, held own drops are added. */
  busyChanged(busy: boolean): void {
    if (busy || !this.held.length) return;
    const held = this.held;
    this.held = [];
    for (const d of held) this.add(d, false);
    this.env.onChange(this.drops);
  }

  /** Cancels pending timers. */
  dispose(): void {
    for (const cancel of this.timers) cancel();
    this.timers.clear();
  }

  private add(drop: Drop, notify = true): void {
    if (this.drops.some((d) => d.id === drop.id)) return;
    this.drops = [drop, ...this.drops].slice(0, this.cap);
    if (notify) this.env.onChange(this.drops);
  }
}
