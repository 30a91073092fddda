// Slow clients and big bodies against a real listening server: a body trickled at 1 byte per interval
// and headers trickled the same way are cut with 408 within the request/headers timeout plus Node's
// check interval (short here through config; defaults cut within 60 s), answered in the spec's error shape;
// bodies over a route's limit get 413.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPlayer } from '../helpers/users.ts';

const REQUEST_MS = 1500;
const HEADERS_MS = 1000;
const CHECK_MS = 250;

/** Opens a socket, writes `head`, then one byte of `trickle` every `everyMs`; resolves when the server closes it. */
function trickle(port: number, head: string, rest: string, everyMs: number) {
  return new Promise<{ ms: number; answer: string }>((resolve) => {
    const started = Date.now();
    let answer = '';
    let i = 0;
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    const timer = setInterval(() => {
      if (i < rest.length && !socket.destroyed) socket.write(rest[i++]!);
    }, everyMs);
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: Date.now() - started, answer });
    });
  });
}

describe('request timeouts on a listening server', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      env: {
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
        HTTP_TIMEOUT_CHECK_MS: String(CHECK_MS),
      },
    });
    await t.fastify.listen({ port: 0, host: '127.0.0.1' });
    port = (t.fastify.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('cuts a body sent at 1 byte every 300 ms with 408 within the request timeout + check interval', async () => {
    const body = JSON.stringify({ amount: 1, target: 50, direction: 'over', pad: 'x'.repeat(40) });
    const head = `POST /oauth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { ms, answer } = await trickle(port, head, body, 300);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    const id = /^X-Request-Id: ([0-9a-f-]{36})\r$/im.exec(answer)?.[1];
    expect(answer).toContain(
      `{"message":"The request took too long to arrive.","msg":"The request took too long to arrive.","request_id":"${id}"}`,
    );
    expect(ms).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(ms).toBeLessThan(REQUEST_MS + CHECK_MS + 1000);
  }, 15_000);

  it('cuts headers sent at 1 byte every 300 ms within the headers timeout + check interval', async () => {
    const { ms, answer } = await trickle(port, 'GET /api/health HTTP/1.1\r\n', `X-Slow: ${'y'.repeat(100)}`, 300);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"msg":"The request took too long to arrive."');
    expect(ms).toBeLessThan(HEADERS_MS + CHECK_MS + 1000);
  }, 15_000);

  it('still answers a normal request on the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});

describe('timeout defaults and body limits', () => {
  it('defaults cut a slow request within 60 s, and the server carries them', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/la-timeouts-defaults' });
    const { requestTimeoutMs, headersTimeoutMs, timeoutCheckMs } = config.http;
    expect(timeoutCheckMs).toBeLessThanOrEqual(30_000);
    expect(requestTimeoutMs + timeoutCheckMs).toBeLessThanOrEqual(60_000);
    expect(headersTimeoutMs).toBeLessThanOrEqual(requestTimeoutMs);
    const t = await createTestApp('sqlite');
    try {
      expect(t.fastify.server.requestTimeout).toBe(requestTimeoutMs);
      expect(t.fastify.server.headersTimeout).toBe(headersTimeoutMs);
    } finally {
      await t.close();
    }
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/la-timeouts-defaults', HTTP_HEADERS_TIMEOUT_MS: '40000' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });

  it('refuses bodies over 1 MB by default and over a route’s own smaller limit with 413', async () => {
    const t = await createTestApp('sqlite');
    try {
      const big = JSON.stringify({ username: 'x'.repeat(1024 * 1024) });
      const token = await t.fastify.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/json' },
        payload: big,
      });
      expect(token.statusCode).toBe(413);
      expect(token.json().message).toBeTruthy();
      const player = await createPlayer(t.database.db, t.config.secrets.appSecret);
      const dice = await t.fastify.inject({
        method: 'POST',
        url: '/api/dice/bet',
        headers: { 'content-type': 'application/json', ...player.headers },
        payload: JSON.stringify({ amount: 1, target: 50, direction: 'over', pad: 'x'.repeat(5000) }),
      });
      expect(dice.statusCode).toBe(413);
      // without a token the same body is refused before it is read: 401
      const anonymous = await t.fastify.inject({
        method: 'POST',
        url: '/api/dice/bet',
        headers: { 'content-type': 'application/json' },
        payload: 'x'.repeat(5000),
      });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
