// The development social provider keeps nothing in memory (issue #18): a consent code issued by one
// instance is redeemed on another sharing APP_SECRET; a changed, foreign or expired code is refused.
import { afterAll, describe, expect, it } from 'vitest';
import { DevSocialProvider } from '../../src/server/modules/social/providers.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { MemoryRateLimitStore, RedisRateLimitStore } from '../../src/server/plugins/rate-limit.ts';

const secret = 'a'.repeat(40);

const redisUrl = process.env.TEST_REDIS_URL;
// instances share the rate-limit store (Redis when the suite has one, as REDIS_URL gives instances)
const shared = redisUrl ? new RedisRateLimitStore(redisUrl) : new MemoryRateLimitStore();
afterAll(() => shared.close());
const instance = (provider = 'google', key = secret) => new DevSocialProvider(provider, key, shared);

describe('DevSocialProvider', () => {
  it('a code from instance A is exchanged on B and its token read on C; a second exchange anywhere is refused', async () => {
    const code = instance().grant('Ann', 'Ann@Example.test', Date.now());
    const token = await instance().exchange({ code });
    const who = await instance().identity(token);
    expect(who).toMatchObject({ email: 'ann@example.test', emailVerified: true, name: 'Ann' });
    expect(who.id).toMatch(/^[0-9a-f]{20}$/);
    await expect(instance().exchange({ code })).rejects.toBeInstanceOf(HttpError);
    const parallel = instance().grant('Bo', 'bo@example.test', Date.now());
    const results = await Promise.allSettled([
      instance().exchange({ code: parallel }),
      instance().exchange({ code: parallel }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('refuses a changed code, another secret, another provider, a code used as a token, an expired grant', async () => {
    const a = instance();
    const code = a.grant('Ann', 'ann@example.test', Date.now());
    const [payload, sig] = code.split('.');
    const forged = Buffer.from(
      Buffer.from(payload!, 'base64url').toString().replace('ann@example.test', 'bob@example.test'),
    ).toString('base64url');
    const refusals = [
      a.exchange({ code: `${forged}.${sig}` }),
      instance('google', 'b'.repeat(40)).exchange({ code }),
      instance('facebook').exchange({ code }),
      a.identity(code),
      a.exchange({ code: a.grant('Ann', 'ann@example.test', Date.now() - 11 * 60_000) }),
      a.exchange({ code: 'garbage' }),
      a.exchange({}),
    ];
    for (const r of refusals) await expect(r).rejects.toBeInstanceOf(HttpError);
  });
});
