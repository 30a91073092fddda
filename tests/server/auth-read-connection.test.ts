// On SQLite, bearer tokens are looked up on the idle writer or, while a transaction holds it, on
// the read connection: a request is authenticated while the writer is held by a transaction, and
// every committed revocation or expiry — also one written by another process — is seen by the very
// next request.
import { renameSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../../src/server/db/database.ts';
import { sqliteHandle } from '../../src/server/db/hot/sqlite-handle.ts';
import { defineRoute } from '../../src/server/http/route.ts';
import { issueTokens, revokeFamily, verifyAccessToken } from '../../src/server/modules/auth/tokens.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.ts';
import { testConfig } from '../helpers/test-app.ts';
import { createPlayer } from '../helpers/users.ts';

describe('bearer tokens on the SQLite read connection', () => {
  let database: TestDatabase;
  const secret = testConfig().secrets.appSecret;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(() => database.drop());

  async function probeApp(clock: () => number = Date.now) {
    const { default: Fastify } = await import('fastify');
    const { authPlugin } = await import('../../src/server/plugins/auth.ts');
    const { handleError } = await import('../../src/server/http/errors.ts');
    const f = Fastify();
    f.setErrorHandler(handleError);
    authPlugin(f, database, secret, clock);
    defineRoute(
      f,
      { method: 'GET', url: '/probe', summary: 'probe', auth: true, response: z.object({ id: z.number() }) },
      ({ user }) => ({ id: user.id }),
    );
    await f.ready();
    return f;
  }

  it('authenticates while a write transaction holds the one writer connection', async () => {
    const f = await probeApp();
    const p = await createPlayer(database.db, secret);
    const status = await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ name: 'Held' }).where('id', '=', p.id).execute();
      // through the writer this lookup would wait for this very transaction: it would never end
      return (await f.inject({ method: 'GET', url: '/probe', headers: p.headers })).statusCode;
    });
    expect(status).toBe(200);
  });

  it('refuses on the very next request a token revoked by another process', async () => {
    const f = await probeApp();
    const p = await createPlayer(database.db, secret);
    expect((await f.inject({ method: 'GET', url: '/probe', headers: p.headers })).json()).toEqual({ id: p.id });
    // the same file, opened again as another instance would
    const other = openDatabase({ kind: 'sqlite', file: sqliteHandle(database.db)!.writer.name });
    try {
      await other.db.updateTable('oauth_tokens').set({ revoked_at: Date.now() }).where('user_id', '=', p.id).execute();
    } finally {
      await other.close();
    }
    const res = await f.inject({ method: 'GET', url: '/probe', headers: p.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Unauthenticated.',
      msg: 'Unauthenticated.',
      request_id: expect.any(String),
    });
  });

  it('lookups made in one turn (one read transaction) each get their own answer, also beside a held writer', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createPlayer(database.db, secret)));
    const live = await issueTokens(database.db, secret, a!.id, 1_000);
    const revoked = await issueTokens(database.db, secret, b!.id, 1_000, 'family-revoked');
    await revokeFamily(database.db, 'family-revoked', 2_000);
    const short = await issueTokens(database.db, secret, c!.id, 1_000, undefined, 60);
    const lookUp = (token: string, now: number) => verifyAccessToken(database.db, secret, token, now);
    const group = () =>
      Promise.all([
        lookUp(live.access_token, 5_000),
        lookUp(revoked.access_token, 5_000),
        lookUp(short.access_token, 61_000), // expired by then
        lookUp('no-such-token', 5_000),
        lookUp(short.access_token, 60_999),
      ]).then((users) => users.map((u) => u?.id ?? null));
    const expected = [a!.id, null, null, null, c!.id];
    expect(await group()).toEqual(expected); // on the idle writer
    const held = await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ name: 'Held' }).where('id', '=', a!.id).execute();
      return group(); // on the read connection
    });
    expect(held).toEqual(expected);
  });

  it('a group whose read connection cannot open fails its lookups, and the server goes on', async () => {
    const own = await createTestDatabase('sqlite', { template: false });
    try {
      const p = await createPlayer(own.db, secret);
      const token = p.headers.authorization.slice('Bearer '.length);
      const file = sqliteHandle(own.db)!.writer.name;
      const failed = await own.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ name: 'Held' }).where('id', '=', p.id).execute();
        renameSync(file, `${file}.moved`); // the read connection (opened now, the writer being held) finds no file
        try {
          return await verifyAccessToken(own.db, secret, token, Date.now()).then(
            () => null,
            (e: Error) => e.message,
          );
        } finally {
          renameSync(`${file}.moved`, file);
        }
      });
      expect(failed).toMatch(/unable to open|does not exist|no such file/i);
      expect((await verifyAccessToken(own.db, secret, token, Date.now()))?.id).toBe(p.id); // the writer is free again
    } finally {
      await own.drop();
    }
  });

  it('refuses a token once its expiry has passed', async () => {
    const p = await createPlayer(database.db, secret);
    const pair = await issueTokens(database.db, secret, p.id, 1_000, undefined, 60);
    const headers = { authorization: `Bearer ${pair.access_token}` };
    let now = 1_000 + 59_999;
    const f = await probeApp(() => now);
    expect((await f.inject({ method: 'GET', url: '/probe', headers })).statusCode).toBe(200);
    now = 1_000 + 60_000;
    expect((await f.inject({ method: 'GET', url: '/probe', headers })).statusCode).toBe(401);
  });
});
