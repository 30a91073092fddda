// Accounts and channels configuration: defaults, validation, and production refusals.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'la-cfg-'));
const prod = {
  NODE_ENV: 'production',
  APP_SECRET: 'a'.repeat(40),
  PUSHER_APP_KEY: 'key',
  PUSHER_APP_SECRET: 's'.repeat(20),
  OAUTH_CLIENT_SECRET: 'o'.repeat(20),
  PUBLIC_URL: 'https://lootarcade.test',
};

describe('accounts configuration', () => {
  it('has OWASP scrypt, an hour of access token, outbox mail, no captcha, embedded channels and development social sign-in by default', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c).toMatchObject({
      accessTtlSeconds: 3600,
      scryptLogN: 17,
      rateLimitScale: 1,
      smtpUrl: null,
      recaptchaSecret: null,
      pusherHttp: null,
    });
    expect(c.social).toEqual({ google: null, facebook: null, steam: null });
  });

  it('reads SMTP, captcha, Pusher HTTP and provider credentials', () => {
    const c = loadConfig({
      DATA_DIR: dir(),
      SMTP_URL: 'smtp://mail.local:25',
      RECAPTCHA_SECRET: 'r',
      PUSHER_APP_ID: '1',
      PUSHER_HOST: 'http://127.0.0.1:6001/',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      STEAM_API_KEY: 'st',
    });
    expect(c.smtpUrl).toBe('smtp://mail.local:25');
    expect(c.recaptchaSecret).toBe('r');
    expect(c.pusherHttp).toEqual({ appId: '1', host: 'http://127.0.0.1:6001' });
    expect(c.social.google).toEqual({ clientId: 'g', clientSecret: 'gs' });
    expect(c.social.steam).toEqual({ apiKey: 'st' });
  });

  it('points the client at the hosted channel service when PUSHER_HOST is set', async () => {
    const { publicConfig } = await import('../../src/server/modules/config/config.service.ts');
    const c = loadConfig({
      DATA_DIR: dir(),
      PUSHER_APP_ID: '1',
      PUSHER_HOST: 'http://soketi.local:6001',
      PUSHER_APP_KEY: 'k',
    });
    expect(publicConfig(c).pusher).toEqual({
      key: 'k',
      cluster: 'eu',
      ws_host: 'soketi.local',
      ws_port: 6001,
      force_tls: false,
    });
    expect(publicConfig(loadConfig({ DATA_DIR: dir(), PUBLIC_URL: 'https://play.test' })).pusher).toMatchObject({
      ws_host: 'play.test',
      ws_port: 443,
      force_tls: true,
    });
  });

  it.each([
    [{ ACCESS_TOKEN_TTL_SECONDS: '0' }, /ACCESS_TOKEN_TTL_SECONDS/],
    [{ ACCESS_TOKEN_TTL_SECONDS: 'soon' }, /ACCESS_TOKEN_TTL_SECONDS/],
    [{ SCRYPT_LOG_N: '4' }, /SCRYPT_LOG_N/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ PUSHER_HOST: 'http://soketi.local:6001' }, /PUSHER_HOST needs PUSHER_APP_ID/],
    [{ GOOGLE_CLIENT_ID: 'g' }, /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/],
    [{ FACEBOOK_CLIENT_SECRET: 'f' }, /FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET/],
    [{ ...prod, SCRYPT_LOG_N: '12' }, /SCRYPT_LOG_N below 17 is refused in production/],
    [{ ...prod, RATE_LIMIT_SCALE: '10' }, /RATE_LIMIT_SCALE above 1 is refused in production/],
  ])('refuses %j with one line', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), ...env })).toThrow(message);
  });
});
