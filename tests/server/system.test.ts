// Health, runtime config, error shapes and the OpenAPI document, on every test database.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { describeEachDb } from '../helpers/test-db.ts';

describeEachDb('system routes', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('GET /api/health answers ok after a database round trip', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/health answers 500 without a stack trace when the database is gone', async () => {
    const other = await createTestApp(dialect);
    await other.database.close();
    const res = await other.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: expect.any(String),
      msg: expect.any(String),
      request_id: expect.any(String),
    });
    expect(res.body).not.toMatch(/at .*\.ts|stack|Error:/);
    await other.fastify.close();
    await other.database.drop().catch(() => undefined);
  });

  it('GET /api/config gives the public runtime config with no server secret', async () => {
    // The Host header is the client's to forge: addresses come from configuration only.
    const res = await t.fastify.inject({ method: 'GET', url: '/api/config', headers: { host: 'play.example:8080' } });
    const body = res.json();
    expect(body.api_url).toBe('http://localhost:3000');
    expect(body.pusher).toEqual({
      key: t.config.secrets.pusherKey,
      cluster: 'eu',
      ws_host: 'localhost',
      ws_port: 3000,
      force_tls: false,
    });
    expect(body.recaptcha_site_key).toBeNull();
    expect(body.giftcard_reseller_url).toBe('http://localhost:3000/contacts');
    // the round games at the spec's pace unless configured (CRASH_/WHEEL_BETTING_MS, _ENDED_MS)
    expect(body.round_pace).toEqual({
      crash: { betting_ms: 5000, ended_ms: 3000 },
      wheel: { betting_ms: 10_000, ended_ms: 6500 },
    });
    expect(body.oauth.client_id).toBe('1');
    expect(res.body).not.toContain(t.config.secrets.appSecret);
    expect(res.body).not.toContain(t.config.secrets.pusherSecret);
  });

  it('GET /api/config gives the configured gift-card reseller (GIFTCARD_RESELLER_URL)', async () => {
    const other = await createTestApp(dialect, { env: { GIFTCARD_RESELLER_URL: 'https://cards.test/shop?ref=loot' } });
    try {
      const res = await other.fastify.inject({ method: 'GET', url: '/api/config' });
      expect(res.json().giftcard_reseller_url).toBe('https://cards.test/shop?ref=loot');
    } finally {
      await other.close();
    }
  });

  it('unknown /api paths get a JSON 404 in the spec error shape', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'Not found: GET /api/no-such-thing',
      msg: 'Not found: GET /api/no-such-thing',
    });
  });

  it('malformed JSON and oversized bodies are 4xx with message and msg', async () => {
    const bad = await t.fastify.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(bad.json().message);
    const huge = await t.fastify.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ s: 'x'.repeat(1_100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/too large/);
  });

  it('serves an OpenAPI 3.1 document listing the routes, and a docs page', async () => {
    const doc = (await t.fastify.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/config']));
    expect(
      doc.paths['/api/config'].get.responses['200'].content['application/json'].schema.properties.pusher,
    ).toBeTruthy();
    const page = await t.fastify.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/openapi.json');
  });
});
