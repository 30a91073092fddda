// Rate-limit stores: fixed windows in memory, and in Redis (when TEST_REDIS_URL is set) so that
// several instances share the counts.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MemoryRateLimitStore,
  RateLimiter,
  RedisRateLimitStore,
  type RateLimitStore,
} from '../../src/server/plugins/rate-limit.ts';

const stores: [string, () => RateLimitStore][] = [['memory', () => new MemoryRateLimitStore()]];
if (process.env.TEST_REDIS_URL) stores.push(['redis', () => new RedisRateLimitStore(process.env.TEST_REDIS_URL!)]);

for (const [name, make] of stores) {
  describe(`rate limits [${name}]`, () => {
    it('counts within a window, starts over in the next, and answers 429 over the limit', async () => {
      const store = make();
      try {
        const limit = { name: `t-${randomBytes(4).toString('hex')}`, max: 2, windowMs: 60_000 };
        const limiter = new RateLimiter(store);
        const t0 = 120_000 * 1000; // aligned to a window start
        await limiter.check(limit, '1.2.3.4', t0);
        await limiter.check(limit, '1.2.3.4', t0 + 1);
        await expect(limiter.check(limit, '1.2.3.4', t0 + 2)).rejects.toMatchObject({
          statusCode: 429,
          message: 'Too many attempts. Please wait a moment and try again.',
        });
        await limiter.check(limit, '5.6.7.8', t0 + 3); // another subject has its own count
        await limiter.check(limit, '1.2.3.4', t0 + 60_000); // next window
      } finally {
        await store.close();
      }
    });

    it('records failures for backoff, shared per key, and forgets them on clear', async () => {
      const store = make();
      try {
        const key = `f-${randomBytes(4).toString('hex')}`;
        expect(await store.failures(key, 1000)).toBeNull();
        await store.fail(key, 1000, 60_000);
        await store.fail(key, 2000, 60_000);
        expect(await store.failures(key, 2000)).toEqual({ count: 2, last: 2000 });
        expect(await store.failures(`${key}-other`, 2000)).toBeNull();
        await store.clear(key);
        expect(await store.failures(key, 2000)).toBeNull();
      } finally {
        await store.close();
      }
    });

    it('scales allowances (benchmarks only)', async () => {
      const store = make();
      try {
        const limit = { name: `s-${randomBytes(4).toString('hex')}`, max: 1, windowMs: 60_000 };
        const limiter = new RateLimiter(store, 3);
        for (let i = 0; i < 3; i++) await limiter.check(limit, 'k', 60_000_000);
        await expect(limiter.check(limit, 'k', 60_000_000)).rejects.toMatchObject({ statusCode: 429 });
      } finally {
        await store.close();
      }
    });
  });
}
