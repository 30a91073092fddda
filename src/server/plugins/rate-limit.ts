// Fixed-window rate limits per key (IP or account): in memory by default, Redis when REDIS_URL
// is set so several instances share the counts. Over the limit → 429 with `message`.
import type { Redis } from 'ioredis';
import { HttpError } from '../http/errors.ts';

/** Counts hits in a window, and failures for backoff. */
export interface RateLimitStore {
  /** Adds one hit to `key` and returns the count in the current window. */
  hit(key: string, windowMs: number, now: number): Promise<number>;
  /** Failures recorded under `key` and the time of the last one, or null. */
  failures(key: string, now: number): Promise<{ count: number; last: number } | null>;
  /** Records one failure at `now`; the record expires `ttlMs` after the last failure. */
  fail(key: string, now: number, ttlMs: number): Promise<void>;
  /** Forgets the failures of `key`. */
  clear(key: string): Promise<void>;
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

  private readonly fails = new Map<string, { count: number; last: number; until: number }>();

  async failures(key: string, now: number): Promise<{ count: number; last: number } | null> {
    const f = this.fails.get(key);
    return f && f.until > now ? { count: f.count, last: f.last } : null;
  }

  async fail(key: string, now: number, ttlMs: number): Promise<void> {
    if (this.fails.size > 100_000) for (const [k, f] of this.fails) if (f.until <= now) this.fails.delete(k);
    const f = this.fails.get(key);
    this.fails.set(key, { count: (f && f.until > now ? f.count : 0) + 1, last: now, until: now + ttlMs });
  }

  async clear(key: string): Promise<void> {
    this.fails.delete(key);
  }

  async close(): Promise<void> {}
}

/** Shared counts in Redis: INCR plus PEXPIRE on the first hit of a window. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly client: Promise<Redis>;

  /** `namespace`: the installation's key prefix (realtime/redis-namespace.ts). */
  constructor(url: string, namespace = 'la') {
    this.client = import('ioredis').then(
      ({ Redis }) => new Redis(url, { maxRetriesPerRequest: 2, keyPrefix: `${namespace}:` }),
    );
  }

  async hit(key: string, windowMs: number, now: number): Promise<number> {
    const redis = await this.client;
    const k = `rl:${key}:${Math.floor(now / windowMs)}`;
    const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs).exec()) as [[unknown, number]];
    return count;
  }

  async failures(key: string, _now: number): Promise<{ count: number; last: number } | null> {
    const h = await (await this.client).hgetall(`bo:${key}`);
    return h.count ? { count: Number(h.count), last: Number(h.last) } : null;
  }

  async fail(key: string, now: number, ttlMs: number): Promise<void> {
    const k = `bo:${key}`;
    await (await this.client).multi().hincrby(k, 'count', 1).hset(k, 'last', now).pexpire(k, ttlMs).exec();
  }

  async clear(key: string): Promise<void> {
    await (await this.client).del(`bo:${key}`);
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
  registerEmail: { name: 'register-email', max: 5, windowMs: 10 * 60_000 }, // probes of one address
  tokenIp: { name: 'token-ip', max: 30, windowMs: 60_000 },
  forgotIp: { name: 'forgot-ip', max: 10, windowMs: 10 * 60_000 },
  forgotAccount: { name: 'forgot-account', max: 3, windowMs: 10 * 60_000 },
  verifyAccount: { name: 'verify-account', max: 3, windowMs: 10 * 60_000 }, // verification mail again
  replayIp: { name: 'replay-ip', max: 120, windowMs: 60_000 }, // public bet replays (API and page previews)
} satisfies Record<string, Limit>;

/**
 * Exponential backoff per (account, client address): `free` failures pass, then each attempt
 * waits 1 s, 2 s, 4 s… (at most `maxMs`) after the last failure; a success forgets them. The
 * owner signing in from another address is never held up by someone guessing elsewhere.
 */
export class LoginBackoff {
  constructor(
    private readonly store: RateLimitStore,
    readonly free = 5,
    readonly maxMs = 15 * 60_000,
  ) {}

  private key(account: string, ip: string): string {
    return `login:${account.toLowerCase()}|${ip}`;
  }

  /** Milliseconds this (account, address) must still wait; 0 when it may try. */
  async waitMs(account: string, ip: string, now: number): Promise<number> {
    const f = await this.store.failures(this.key(account, ip), now);
    if (!f || f.count < this.free) return 0;
    const delay = Math.min(1000 * 2 ** (f.count - this.free), this.maxMs);
    return Math.max(0, f.last + delay - now);
  }

  /** Throws 429 while the (account, address) waits. */
  async check(account: string, ip: string, now: number): Promise<void> {
    if ((await this.waitMs(account, ip, now)) > 0) throw new RateLimited('login-backoff');
  }

  /** Records a wrong password. */
  async failed(account: string, ip: string, now: number): Promise<void> {
    await this.store.fail(this.key(account, ip), now, this.maxMs * 4);
  }

  /** A success forgets the failures. */
  async succeeded(account: string, ip: string): Promise<void> {
    await this.store.clear(this.key(account, ip));
  }
}

/** The text of a 429. */
export const tooManyMessage = 'Too many attempts. Please wait a moment and try again.';

/** A 429 of a named limit (the `limit` label of loot_rate_limit_refusals_total). */
export class RateLimited extends HttpError {
  constructor(readonly limit: string) {
    super(429, tooManyMessage);
  }
}

/** Applies limits; `scale` multiplies every allowance (benchmarks only). */
export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    private readonly scale = 1,
  ) {}

  /** Counts a hit for `subject` under `limit`; throws 429 when over. */
  async check(limit: Limit, subject: string, now: number): Promise<void> {
    const count = await this.store.hit(`${limit.name}:${subject.toLowerCase()}`, limit.windowMs, now);
    if (count > Math.ceil(limit.max * this.scale)) throw new RateLimited(limit.name);
  }
}
