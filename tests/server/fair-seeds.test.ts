// Seed pairs over HTTP: commitment before use, client seed changes, rotation reveals.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { createPlayer } from '../helpers/users.ts';
import { hashServerSeed, isServerSeed } from '../../src/shared/fair/index.ts';

describeEachDb('fair seeds', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const player = (balanceCents = 0) => createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents });
  const get = async (headers: Record<string, string>) =>
    (await t.fastify.inject({ method: 'GET', url: '/api/fair/seeds', headers })).json().data;
  const post = (url: string, headers: Record<string, string>, payload?: unknown) =>
    t.fastify.inject({ method: 'POST', url, headers, payload: payload as object });

  it('creates an active pair and a committed next hash on first read, stable afterwards', async () => {
    const p = await player();
    const a = await get(p.headers);
    expect(a.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.next_server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.next_server_seed_hash).not.toBe(a.server_seed_hash);
    expect(a.client_seed).toMatch(/^[0-9a-f]{16}$/);
    expect(a.nonce).toBe(0);
    expect(a.previous).toEqual([]);
    expect(await get(p.headers)).toEqual(a);
    const [first, second] = await Promise.all([player(), player()]);
    expect((await get(first.headers)).server_seed_hash).not.toBe((await get(second.headers)).server_seed_hash);
  });

  it('rotation reveals the seed matching the shown hash and promotes the committed next one', async () => {
    const p = await player();
    const before = await get(p.headers);
    const res = await post('/api/fair/rotate', p.headers);
    expect(res.statusCode).toBe(200);
    const { previous, current } = res.json().data;
    expect(isServerSeed(previous.server_seed)).toBe(true);
    expect(hashServerSeed(previous.server_seed)).toBe(before.server_seed_hash);
    expect(previous).toMatchObject({
      server_seed_hash: before.server_seed_hash,
      client_seed: before.client_seed,
      nonce: 0,
    });
    expect(current).toMatchObject({
      server_seed_hash: before.next_server_seed_hash,
      client_seed: before.client_seed,
      nonce: 0,
    });
    const after = await get(p.headers);
    expect(after.previous[0].server_seed).toBe(previous.server_seed);
    expect(after.next_server_seed_hash).toBe(current.next_server_seed_hash);
    expect(after.next_server_seed_hash).not.toBe(before.next_server_seed_hash);
  });

  it('setting the client seed on an unused pair keeps the server seed; on a used pair it rotates', async () => {
    const p = await player(1000);
    const before = await get(p.headers);
    const set = await post('/api/fair/client-seed', p.headers, { client_seed: 'my-lucky-seed' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({
      server_seed_hash: before.server_seed_hash,
      client_seed: 'my-lucky-seed',
      nonce: 0,
    });
    await post('/api/dice/bet', p.headers, { amount: 1, target: 50, direction: 'over' });
    const again = (await post('/api/fair/client-seed', p.headers, { client_seed: 'second' })).json().data;
    expect(again).toMatchObject({ server_seed_hash: before.next_server_seed_hash, client_seed: 'second', nonce: 0 });
    expect(again.previous[0]).toMatchObject({
      server_seed_hash: before.server_seed_hash,
      client_seed: 'my-lucky-seed',
      nonce: 1,
    });
    expect(hashServerSeed(again.previous[0].server_seed)).toBe(before.server_seed_hash);
  });

  it('rotate accepts an optional new client seed', async () => {
    const p = await player();
    const res = await post('/api/fair/rotate', p.headers, { client_seed: 'fresh' });
    expect(res.json().data.current.client_seed).toBe('fresh');
  });

  it('the revealed history (the seed pair panel) lists only your own pairs, newest first, the last 20', async () => {
    const [p, other] = await Promise.all([player(), player()]);
    await post('/api/fair/rotate', other.headers, {});
    const revealed: string[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await post('/api/fair/rotate', p.headers, { client_seed: `seed-${i}` });
      revealed.unshift(res.json().data.previous.server_seed);
    }
    const { previous } = await get(p.headers);
    expect(previous).toHaveLength(20);
    expect(previous.map((r: { server_seed: string }) => r.server_seed)).toEqual(revealed.slice(0, 20));
    expect(previous[0].client_seed).toBe('seed-19'); // the pair that played with seed-19 was revealed last
    for (const r of previous) expect(hashServerSeed(r.server_seed)).toBe(r.server_seed_hash);
    const theirs = (await get(other.headers)).previous;
    expect(theirs).toHaveLength(1);
    expect(previous.map((r: { server_seed: string }) => r.server_seed)).not.toContain(theirs[0].server_seed);
  });

  it('rejects bad client seeds with 422 and changes nothing', async () => {
    const p = await player();
    const before = await get(p.headers);
    const bad = [
      {},
      { client_seed: '' },
      { client_seed: 12 },
      { client_seed: 'x'.repeat(65) },
      { client_seed: 'x'.repeat(100_000) },
      { client_seed: 'héllo' },
      { client_seed: 'a b' },
      { client_seed: "'; drop table users;--" + ' ' },
      { client_seed: '<script>' + '\u0000' },
      { client_seed: null },
    ];
    for (const payload of bad) {
      const res = await post('/api/fair/client-seed', p.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(422);
      expect(res.json().msg).toBe(res.json().message);
      expect(res.json().errors.client_seed).toBeTruthy();
    }
    expect((await post('/api/fair/rotate', p.headers, { client_seed: 'a b' })).statusCode).toBe(422);
    expect(await get(p.headers)).toEqual(before);
    // SQL and HTML fragments without spaces are just text.
    const ok = await post('/api/fair/client-seed', p.headers, { client_seed: "';DROP--<b>" });
    expect(ok.json().data.client_seed).toBe("';DROP--<b>");
  });

  it('needs a signed-in player', async () => {
    for (const [method, url] of [
      ['GET', '/api/fair/seeds'],
      ['POST', '/api/fair/client-seed'],
      ['POST', '/api/fair/rotate'],
    ] as const) {
      const res = await t.fastify.inject({
        method,
        url,
        payload: method === 'POST' ? { client_seed: 'x' } : undefined,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Unauthenticated.',
        msg: 'Unauthenticated.',
        request_id: expect.any(String),
      });
    }
  });
});
