// Links and addresses come from configuration, never from request headers (issue 12, accounts 9):
// a forged Host or X-Forwarded-Host cannot poison a reset link, a social callback, the runtime
// config or a checkout address; production refuses to start without PUBLIC_URL.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { accountsApp, freshIp, signUp } from '../helpers/accounts.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { seedWallet } from '../../src/server/modules/wallet/wallet.seed.ts';

const forged = { host: 'evil.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' };

describeEachDb('public URL', (dialect) => {
  // Both without PUBLIC_URL (development) and with it; the forged headers even come from a trusted proxy.
  for (const [label, env, origin] of [
    ['unset', { TRUST_PROXY: 'loopback' }, 'http://localhost:3000'],
    ['set', { TRUST_PROXY: 'loopback', PUBLIC_URL: 'https://play.test/' }, 'https://play.test'],
  ] as const) {
    describe(`PUBLIC_URL ${label}`, () => {
      let app: TestApp;
      beforeAll(async () => {
        app = await accountsApp(dialect, { env });
        await seedWallet(app.database.db, Date.now());
      });
      afterAll(() => app.close());

      it('a reset link in mail ignores Host and X-Forwarded-Host', async () => {
        const s = await signUp(app);
        const res = await app.fastify.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: s.email },
          headers: forged,
          remoteAddress: '127.0.0.1',
        });
        expect(res.statusCode).toBe(200);
        const mail = await app.database.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('recipient', '=', s.email.toLowerCase())
          .where('subject', 'like', 'Reset%')
          .executeTakeFirstOrThrow();
        expect(mail.body_text).toContain(`\n${origin}/reset-password?token=`);
        expect(mail.body_text).not.toContain('evil.test');
      });

      it('runtime config, social callback and checkout address ignore them too', async () => {
        const cfg = await app.fastify.inject({ method: 'GET', url: '/api/config', headers: forged });
        expect(cfg.json().api_url).toBe(origin);
        expect(cfg.json().socket_url).toBe(origin);
        expect(cfg.json().pusher.ws_host).toBe(new URL(origin).hostname);
        const social = await app.fastify.inject({ method: 'GET', url: '/social/google/redirect', headers: forged });
        expect(social.statusCode).toBe(302);
        expect(String(social.headers.location)).toContain(encodeURIComponent(`${origin}/auth/google`));
        expect(String(social.headers.location)).not.toContain('evil.test');
        const s = await signUp(app);
        const pay = await app.fastify.inject({
          method: 'POST',
          url: '/api/deposit/zen/redirect',
          payload: { amount: 10, promocode: '' },
          headers: { ...forged, ...s.headers },
          remoteAddress: freshIp(),
        });
        expect(pay.statusCode).toBe(200);
        expect(pay.json().redirect_url).toMatch(new RegExp(`^${origin.replace(/\./g, '\\.')}/sandbox/zen/`));
      });
    });
  }
});

describe('PUBLIC_URL in production', () => {
  const prod = {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'la-cfg-')),
    NODE_ENV: 'production',
    APP_SECRET: 'a'.repeat(40),
    PUSHER_APP_KEY: 'key',
    PUSHER_APP_SECRET: 's'.repeat(20),
    OAUTH_CLIENT_SECRET: 'o'.repeat(20),
  };

  it('is required: the configuration is refused without it, accepted with it', () => {
    expect(() => loadConfig(prod)).toThrow(ConfigError);
    // one line: what the server prints before it exits 78 (main.ts; that path is spawned once, with
    // an invalid PORT, in config.test.ts)
    expect(() => loadConfig(prod)).toThrow(/^Invalid configuration: PUBLIC_URL is required in production[^\n]*$/);
    expect(loadConfig({ ...prod, PUBLIC_URL: 'https://lootarcade.example/' }).siteUrl).toBe(
      'https://lootarcade.example',
    );
  });
});
