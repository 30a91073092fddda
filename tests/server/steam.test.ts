// Steam sign-in (OpenID 2.0) against fake Steam OpenID and Web API servers on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SteamProvider } from '../../src/server/modules/social/providers.ts';

describe('Steam OpenID 2.0 adapter', () => {
  let server: Server;
  let base: string;
  const checks: URLSearchParams[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const url = new URL(req.url!, 'http://x');
        if (url.pathname === '/openid/login') {
          const p = new URLSearchParams(body);
          checks.push(p);
          return res.end(
            `ns:http://specs.openid.net/auth/2.0\nis_valid:${p.get('openid.sig') === 'good' ? 'true' : 'false'}\n`,
          );
        }
        if (url.pathname === '/ISteamUser/GetPlayerSummaries/v2/') {
          res.setHeader('content-type', 'application/json');
          return res.end(
            JSON.stringify({
              response: {
                players: [
                  { steamid: url.searchParams.get('steamids'), personaname: 'Gabe', avatarfull: 'https://a/b.jpg' },
                ],
              },
            }),
          );
        }
        res.statusCode = 404;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const assertion = (sig: string, id = '76561197960287930') => ({
    'openid.ns': 'http://specs.openid.net/auth/2.0',
    'openid.mode': 'id_res',
    'openid.claimed_id': `https://steamcommunity.com/openid/id/${id}`,
    'openid.identity': `https://steamcommunity.com/openid/id/${id}`,
    'openid.sig': sig,
    provider: 'steam',
  });

  it('redirects with checkid_setup, verifies the assertion with Steam and signs its own token', async () => {
    const steam = new SteamProvider('api-key', 'app-secret', `${base}/openid/login`, base);
    const url = new URL(steam.authorizeUrl('http://site.test/auth/steam', 'st8'));
    expect(url.searchParams.get('openid.mode')).toBe('checkid_setup');
    expect(url.searchParams.get('openid.return_to')).toBe('http://site.test/auth/steam?state=st8');
    expect(url.searchParams.get('openid.realm')).toBe('http://site.test');
    const token = await steam.exchange(assertion('good'));
    expect(checks.at(-1)?.get('openid.mode')).toBe('check_authentication');
    expect(checks.at(-1)?.has('provider')).toBe(false);
    expect(await steam.identity(token)).toEqual({
      id: '76561197960287930',
      email: null,
      emailVerified: false,
      name: 'Gabe',
      avatarUrl: 'https://a/b.jpg',
    });
  });

  it('refuses an assertion Steam does not confirm, a foreign claimed id and a forged token', async () => {
    const steam = new SteamProvider('api-key', 'app-secret', `${base}/openid/login`, base);
    await expect(steam.exchange(assertion('bad'))).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      steam.exchange({ ...assertion('good'), 'openid.claimed_id': 'https://evil.test/openid/id/76561197960287930' }),
    ).rejects.toMatchObject({ statusCode: 422 });
    const token = await steam.exchange(assertion('good'));
    const [id, exp] = token.split('.');
    await expect(steam.identity(`${id}.${exp}.forged`)).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      new SteamProvider('api-key', 'other-secret', `${base}/openid/login`, base).identity(token),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
