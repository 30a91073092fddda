// Issue 28 on every test database: /metrics (who may read it, what a dice bet moves), request ids
// (echoed, logged, in a 5xx body), readiness vs liveness.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app.ts';
import { metricsServer } from '../../src/server/ops/metrics-route.ts';
import { HashQueue } from '../../src/server/modules/auth/hash-queue.ts';
import { createTestApp, logLines, testConfig, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, describeEachDb } from '../helpers/test-db.ts';
import { createPlayer } from '../helpers/users.ts';
import { sample, scrapeMetrics } from '../helpers/metrics.ts';

describeEachDb('operations: metrics, request ids, readiness', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const scrape = () => scrapeMetrics(t.fastify);

  it('a dice bet moves the dice counters; a refused one counts with its reason', async () => {
    const p = await createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents: 10_000 });
    const before = await scrape();
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/dice/bet',
      headers: p.headers,
      payload: { amount: 2.5, target: 50, direction: 'over' },
    });
    expect(res.statusCode).toBe(200);
    const payoutCents = Math.round(res.json().data.payout * 100);
    const short = await t.fastify.inject({
      method: 'POST',
      url: '/api/dice/bet',
      headers: p.headers,
      payload: { amount: 1000, target: 50, direction: 'over' },
    });
    expect(short.statusCode).toBe(422);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('loot_bets_total', { game: 'dice', outcome: 'accepted' })).toBe(1);
    expect(delta('loot_bets_total', { game: 'dice', outcome: 'refused', reason: 'insufficient_funds' })).toBe(1);
    expect(delta('loot_wagered_cents_total', { game: 'dice' })).toBe(250);
    expect(delta('loot_paid_cents_total', { game: 'dice' })).toBe(payoutCents);
    expect(delta('loot_bet_settle_seconds_count', { game: 'dice' })).toBe(1);
    expect(delta('loot_bets_total', { game: 'plinko', outcome: 'accepted' })).toBe(0);
    // the route pattern, never the raw URL; the process and Node defaults are there
    expect(
      delta('http_request_duration_seconds_count', { route: '/api/dice/bet', method: 'POST', status_class: '2xx' }),
    ).toBe(1);
    await t.fastify.inject({ method: 'GET', url: '/api/boxes/no-such-box-123' });
    await t.fastify.inject({ method: 'GET', url: '/api/no-such-route-456' });
    const routes = await scrape();
    expect(routes).toContain('route="/api/boxes/:slug"');
    expect(sample(routes, 'http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' })).toBe(1);
    expect(routes).not.toContain('no-such-box-123');
    expect(routes).not.toContain('no-such-route-456');
    expect(routes).toMatch(/^process_cpu_seconds_total /m);
    expect(routes).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(routes).toMatch(/^nodejs_heap_size_used_bytes /m);
  });

  it('echoes a safe X-Request-Id, replaces an unsafe one, and puts it in a 5xx body', async () => {
    const kept = await t.fastify.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'support-1234_ab.c' },
    });
    expect(kept.headers['x-request-id']).toBe('support-1234_ab.c');
    for (const bad of ['short', 'x'.repeat(129), 'evil\tid with spaces', 'a"b{}<script>xx']) {
      const res = await t.fastify.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const a = await t.fastify.inject({ method: 'GET', url: '/api/no-such-thing' });
    const b = await t.fastify.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(a.statusCode).toBe(404);
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);

    const other = await createTestApp(dialect);
    await other.database.close();
    const res = await other.fastify.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'quote-me-9876' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: expect.any(String), msg: expect.any(String), request_id: 'quote-me-9876' });
    await other.fastify.close();
    await other.database.drop().catch(() => undefined);
  });

  it('readiness: 200 with its checks; 503 naming the database when it is unreachable; liveness apart', async () => {
    const ok = await t.fastify.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'skipped', migrations: 'ok', draining: false },
    });
    const other = await createTestApp(dialect);
    expect((await other.fastify.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    await other.database.close();
    const down = await other.fastify.inject({ method: 'GET', url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      message: 'Not ready: database.',
      msg: 'Not ready: database.',
      status: 'unavailable',
      failing: ['database'],
      checks: { database: 'failing' },
    });
    await other.fastify.close();
    await other.database.drop().catch(() => undefined);
  });

  it('readiness answers 503 while the app drains', async () => {
    const other = await createTestApp(dialect);
    other.fastify.ops.readiness.draining = true;
    const res = await other.fastify.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ failing: ['draining'], checks: { database: 'ok', draining: true } });
    expect((await other.fastify.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200); // still alive
    await other.close();
  });
});

