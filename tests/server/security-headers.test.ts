// Headers, logs and names (#12 item 15): every response carries a CSP without inline script or eval,
// no framing and a strict referrer policy (self-contained server pages get their own relaxed CSP);
// login codes and tokens never reach the request log; look-alike mixed-script names are refused.
// Issue 24 item 13: Strict-Transport-Security in production behind an https PUBLIC_URL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { redactUrl } from '../../src/server/http/log-redaction.ts';
import { hstsValue, relaxedCsp, siteCsp } from '../../src/server/http/security-headers.ts';
import { seedCatalog } from '../../src/server/modules/boxes/boxes.service.ts';
import { customBoxCreateBodySchema } from '../../src/shared/api/user-boxes.ts';
import { registerFormSchema } from '../../src/shared/api/auth.ts';
import { captchaScriptUrl } from '../../src/client/lib/captcha.ts';
import { createTestApp, logLines, testConfig, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, describeEachDb } from '../helpers/test-db.ts';
import { createPlayer } from '../helpers/users.ts';
import { freshEmail, registerCall } from '../helpers/accounts.ts';

const LOOK_ALIKE = 'Pаypаl Вох'; // Latin P, y, p, l with Cyrillic а, В, о, х

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());
  const get = (url: string) => t.fastify.inject({ method: 'GET', url });

  it('API answers, 404s and errors carry the site CSP, X-Frame-Options DENY and the referrer policy', async () => {
    for (const url of ['/api/health', '/api/config', '/api/nope', '/api/dice/bets', '/some/page']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toBe(siteCsp(t.config));
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const csp = siteCsp(t.config);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
    expect(scriptSrc).toBe("'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('/api/docs and /sandbox/* get their own relaxed policy, still unframeable', async () => {
    for (const url of ['/api/docs', '/sandbox/alphapo', '/sandbox/zen/unknown-ref']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toBe(relaxedCsp);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    expect(relaxedCsp).toContain("frame-ancestors 'none'");
    expect((await get('/api/docsx')).headers['content-security-policy']).toBe(siteCsp(t.config));
  });

  it('allows the tag manager and captcha origins only when they are configured', () => {
    const plain = siteCsp(testConfig());
    expect(plain).not.toContain('googletagmanager');
    expect(plain).not.toContain('recaptcha');
    const full = siteCsp(testConfig({ GTM_ID: 'GTM-ABC123', RECAPTCHA_SITE_KEY: 'site-key' }));
    expect(full).toMatch(
      /script-src 'self' https:\/\/www\.googletagmanager\.com https:\/\/www\.google\.com\/recaptcha\//,
    );
    expect(full).toContain('frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/');
  });

  it('with a site key, the script the captcha loader adds is allowed by script-src', () => {
    const script = new URL(captchaScriptUrl('site-key'));
    const sources = siteCsp(testConfig({ RECAPTCHA_SITE_KEY: 'site-key' }))
      .split('; ')
      .find((d) => d.startsWith('script-src '))!
      .split(' ')
      .slice(1);
    expect(sources.some((s) => s.startsWith('https://') && `${script.origin}${script.pathname}`.startsWith(s))).toBe(
      true,
    );
  });
});

describe('Strict-Transport-Security (issue 24 item 13)', () => {
  const production = {
    NODE_ENV: 'production',
    APP_SECRET: 'a'.repeat(40),
    PUSHER_APP_KEY: 'key',
    PUSHER_APP_SECRET: 's'.repeat(20),
    OAUTH_CLIENT_SECRET: 'o'.repeat(20),
  };
  /** The HSTS header of a few answers (a route, a 404, an error) of an app built from `env`. */
  async function hstsOf(env: Record<string, string>): Promise<(string | undefined)[]> {
    const t = await createTestApp('sqlite', { env });
    try {
      const answers = await Promise.all(
        ['/api/health', '/api/nope', '/api/profile'].map((url) => t.fastify.inject({ method: 'GET', url })),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 401]);
      return answers.map((r) => r.headers['strict-transport-security'] as string | undefined);
    } finally {
      await t.close();
    }
  }

  it('every answer carries it in production when PUBLIC_URL is https', async () => {
    expect(hstsValue).toMatch(/^max-age=31536000\b/); // a year: long enough to count, not preload
    expect(await hstsOf({ ...production, PUBLIC_URL: 'https://lootarcade.example' })).toEqual(Array(3).fill(hstsValue));
  });

  it('never over http, nor outside production (a browser would pin localhost)', async () => {
    expect(await hstsOf({ ...production, PUBLIC_URL: 'http://lootarcade.example' })).toEqual(Array(3).fill(undefined));
    expect(await hstsOf({ PUBLIC_URL: 'https://lootarcade.example' })).toEqual(Array(3).fill(undefined));
    expect(await hstsOf({})).toEqual(Array(3).fill(undefined));
  });
});

