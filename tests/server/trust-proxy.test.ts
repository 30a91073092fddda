// X-Forwarded-For counts only from configured proxies (issue 12, accounts 6): by default every
// per-IP limit keys on the socket address, whatever the client claims.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { accountsApp, freshIp } from '../helpers/accounts.ts';
import { isLoopback } from '../../src/server/http/client-address.ts';

/** 11 bad registrations (the per-IP limit is 10 per 10 minutes); the status of each. */
async function registerBurst(env: Record<string, string>, socket: string, forwarded: () => string) {
  const app = await accountsApp('sqlite', { env });
  try {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await app.fastify.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'R', email: 'bad' },
        remoteAddress: socket,
        headers: { 'x-forwarded-for': forwarded() },
      });
      codes.push(r.statusCode);
    }
    return codes;
  } finally {
    await app.close();
  }
}

describe('trusted proxies', () => {
  it('by default a forged X-Forwarded-For does not escape the per-IP limit', async () => {
    const codes = await registerBurst({}, '198.51.100.7', freshIp);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(codes[10]).toBe(429);
  });

  it('TRUST_PROXY as a CIDR list: forwarded addresses count only from those proxies', async () => {
    const env = { TRUST_PROXY: '10.200.0.0/16, 192.0.2.1' };
    expect((await registerBurst(env, '10.200.3.4', freshIp))[10]).toBe(422); // each client has its own count
    expect((await registerBurst(env, '192.0.2.1', freshIp))[10]).toBe(422);
    expect((await registerBurst(env, '10.201.3.4', freshIp))[10]).toBe(429); // not a trusted proxy
  });

  it('TRUST_PROXY as a hop count trusts that many proxies in front', async () => {
    expect((await registerBurst({ TRUST_PROXY: '1' }, '10.0.0.1', freshIp))[10]).toBe(422);
    // Behind one proxy, a client prepending its own forged entries is still one address.
    const client = freshIp();
    expect((await registerBurst({ TRUST_PROXY: '1' }, '10.0.0.1', () => `${freshIp()}, ${client}`))[10]).toBe(429);
  });

  it.each([['yes'], ['11'], ['10.0.0.0/33'], ['999.1.1.1'], ['10.0.0.1,'], ['::1/129'], ['1.2.3.4/8/1']])(
    'refuses TRUST_PROXY=%s with a line naming it',
    (value) => {
      expect(() => loadConfig({ DATA_DIR: '/tmp/la-none', TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: '/tmp/la-none', TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );

  it('parses TRUST_PROXY: none by default, hops, addresses and names', () => {
    const cfg = (v?: string) =>
      loadConfig({ DATA_DIR: '/tmp/la-none', ...(v === undefined ? {} : { TRUST_PROXY: v }) });
    expect(cfg().trustProxy).toBe(false);
    expect(cfg('0').trustProxy).toBe(false);
    expect(cfg('2').trustProxy).toBe(2);
    expect(cfg('loopback, 10.0.0.0/8,::1').trustProxy).toEqual(['loopback', '10.0.0.0/8', '::1']);
  });

  it('recognises loopback socket addresses only', () => {
    for (const a of ['127.0.0.1', '127.9.8.7', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a), a).toBe(true);
    for (const a of ['10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '', undefined, '1127.0.0.1'])
      expect(isLoopback(a), String(a)).toBe(false);
  });
});
