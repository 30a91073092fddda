// The built client is served with an SPA fallback; API paths never get index.html.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClient } from '../../src/server/http/static.ts';
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

describe('dev pages (/dev/scenes)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'la-client-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Loot</title></head></html>');
  });

  const serve = async (devPages: boolean) => {
    const app = Fastify();
    await registerClient(app, dir, { devPages });
    return app;
  };

  it('outside production: /dev/scenes is a page whose index.html tells the client to register dev pages', async () => {
    const app = await serve(true);
    const page = await app.inject({
      method: 'GET',
      url: '/dev/scenes?scene=dice&outcome=42',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="la-dev-pages" content="on" />');
    expect(page.body).toContain('<title>Loot</title>');
    expect((await app.inject({ method: 'GET', url: '/boxes' })).body).toContain('la-dev-pages');
    // the rest of /dev/ stays the server's
    expect((await app.inject({ method: 'GET', url: '/dev/other', headers: { accept: 'text/html' } })).statusCode).toBe(
      404,
    );
    await app.close();
  });

  it('in production: /dev/scenes is a JSON 404 and index.html has no dev marker', async () => {
    const app = await serve(false);
    const page = await app.inject({ method: 'GET', url: '/dev/scenes?scene=dice', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toMatch(/Not found/);
    const home = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.statusCode).toBe(200);
    expect(home.body).not.toContain('la-dev-pages');
    await app.close();
  });
});
