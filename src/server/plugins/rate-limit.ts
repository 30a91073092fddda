// Fixed-window rate limits per key (IP or account): in memory by default, Redis when REDIS_URL
// is set so several instances share the counts. Over the limit → 429 with `message`.
import type { Redis } from 'ioredis';
import { HttpError } from '../http/errors.ts';

/** Counts hits in a window. */
export interface RateLimitStore {
  /** Adds one hit to `key` and returns the count in the current window. */
  hit(key: string, windowMs: number, now: number): Promise<number>;
  close(): Promise<void>;
}

/** Per-process counts; expired windows are swept as they are touched. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; count: number }>();

  async hit(key: string, windowMs: number, now: number): Promise<number> {
    const w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) {
      if (this.windows.size > 100_000) this.sweep(now, windowMs);
      this.windows.set(key, { start: now, count: 1 });
      return 1;
    }
    w.count += 1;
    return w.count;
  }

  private sweep(now: number, windowMs: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(k);
  }

  async close(): Promise<void> {}
}

/** Shared counts in Redis: INCR plus PEXPIRE on the first hit of a window. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly client: Promise<Redis>;

  constructor(url: string) {
    this.client = import('ioredis').then(({ Redis }) => new Redis(url, { maxRetriesPerRequest: 2 }));
  }

  async hit(key: string, windowMs: number, now: number): Promise<number> {
    const redis = await this.client;
    const k = `rl:${key}:${Math.floor(now / windowMs)}`;
    const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs).exec()) as [[unknown, number]];
    return count;
  }

  async close(): Promise<void> {
    (await this.client).disconnect();
  }
}

/** One limit: `max` hits per `windowMs`. */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

/** The limits of spec §Rate limits (per IP and per account). */
export const limits = {
  registerIp: { name: 'register-ip', max: 10, windowMs: 10 * 60_000 },
  tokenIp: { name: 'token-ip', max: 30, windowMs: 60_000 },
  tokenAccount: { name: 'token-account', max: 10, windowMs: 60_000 },
  forgotIp: { name: 'forgot-ip', max: 10, windowMs: 10 * 60_000 },
  forgotAccount: { name: 'forgot-account', max: 3, windowMs: 10 * 60_000 },
  verifyAccount: { name: 'verify-account', max: 3, windowMs: 10 * 60_000 }, // verification mail again
} satisfies Record<string, Limit>;

/** The text of a 429. */
export const tooManyMessage = 'Too many attempts. Please wait a moment and try again.';

/** Applies limits; `scale` multiplies every allowance (benchmarks only). */
export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    private readonly scale = 1,
  ) {}

  /** Counts a hit for `subject` under `limit`; throws 429 when over. */
  async check(limit: Limit, subject: string, now: number): Promise<void> {
    const count = await this.store.hit(`${limit.name}:${subject.toLowerCase()}`, limit.windowMs, now);
    if (count > Math.ceil(limit.max * this.scale)) throw new HttpError(429, tooManyMessage);
  }
}
