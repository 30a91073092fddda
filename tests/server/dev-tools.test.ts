// Development tools answer only to this machine (issue 12, accounts 10): with NODE_ENV unset, a
// remote client could read every reset link at /dev/mail and sign in as any email through the
// development social provider. The socket address and the Host header decide; forwarded headers can only refuse.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { accountsApp, signUp } from '../helpers/accounts.ts';
import {
  devToolPrefixes,
  exposedDevToolsWarning,
  namesDevTool,
  routedPath,
} from '../../src/server/http/client-address.ts';

const callback = encodeURIComponent('http://localhost:3000/auth/google');

describeEachDb('development tools', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    // Even a trusted proxy's X-Forwarded-For: 127.0.0.1 must not open them.
    app = await accountsApp(dialect, { env: { NODE_ENV: 'development', TRUST_PROXY: '203.0.113.0/24' } });
  });
  afterAll(() => app.close());

  const calls = (email: string) => [
    { method: 'GET' as const, url: '/dev/mail' },
    { method: 'GET' as const, url: `/dev/social/google/consent?redirect_uri=${callback}` },
    {
      method: 'POST' as const,
      url: '/dev/social/google/consent',
      payload: `redirect_uri=${callback}&state=s&name=Mallory&email=${encodeURIComponent(email)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    { method: 'GET' as const, url: '/sandbox/alphapo' },
  ];

  it('refuse a remote client (404), whatever it forwards, and never grant a sign-in code', async () => {
    const victim = await signUp(app, 'Victim');
    await app.fastify.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: victim.email } });
    for (const call of calls(victim.email)) {
      for (const [remoteAddress, xff] of [
        ['203.0.113.9', undefined],
        ['203.0.113.9', '127.0.0.1'],
        ['127.0.0.1', '203.0.113.9'], // a proxy on this machine relaying a remote client
        ['::ffff:127.0.0.1', '127.0.0.1, 198.51.100.4'],
      ] as const) {
        const res = await app.fastify.inject({
          ...call,
          remoteAddress,
          headers: { ...call.headers, ...(xff ? { 'x-forwarded-for': xff } : {}) },
        });
        expect(res.statusCode, `${call.method} ${call.url} from ${remoteAddress} for ${xff}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found.', msg: 'Not found.', request_id: expect.any(String) });
        expect(res.body).not.toContain('reset-password?token=');
        expect(res.headers.location).toBeUndefined();
      }
    }
  });

  it('refuse a remote client that spells the path with percent-escapes (the router decodes them)', async () => {
    const victim = await signUp(app, 'Encoded');
    await app.fastify.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: victim.email } });
    for (const url of ['/%64ev/mail', '/d%65v/mail', '/%64%65%76/mail?x=1', '/%73andbox/alphapo']) {
      // From this machine the spelling routes to the tool: the escape really reaches it.
      expect((await app.fastify.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode, url).toBe(200);
      const res = await app.fastify.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('reset-password?token=');
    }
  });

  it('refuse a loopback socket whose Host names another machine (DNS rebinding, a same-host proxy)', async () => {
    const victim = await signUp(app, 'Rebound');
    await app.fastify.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: victim.email } });
    for (const call of calls(victim.email)) {
      for (const host of [
        'evil.example',
        'evil.example:3000',
        'localhost.evil.example',
        '127.0.0.1.nip.io',
        'a@localhost',
      ]) {
        const res = await app.fastify.inject({
          ...call,
          remoteAddress: '127.0.0.1',
          headers: { ...call.headers, host },
        });
        expect(res.statusCode, `${call.method} ${call.url} Host: ${host}`).toBe(404);
        expect(res.body).not.toContain('reset-password?token=');
        expect(String(res.headers.location ?? '')).not.toMatch(/code=/);
      }
    }
    const [mail] = calls(victim.email);
    for (const host of ['localhost', '127.0.0.1:5173', '[::1]:3000', 'LOCALHOST:3000'])
      expect(
        (await app.fastify.inject({ ...mail!, remoteAddress: '127.0.0.1', headers: { host } })).statusCode,
        host,
      ).toBe(200);
  });

  it('answer this machine (IPv4 and IPv6 loopback)', async () => {
    const victim = await signUp(app, 'Local');
    for (const remoteAddress of ['127.0.0.1', '::1']) {
      const [mail, page, grant, sandbox] = calls(victim.email);
      expect((await app.fastify.inject({ ...mail!, remoteAddress })).statusCode).toBe(200);
      expect((await app.fastify.inject({ ...page!, remoteAddress })).statusCode).toBe(200);
      const granted = await app.fastify.inject({ ...grant!, remoteAddress });
      expect(granted.statusCode).toBe(302);
      expect(granted.headers.location).toMatch(/[?&]code=/);
      expect((await app.fastify.inject({ ...sandbox!, remoteAddress })).statusCode).toBe(200);
      const relayed = await app.fastify.inject({ ...mail!, remoteAddress, headers: { 'x-forwarded-for': '::1' } });
      expect(relayed.statusCode).toBe(200); // a local dev proxy (Vite) relaying a local browser
    }
  });
});

describe('start-up warning', () => {
  it('names a non-loopback listen address outside production', () => {
    expect(exposedDevToolsWarning('development', '0.0.0.0')).toMatch(/non-loopback address/);
    expect(exposedDevToolsWarning('test', '192.168.1.5')).toMatch(/192\.168\.1\.5/);
    for (const host of ['127.0.0.1', '::1', 'localhost'])
      expect(exposedDevToolsWarning('development', host)).toBeNull();
    expect(exposedDevToolsWarning('production', '0.0.0.0')).toBeNull();
  });

  it('the server prints it when it listens on 0.0.0.0 in development', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '0.0.0.0',
        PORT: '0',
        LOG_LEVEL: 'silent',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'la-dev-')),
      },
    });
    let err = '';
    let out = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start: ${err}`)), 25_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('is running at')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.kill('SIGTERM');
    expect(err).toMatch(/Warning: NODE_ENV=development on 0\.0\.0\.0, a non-loopback address/);
  }, 30_000);
});

describe('namesDevTool', () => {
  // the slow rule it must agree with: parse every request target as the router sees it
  const parsed = (url: string) => devToolPrefixes.some((p) => routedPath(url).startsWith(p));
  const outcome = (f: () => boolean) => {
    try {
      return f();
    } catch {
      return 'throws'; // a target the URL parser refuses (an escaped newline between slashes): a 500 either way
    }
  };

  it('finds every spelling the URL parser folds into a tool path, and skips the parse for the rest', () => {
    const spellings = ['/dev/mail', '//dev/mail', '/x/../dev/mail', '/./sandbox/x', '/d\tev/mail'];
    for (const url of [...spellings, '/%64ev/mail', '/%73andbox/alphapo'])
      expect([url, namesDevTool(url)]).toEqual([url, true]);
    for (const url of ['/api/dice/bet', '/api/boxes/penny-box/open', '/api/developers', '/deva/mail'])
      expect([url, namesDevTool(url)]).toEqual([url, parsed(url)]);
    // random targets from the characters that matter: the quick answer is always the parsed one
    const piece = fc.constantFrom(
      '/',
      '//',
      '.',
      '..',
      '\\',
      '%',
      '%2',
      '%64',
      '%2e',
      '%2f',
      '\t',
      '\n',
      ' ',
      'd',
      'e',
      'v',
      'dev',
      'sandbox',
      'x',
      '?',
      'mail',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const url = `/${pieces.join('')}`;
        expect(outcome(() => namesDevTool(url))).toBe(outcome(() => parsed(url)));
      }),
      { numRuns: 3000 },
    );
  });
});
