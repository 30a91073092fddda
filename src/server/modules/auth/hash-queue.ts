// A bounded queue for password hashes. scrypt at the OWASP cost takes 128 MiB and a libuv thread
// for a few hundred milliseconds; unbounded, 40 parallel logins for unknown emails (decoy hashes)
// took every thread, and static files and real logins waited behind them. Here at most
// `concurrency` hashes run (leaving threads for files), each client address has at most
// `perOwner` hashes running or waiting (more → 429), at most `maxWaiting` wait in all, none longer
// than `maxWaitMs` (→ 503).
//
// Two kinds of work (issue 24 item 5): `account` hashes (a known account's login, registration,
// reset, password change) and `decoy` hashes (a login for an unknown email, spent only so that its
// answer takes as long as a real one). 64 addresses sending one unknown-email login every 2.5 s
// filled the queue with decoys and the owner's login got 503 twelve times out of twelve. So:
// account work always starts before decoys; when the queue is full a newcomer's account work takes
// the place of the youngest waiting decoy; decoys wait at most `maxDecoyWaiting` at once. A shed
// decoy (`runDecoy`) is answered as the failure it is, after the time a hash takes now, with no
// work. Within a kind, a freed slot goes to the waiting client with the fewest hashes running, so
// one busy client cannot keep everyone else waiting.
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
  maxDecoyWaiting?: number; // decoys waiting at once (default half of maxWaiting); more are shed
}

/** What a hash is for: a known account's work, or the decoy of an unknown-email login. */
export type HashKind = 'account' | 'decoy';

/**
 * Concurrency: half of libuv's thread pool (4 unless UV_THREADPOOL_SIZE says otherwise) and one
 * CPU core fewer than the machine has, at least 1, so files and the event loop keep a thread and a core.
 */
export function defaultHashLimits(
  threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4,
  cores = availableParallelism(),
): HashQueueLimits {
  const concurrency = Math.max(1, Math.min(Math.floor(threadPool / 2), cores - 1));
  return { concurrency, perOwner: 4, maxWaiting: 32, maxWaitMs: 5_000, maxDecoyWaiting: 16 };
}

/** A decoy hash that was shed (queue full, or waited too long): its login is answered without it. */
export class HashShed extends HttpError {
  constructor(readonly waitedMs: number) {
    super(503, busyMessage);
  }
}

interface Waiter {
  owner: string;
  kind: HashKind;
  since: number; // performance.now() at arrival
  start: () => void;
  fail: (e: Error) => void;
  timer: NodeJS.Timeout;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs password hashes under the bounds above. */
export class HashQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly runningBy = new Map<string, number>();
  private readonly heldBy = new Map<string, number>(); // running + waiting
  private typicalMs = 300; // recent arrival → finish time of a hash (moving average), ms
  /** Told of every refusal (metrics): per_client (429), full (503), timeout (503), decoy_shed. */
  onRefuse: ((reason: 'per_client' | 'full' | 'timeout' | 'decoy_shed') => void) | null = null;

  constructor(readonly limits: HashQueueLimits = defaultHashLimits()) {}

  /** Runs `hash` for `owner` (the client address) when a slot is free; throws 429/503 over the bounds
   * (a decoy: HashShed, a 503). */
  async run<T>(owner: string, hash: () => Promise<T>, kind: HashKind = 'account'): Promise<T> {
    const held = this.heldBy.get(owner) ?? 0;
    if (held >= this.limits.perOwner) {
      this.onRefuse?.('per_client');
      throw new HttpError(429, tooManyMessage);
    }
    const free = this.running < this.limits.concurrency && this.waiting.length === 0;
    if (!free) this.makeRoom(kind);
    const since = performance.now();
    this.bump(this.heldBy, owner, 1);
    try {
      if (free) this.take(owner);
      else await this.wait(owner, kind, since); // next() takes the slot before starting us
      try {
        return await hash();
      } finally {
        this.running -= 1;
        this.bump(this.runningBy, owner, -1);
        this.typicalMs += (performance.now() - since - this.typicalMs) / 8;
        this.next();
      }
    } finally {
      this.bump(this.heldBy, owner, -1);
    }
  }

  /**
   * Runs the decoy hash of an unknown-email login as `decoy` work; when it is shed, waits out the
   * rest of the time a hash takes now and returns `shed` (the answer the hash would have given).
   */
  async runDecoy<T>(owner: string, hash: () => Promise<T>, shed: T): Promise<T> {
    try {
      return await this.run(owner, hash, 'decoy');
    } catch (e) {
      if (!(e instanceof HashShed)) throw e;
      await sleep(Math.min(this.limits.maxWaitMs, Math.max(0, this.typicalMs - e.waitedMs)));
      return shed;
    }
  }

  /** Before a newcomer of `kind` waits: sheds a decoy over the decoys' bound, or the youngest waiting
   * decoy when the queue is full and account work comes; 503 when the queue is full of account work. */
  private makeRoom(kind: HashKind): void {
    const maxDecoys = this.limits.maxDecoyWaiting ?? Math.floor(this.limits.maxWaiting / 2);
    const shed = () => {
      this.onRefuse?.('decoy_shed');
      return new HashShed(0);
    };
    if (kind === 'decoy' && this.waiting.filter((w) => w.kind === 'decoy').length >= maxDecoys) throw shed();
    if (this.waiting.length < this.limits.maxWaiting) return;
    if (kind === 'decoy') throw shed();
    const youngest = this.waiting.findLastIndex((w) => w.kind === 'decoy');
    if (youngest === -1) {
      this.onRefuse?.('full');
      throw new HttpError(503, busyMessage);
    }
    this.onRefuse?.('decoy_shed');
    const [w] = this.waiting.splice(youngest, 1);
    clearTimeout(w!.timer);
    w!.fail(new HashShed(performance.now() - w!.since));
  }

  /** Hashes running and waiting now (for tests and logs). */
  stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private take(owner: string): void {
    this.running += 1;
    this.bump(this.runningBy, owner, 1);
  }

  private wait(owner: string, kind: HashKind, since: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const w: Waiter = {
        owner,
        kind,
        since,
        start: resolve,
        fail: reject,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(w), 1);
          this.onRefuse?.(kind === 'decoy' ? 'decoy_shed' : 'timeout');
          reject(kind === 'decoy' ? new HashShed(this.limits.maxWaitMs) : new HttpError(503, busyMessage));
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(w);
    });
  }

  /** Starts waiters while slots are free: account work first, then decoys; within a kind the one whose
   * owner holds the fewest hashes (running, then waiting too; the oldest among equals). */
  private next(): void {
    const load = (w: Waiter) =>
      (w.kind === 'decoy' ? 1e9 : 0) + (this.runningBy.get(w.owner) ?? 0) * 1000 + (this.heldBy.get(w.owner) ?? 0);
    while (this.running < this.limits.concurrency && this.waiting.length > 0) {
      let best = 0;
      for (let i = 1; i < this.waiting.length; i++) if (load(this.waiting[i]!) < load(this.waiting[best]!)) best = i;
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
