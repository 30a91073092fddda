// U+0000 in any input is refused before it reaches the database (PostgreSQL answered 500 for it):
// a defineRoute route after its own validation, with 422 naming the field; any other route with 400.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { nulField, nulFieldMessage } from '../../src/server/http/nul-guard.ts';

it('nulField names the first string or key holding U+0000', () => {
  expect(nulField({ a: 'ok', b: ['x', { c: 'y\u0000' }] })).toBe('b.1.c');
  expect(nulField({ ['k\u0000']: 1 })).toBe('k\u0000');
  expect(nulField('\u0000')).toBe('body');
  expect(nulField({ a: 'ok', n: 1, z: null })).toBeNull();
});

describeEachDb('NUL guard', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('a path parameter, query or body field with U+0000 gets 422 naming it; the rest of the app is unharmed', async () => {
    const visit = await t.fastify.inject({ method: 'POST', url: '/api/affiliates/visit/ab%00cd' });
    expect(visit.statusCode).toBe(422);
    expect(visit.json()).toEqual({
      message: nulFieldMessage,
      msg: nulFieldMessage,
      errors: { code: [nulFieldMessage] },
      request_id: expect.any(String),
    });
    const search = await t.fastify.inject({ method: 'GET', url: '/api/boxes?search=a%00' });
    expect([search.statusCode, search.json().errors]).toEqual([422, { search: [nulFieldMessage] }]);
    const reset = await t.fastify.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'a\u0000@b.co' },
    });
    expect(reset.statusCode).toBe(422);
    expect((await t.fastify.inject({ method: 'GET', url: '/api/boxes?search=a' })).statusCode).toBe(200);
  });

  it('a route outside defineRoute answers 400 in the error shape', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/openapi.json?x=%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request holds a character that is not allowed.',
      msg: 'The request holds a character that is not allowed.',
      request_id: expect.any(String),
    });
  });
});