describeEachDb('operations: who may read /metrics', (dialect) => {
  const get = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.fastify.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress,
      headers: { host: 'localhost:3000', ...headers },
    });

  it('production: loopback freely; another client only with the token', async () => {
    const token = 'metrics-token-0123456789';
    const t = await createTestApp(dialect, { env: { NODE_ENV: 'production', METRICS_TOKEN: token, ...prodSecrets } });
    try {
      expect((await get(t, '127.0.0.1')).statusCode).toBe(200);
      const refused = await get(t, '203.0.113.9');
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toContain('loot_');
      expect((await get(t, '203.0.113.9', { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(401);
      expect((await get(t, '203.0.113.9', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
      // a loopback peer relaying someone else (a proxy on this machine) is not this machine
      expect((await get(t, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('production without METRICS_TOKEN: this machine only', async () => {
    const t = await createTestApp(dialect, { env: { NODE_ENV: 'production', ...prodSecrets } });
    try {
      expect((await get(t, '::1')).statusCode).toBe(200);
      expect((await get(t, '198.51.100.7')).statusCode).toBe(403);
      expect((await get(t, '198.51.100.7', { authorization: 'Bearer anything-at-all-here' })).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('METRICS_PORT: the same text on a port of its own, /metrics only', async () => {
    const t = await createTestApp(dialect);
    const server = await metricsServer(t.fastify.ops.metrics!, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^loot_ledger_drift_violations\{invariant="balance"\} 0$/m);
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      server.close();
      await t.close();
    }
  });

  it('METRICS=off: no /metrics, no hooks', async () => {
    const t = await createTestApp(dialect, { env: { METRICS: 'off' } });
    try {
      expect(t.fastify.ops.metrics).toBeNull();
      const res = await get(t, '127.0.0.1');
      expect(res.statusCode).not.toBe(200); // no route: the site's not-found answer
      expect(res.body).not.toContain('process_cpu_seconds_total');
    } finally {
      await t.close();
    }
  });
});

const prodSecrets = {
  APP_SECRET: 'a'.repeat(40),
  PUSHER_APP_KEY: 'prod-key',
  PUSHER_APP_SECRET: 'b'.repeat(24),
  OAUTH_CLIENT_SECRET: 'c'.repeat(24),
};

it("every log line of a request carries its id (the handler's own too)", async () => {
  const { lines, stream } = logLines();
  const database = await createTestDatabase('sqlite');
  const { fastify } = await buildApp({ config: testConfig({ LOG_LEVEL: 'info' }), database, logStream: stream });
  await database.close(); // the health check fails: its handler's error is logged
  try {
    const res = await fastify.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-abc-12345' },
    });
    expect(res.statusCode).toBe(500);
  } finally {
    await fastify.close();
    await database.drop().catch(() => undefined);
  }
  const mine = lines
    .map((l) => JSON.parse(l) as { reqId?: string; msg: string })
    .filter((l) => l.reqId === 'trace-abc-12345')
    .map((l) => l.msg);
  expect(mine).toEqual(['incoming request', 'request failed', 'request completed']);
});

it('the password-hash queue reports its refusals (loot_password_hash_refusals_total)', async () => {
  const queue = new HashQueue({ concurrency: 1, perOwner: 1, maxWaiting: 1, maxWaitMs: 1000, maxDecoyWaiting: 1 });
  const seen: string[] = [];
  queue.onRefuse = (reason) => seen.push(reason);
  let release = () => {};
  const running = queue.run('a', () => new Promise<void>((r) => (release = r)));
  await expect(queue.run('a', async () => undefined)).rejects.toMatchObject({ statusCode: 429 }); // per client
  const waiting = queue.run('b', async () => undefined); // waits for the one slot
  await expect(queue.run('c', async () => undefined)).rejects.toMatchObject({ statusCode: 503 }); // full
  release();
  await Promise.all([running, waiting]);
  expect(seen).toEqual(['per_client', 'full']);
});
