// Every error answer's body carries the request's id (`request_id`, the X-Request-Id header) for a
// player to quote to support (issue 28): not-found, validation, rate limits, auth refusals, router
// and guard refusals — whichever path built the body.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleClientError } from '../../src/server/http/client-error.ts';
import { freshIp, registerCall } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { describeEachDb } from '../helpers/test-db.ts';

/** The answer is an error in the spec's shape whose body quotes the id of its header. */
function expectQuotedId(res: LightMyRequestResponse, status: number): string {
  expect(res.statusCode).toBe(status);
  const id = res.headers['x-request-id'];
  expect(typeof id).toBe('string');
  expect(res.json()).toMatchObject({ message: expect.any(String), msg: expect.any(String), request_id: id });
  return id as string;
}

describeEachDb('request ids in error bodies', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('a 404, a 422, a 429 and a 401 each quote their X-Request-Id, a fresh one each time', async () => {
    const notFound = await t.fastify.inject({ method: 'GET', url: '/api/no-such-thing' });
    const a = expectQuotedId(notFound, 404);

    const invalid = await registerCall(t, { name: 'R', email: 'not-an-email' });
    const b = expectQuotedId(invalid, 422);
    expect(invalid.json().errors.email).toBeTruthy();

    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await registerCall(t, { name: 'R', email: 'bad' }, ip)).statusCode).toBe(422);
    const c = expectQuotedId(await registerCall(t, { name: 'R', email: 'bad' }, ip), 429);

    const d = expectQuotedId(await t.fastify.inject({ method: 'GET', url: '/api/profile' }), 401);
    expect(new Set([a, b, c, d]).size).toBe(4);
  });

  it('a valid incoming X-Request-Id is echoed in the body; an unsafe one is replaced in both', async () => {
    const kept = await t.fastify.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { 'x-request-id': 'support-ticket-42.a' },
    });
    expect(expectQuotedId(kept, 401)).toBe('support-ticket-42.a');
    const replaced = await t.fastify.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    expect(expectQuotedId(replaced, 404)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('router, body-parser and guard refusals quote it too', async () => {
    const tooLong = await t.fastify.inject({ method: 'GET', url: `/api/boxes/${'x'.repeat(300)}` });
    expectQuotedId(tooLong, 414);
    const badJson = await t.fastify.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json', 'x-request-id': 'bad-json-1234' },
      payload: '{bad',
    });
    expect(expectQuotedId(badJson, 400)).toBe('bad-json-1234');
    expectQuotedId(await t.fastify.inject({ method: 'GET', url: '/api/openapi.json?x=%00' }), 400); // NUL guard
  });

  it('a success body carries no request_id', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('requests that never became requests', () => {
  it('answer with an id in the header and the body alike', () => {
    let written = '';
    const socket = { destroyed: false, writable: true, write: (s: string) => (written = s), destroy: () => {} };
    handleClientError(Object.assign(new Error('garbled'), { code: 'HPE_INVALID_METHOD' }), socket as never);
    const at = written.indexOf('\r\n\r\n');
    const [head, body] = [written.slice(0, at), written.slice(at + 4)];
    const id = /^X-Request-Id: (.+)$/im.exec(head)?.[1];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(body)).toMatchObject({ message: 'The request could not be read.', request_id: id });
  });
});
