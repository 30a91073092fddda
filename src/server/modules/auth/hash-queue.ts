// A bounded queue for password hashes. scrypt at the OWASP cost takes 128 MiB and a libuv thread
// for a few hundred milliseconds; unbounded, 40 parallel logins for unknown emails (decoy hashes)
// took every thread, and static files and real logins waited behind them. Here at most
// `concurrency` hashes run (leaving threads for files), each client address has at most
// `perOwner` hashes running or waiting (more → 429), at most `maxWaiting` wait in all, none longer
// than `maxWaitMs` (→ 503). A freed slot goes to the waiting client with the fewest hashes running,
// so one busy client cannot keep everyone else waiting. Known and unknown emails queue alike.
import { availableParallelism } from 'node:os';
import { HttpError } from '../../http/errors.ts';
import { tooManyMessage } from '../../plugins/rate-limit.ts';

/** The answer when the queue is full or a hash waited too long. */
export const busyMessage = 'The server is busy. Please try again in a moment.';

/** Queue bounds. */
export interface HashQueueLimits {
  concurrency: number; // hashes running at once
  perOwner: number; // running + waiting per client address
  maxWaiting: number; // waiting in all
  maxWaitMs: number; // longest wait before 503
}

/**
 * Concurrency: half of libuv's thread pool (4 unless UV_THREADPOOL_SIZE says otherwise) and one
 * CPU core fewer than the machine has, at least 1, so files and the event loop keep a thread and a core.
 */
export function defaultHashLimits(
  threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4,
  cores = availableParallelism(),
): HashQueueLimits {
  const concurrency = Math.max(1, Math.min(Math.floor(threadPool / 2), cores - 1));
  return { concurrency, perOwner: 4, maxWaiting: 32, maxWaitMs: 5_000 };
}

interface Waiter {
  owner: string;
  start: () => void;
  timer: NodeJS.Timeout;
}

/** Runs password hashes under the bounds above. */
export class HashQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly runningBy = new Map<string, number>();
  private readonly heldBy = new Map<string, number>(); // running + waiting

  constructor(readonly limits: HashQueueLimits = defaultHashLimits()) {}

  /** Runs `hash` for `owner` (the client address) when a slot is free; throws 429/503 over the bounds. */
  async run<T>(owner: string, hash: () => Promise<T>): Promise<T> {
    const held = this.heldBy.get(owner) ?? 0;
    if (held >= this.limits.perOwner) throw new HttpError(429, tooManyMessage);
    const free = this.running < this.limits.concurrency && this.waiting.length === 0;
    if (!free && this.waiting.length >= this.limits.maxWaiting) throw new HttpError(503, busyMessage);
    this.bump(this.heldBy, owner, 1);
    try {
      if (free) this.take(owner);
      else await this.wait(owner); // next() takes the slot before starting us
      try {
        return await hash();
      } finally {
        this.running -= 1;
        this.bump(this.runningBy, owner, -1);
        this.next();
      }
    } finally {
      this.bump(this.heldBy, owner, -1);
    }
  }

  /** Hashes running and waiting now (for tests and logs). */
  stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private take(owner: string): void {
    this.running += 1;
    this.bump(this.runningBy, owner, 1);
  }

  private wait(owner: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const w: Waiter = {
        owner,
        start: resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(w), 1);
          reject(new HttpError(503, busyMessage));
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(w);
    });
  }

  /** Starts the waiter whose owner holds the fewest hashes (running, then waiting too; the oldest among equals). */
  private next(): void {
    const load = (owner: string) => (this.runningBy.get(owner) ?? 0) * 1000 + (this.heldBy.get(owner) ?? 0);
    while (this.running < this.limits.concurrency && this.waiting.length > 0) {
      let best = 0;
      for (let i = 1; i < this.waiting.length; i++)
        if (load(this.waiting[i]!.owner) < load(this.waiting[best]!.owner)) best = i;
      const w = this.waiting.splice(best, 1)[0]!;
      clearTimeout(w.timer);
      this.take(w.owner);
      w.start();
    }
  }

  private bump(map: Map<string, number>, owner: string, by: number): void {
    const n = (map.get(owner) ?? 0) + by;
    if (n > 0) map.set(owner, n);
    else map.delete(owner);
  }
}
