// The built client is served with an SPA fallback; API paths never get index.html.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('client serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'la-client-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><title>Open Mystery Boxes, provably fair and authentic</title>',
    );
    writeFileSync(join(dir, 'assets', 'app-abc.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { clientDir: dir });
  });
  afterAll(() => t.close());

  it('serves index.html for page paths, including unknown ones', async () => {
    for (const url of ['/', '/boxes', '/profile/inventory', '/no/such/page']) {
      const res = await t.fastify.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Open Mystery Boxes');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API paths and non-GET page paths with JSON 404', async () => {
    const api = await t.fastify.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toMatch(/Not found/);
    const post = await t.fastify.inject({ method: 'POST', url: '/boxes' });
    expect(post.statusCode).toBe(404);
  });
});
