// defineRoute validates with zod and answers 422 with per-field errors in the spec's shape.
import Fastify from 'fastify';
import { z } from 'zod';
import { expect, it, describe } from 'vitest';
import { defineRoute } from '../../src/server/http/route.ts';
import { handleError, HttpError } from '../../src/server/http/errors.ts';

async function app() {
  const f = Fastify();
  f.setErrorHandler(handleError);
  defineRoute(
    f,
    {
      method: 'POST',
      url: '/t/:id',
      summary: 'test',
      body: z.object({ name: z.string().min(1, 'Nickname is required'), n: z.number().int() }),
      params: z.object({ id: z.coerce.number().int() }),
    },
    async ({ body, params }) => {
      if (body.name === 'teapot') throw new HttpError(418, 'I am a teapot');
      if (body.name === 'boom') throw new Error('secret detail at /src/x.ts:1');
      return { id: params.id, name: body.name };
    },
  );
  await f.ready();
  return f;
}

describe('defineRoute', () => {
  it('passes parsed input to the handler', async () => {
    const f = await app();
    const res = await f.inject({ method: 'POST', url: '/t/7', payload: { name: 'ann', n: 2 } });
    expect(res.json()).toEqual({ id: 7, name: 'ann' });
  });

  it('answers 422 with message, msg and errors per field', async () => {
    const f = await app();
    const res = await f.inject({ method: 'POST', url: '/t/7', payload: { name: '', n: 'x' } });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('Nickname is required');
    expect(body.msg).toBe('Nickname is required');
    expect(body.errors.name).toEqual(['Nickname is required']);
    expect(body.errors.n).toHaveLength(1);
  });

  it('rejects bad path parameters', async () => {
    const f = await app();
    const res = await f.inject({ method: 'POST', url: '/t/abc', payload: { name: 'a', n: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id).toBeTruthy();
  });

  it('keeps HttpError status and hides unexpected errors', async () => {
    const f = await app();
    const tea = await f.inject({ method: 'POST', url: '/t/1', payload: { name: 'teapot', n: 1 } });
    expect(tea.statusCode).toBe(418);
    expect(tea.json()).toEqual({ message: 'I am a teapot', msg: 'I am a teapot', request_id: expect.any(String) });
    const boom = await f.inject({ method: 'POST', url: '/t/1', payload: { name: 'boom', n: 1 } });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('secret detail');
  });
});

describe('router refusals (frameworkErrors)', () => {
  it('a path parameter over the router limit answers 414 in the error shape', async () => {
    const { createTestApp } = await import('../helpers/test-app.ts');
    const t = await createTestApp('sqlite');
    try {
      const res = await t.fastify.inject({ method: 'GET', url: `/api/boxes/${'x'.repeat(300)}` });
      expect(res.statusCode).toBe(414);
      expect(res.json()).toEqual({
        message: 'The address is too long.',
        msg: 'The address is too long.',
        request_id: expect.any(String),
      });
    } finally {
      await t.close();
    }
  });
});