describe('request log redaction', () => {
  it('redacts codes, tokens and state in query strings and keeps the rest', () => {
    expect(redactUrl('/social/handle?provider=google&code=4%2F0abc&state=s1')).toBe(
      '/social/handle?provider=google&code=[REDACTED]&state=[REDACTED]',
    );
    expect(redactUrl('/reset-password?token=abc&email=a%40b.c')).toBe('/reset-password?token=[REDACTED]&email=a%40b.c');
    expect(redactUrl('/x?access_token=1&refresh_token=2&limit=5')).toBe(
      '/x?access_token=[REDACTED]&refresh_token=[REDACTED]&limit=5',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('the app logs request URLs without the secrets', async () => {
    const { lines, stream } = logLines();
    const database = await createTestDatabase('sqlite');
    const { fastify } = await buildApp({ config: testConfig({ LOG_LEVEL: 'info' }), database, logStream: stream });
    try {
      await fastify.inject({ method: 'GET', url: '/social/handle?provider=google&code=LOGIN-CODE-123&state=STATE-9' });
      await fastify.inject({ method: 'GET', url: '/reset-password?token=RESET-TOKEN-456&email=a%40b.c' });
      await fastify.inject({ method: 'GET', url: '/auth/google?code=OAUTH-CODE-789' });
      await fastify.inject({ method: 'GET', url: '/api/health?access_token=ACCESS-TOKEN-000' });
    } finally {
      await fastify.close();
      await database.drop();
    }
    const log = lines.join('');
    expect(log).toContain('/social/handle?provider=google&code=[REDACTED]');
    expect(log).toContain('/auth/google?code=[REDACTED]');
    for (const secret of ['LOGIN-CODE-123', 'STATE-9', 'RESET-TOKEN-456', 'OAUTH-CODE-789', 'ACCESS-TOKEN-000'])
      expect(log).not.toContain(secret);
  });
});

describe('look-alike names (schemas)', () => {
  it('refuse Latin mixed with Cyrillic or Greek; accept names in one alphabet', () => {
    const box = (name: string) =>
      customBoxCreateBodySchema.shape.name.safeParse(name).error?.issues[0]?.message ?? null;
    const nick = (name: string) => registerFormSchema.shape.name.safeParse(name).error?.issues[0]?.message ?? null;
    for (const name of [LOOK_ALIKE, 'Pаypal', 'Αpple Box', 'Steam Кейс']) {
      expect(box(name), name).toMatch(/mixes Latin letters with Cyrillic or Greek/);
      expect(nick(name), name).toMatch(/^Nickname mixes Latin letters with Cyrillic or Greek/);
    }
    for (const name of ['Paypal Box', 'Коробка удачи', 'Κουτί', 'Box 42', 'Café Crème', 'Zoë']) {
      expect(box(name), name).toBeNull();
      expect(nick(name), name).toBeNull();
    }
  });
});

describeEachDb('look-alike names over HTTP', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
  });
  afterAll(() => t.close());

  it('a custom box named "Pаypаl Вох" is refused with a clear 422 and nothing is written', async () => {
    const creator = await createPlayer(t.database.db, t.config.secrets.appSecret, { name: 'Box Maker' });
    const products = (await t.fastify.inject({ method: 'GET', url: '/api/products?sort=price_asc&limit=4' })).json()
      .data as { id: number }[];
    const items = [60, 30, 9.5, 0.5].map((chance, i) => ({ product_id: products[i]!.id, chance }));
    const create = (name: string) =>
      t.fastify.inject({
        method: 'POST',
        url: '/api/user-boxes',
        headers: creator.headers,
        payload: { name, img: 'penny-box', items },
      });
    const res = await create(LOOK_ALIKE);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name[0]).toMatch(/mixes Latin letters with Cyrillic or Greek look-alikes/);
    expect(res.json().message).toBe(res.json().errors.name[0]);
    const boxes = await t.database.db.selectFrom('boxes').select('name').where('name', '=', LOOK_ALIKE).execute();
    expect(boxes).toEqual([]);
    expect((await create('Paypal Box')).statusCode).toBe(201);
  });

  it('registration and the name change refuse a mixed-script nickname with a 422', async () => {
    const res = await registerCall(t, { name: 'Pаypаl', email: freshEmail(), password: 'secret123' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name[0]).toMatch(/^Nickname mixes Latin letters/);
    const p = await createPlayer(t.database.db, t.config.secrets.appSecret, { name: 'Plain Name' });
    const change = (name: string) =>
      t.fastify.inject({ method: 'POST', url: '/api/profile/name', headers: p.headers, payload: { name } });
    const refused = await change('Pаypаl Support');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.name[0]).toMatch(/^Nickname mixes Latin letters/);
    const user = await t.database.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe('Plain Name');
    expect((await change('Коробочник')).statusCode).toBe(200);
  });
});
