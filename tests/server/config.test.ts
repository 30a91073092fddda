// Configuration: defaults, validation with one clear line, development secrets and production refusal.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'la-cfg-'));

describe('loadConfig', () => {
  it('has local defaults: port 3000, SQLite file in DATA_DIR, no Redis', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ kind: 'sqlite', file: join(dir, 'loot-arcade.db') });
    expect(c.redisUrl).toBeUndefined();
    expect(c.secretsFromDevFile).toBe(true);
  });

  it('generates development secrets once and reuses them', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.secrets).toEqual(b.secrets);
    expect(a.secrets.appSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(readFileSync(join(dir, 'dev-secrets.json'), 'utf8')).appSecret).toBe(a.secrets.appSecret);
  });

  it('selects PostgreSQL by a postgres:// DATABASE_URL', () => {
    const c = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db', poolSize: 20 });
    const sized = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@h:5432/db', PG_POOL_SIZE: '32' });
    expect(sized.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db', poolSize: 32 });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL must be a redis/],
    [{ PG_POOL_SIZE: '0' }, /PG_POOL_SIZE/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ GIFTCARD_RESELLER_URL: 'giftcards' }, /GIFTCARD_RESELLER_URL/],
    [{ GIFTCARD_RESELLER_URL: 'javascript:alert(1)' }, /GIFTCARD_RESELLER_URL/],
    [{ GIFTCARD_RESELLER_URL: 'ftp://cards.test/x' }, /GIFTCARD_RESELLER_URL must be an http/],
    [{ CRASH_BETTING_MS: '200' }, /CRASH_BETTING_MS/],
    [{ WHEEL_ENDED_MS: '3000' }, /WHEEL_ENDED_MS/], // the 3.5 s landing plays inside it
    [{ WHEEL_BETTING_MS: 'soon' }, /WHEEL_BETTING_MS/],
    [{ CRASH_TEST_POINTS: '1.7-2' }, /CRASH_TEST_POINTS is for tests only/], // never outside NODE_ENV=test
    [{ NODE_ENV: 'test', CRASH_TEST_POINTS: '2-1.7' }, /CRASH_TEST_POINTS/],
    [{ NODE_ENV: 'test', CRASH_TEST_POINTS: '0.5-2' }, /CRASH_TEST_POINTS/],
    [{ NODE_ENV: 'test', CRASH_TEST_POINTS: 'high' }, /CRASH_TEST_POINTS/],
  ])('rejects %o with a line naming the variable', (env, pattern) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(pattern);
  });

  it("GIFTCARD_RESELLER_URL: the given URL, else the site's /contacts page (never a placeholder domain)", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).giftCardResellerUrl).toBe('http://localhost:3000/contacts');
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://loot.test/' }).giftCardResellerUrl).toBe(
      'https://loot.test/contacts',
    );
    const c = loadConfig({ DATA_DIR: tmp(), GIFTCARD_RESELLER_URL: 'https://cards.test/shop/loot' });
    expect(c.giftCardResellerUrl).toBe('https://cards.test/shop/loot');
  });

  it("the round games' pace: the spec's by default, CRASH_/WHEEL_BETTING_MS and _ENDED_MS when given", () => {
    const spec = loadConfig({ DATA_DIR: tmp() });
    expect(spec.crash).toMatchObject({ bettingMs: 5000, endedMs: 3000 });
    expect(spec.wheel).toEqual({ bettingMs: 10_000, endedMs: 6500 });
    const fast = loadConfig({
      DATA_DIR: tmp(),
      CRASH_BETTING_MS: '2500',
      CRASH_ENDED_MS: '1000',
      WHEEL_BETTING_MS: '5000',
      WHEEL_ENDED_MS: '5000',
    });
    expect(fast.crash).toMatchObject({ bettingMs: 2500, endedMs: 1000 });
    expect(fast.wheel).toEqual({ bettingMs: 5000, endedMs: 5000 });
  });

  it('refuses development secrets in production', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production' })).toThrow(
      /APP_SECRET is required in production/,
    );
    const ok = loadConfig({
      DATA_DIR: tmp(),
      NODE_ENV: 'production',
      APP_SECRET: 'a'.repeat(40),
      PUSHER_APP_KEY: 'key',
      PUSHER_APP_SECRET: 'b'.repeat(20),
      OAUTH_CLIENT_SECRET: 'c'.repeat(20),
      PUBLIC_URL: 'https://lootarcade.test',
    });
    expect(ok.secretsFromDevFile).toBe(false);
  });

  it('the server exits with one clear line on invalid configuration', { timeout: 90_000 }, () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'nope', DATA_DIR: tmp() },
      encoding: 'utf8',
      timeout: 60_000, // tsx loads the whole server first: slow when the machine is busy
    });
    expect(r.status).toBe(78);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)]);
  });
});
