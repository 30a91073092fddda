// The JSON body parser refuses nesting deeper than MAX_JSON_DEPTH with 400 in the error shape before
// parsing, counts only brackets outside strings, and otherwise parses as Fastify does (__proto__ refused).
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { handleError } from '../../src/server/http/errors.ts';
import { MAX_JSON_DEPTH, jsonBodyParser, nestedDeeperThan } from '../../src/server/http/json-body.ts';

async function app() {
  const f = Fastify();
  f.setErrorHandler(handleError);
  jsonBodyParser(f);
  f.post('/echo', async (request) => ({ body: request.body }));
  await f.ready();
  return f;
}

const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('nestedDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings or after escapes', () => {
    expect(nestedDeeperThan(nested(3), 3)).toBe(false);
    expect(nestedDeeperThan(nested(4), 3)).toBe(true);
    expect(nestedDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestedDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(nestedDeeperThan(`{"a":"${'['.repeat(100)}"}`, 1)).toBe(false);
    expect(nestedDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 1)).toBe(false);
    expect(nestedDeeperThan('['.repeat(500_000), 32)).toBe(true);
    expect(nestedDeeperThan('[][][][][]', 1)).toBe(false);
  });
});

describe('the JSON body parser', () => {
  it('refuses a body nested deeper than the limit with 400 in the error shape', async () => {
    const f = await app();
    for (const payload of [nested(MAX_JSON_DEPTH + 1), nested(100_000), `{"a":${nested(50_000)}}`]) {
      const res = await f.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'The request body is nested too deeply.',
        msg: 'The request body is nested too deeply.',
        request_id: expect.any(String),
      });
    }
  });

  it('parses bodies up to the limit, and still refuses __proto__ and broken JSON', async () => {
    const f = await app();
    const post = (payload: string) =>
      f.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });
    expect((await post(nested(MAX_JSON_DEPTH))).statusCode).toBe(200);
    expect((await post('{"name":"[[[[","n":[1,{"x":2}]}')).json()).toEqual({
      body: { name: '[[[[', n: [1, { x: 2 }] },
    });
    expect((await post('{"__proto__":{"admin":true}}')).statusCode).toBe(400);
    expect((await post('{"a":')).statusCode).toBe(400);
    expect((await post('')).statusCode).toBe(400);
  });
});
