// Routes declared with auth: true need a valid bearer token.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../../src/server/http/route.ts';
import { issueTokens, verifyAccessToken, hashToken } from '../../src/server/modules/auth/tokens.ts';
import { createTestDatabase, describeEachDb, type TestDatabase } from '../helpers/test-db.ts';
import { testConfig } from '../helpers/test-app.ts';
import { createPlayer } from '../helpers/users.ts';

describeEachDb('bearer auth', (dialect) => {
  let database: TestDatabase;
  const config = testConfig();
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  async function probeApp() {
    const { default: Fastify } = await import('fastify');
    const { authPlugin } = await import('../../src/server/plugins/auth.ts');
    const { handleError } = await import('../../src/server/http/errors.ts');
    const f = Fastify();
    f.setErrorHandler(handleError);
    authPlugin(f, database, config.secrets.appSecret);
    defineRoute(
      f,
      { method: 'GET', url: '/probe', summary: 'probe', auth: true, response: z.object({ id: z.number() }) },
      ({ user }) => ({ id: user.id }),
    );
    await f.ready();
    return f;
  }

  it('gives the handler the user of a valid token', async () => {
    const f = await probeApp();
    const p = await createPlayer(database.db, config.secrets.appSecret);
    const res = await f.inject({ method: 'GET', url: '/probe', headers: p.headers });
    expect(res.json()).toEqual({ id: p.id });
  });

  it.each([[undefined], ['Bearer nonsense'], ['Basic abc'], ['Bearer ']])(
    'answers 401 with message for authorization %s',
    async (h) => {
      const f = await probeApp();
      const res = await f.inject({ method: 'GET', url: '/probe', headers: h ? { authorization: h } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Unauthenticated.',
        msg: 'Unauthenticated.',
        request_id: expect.any(String),
      });
    },
  );

  it('refuses expired and revoked tokens and stores only hashes', async () => {
    const p = await createPlayer(database.db, config.secrets.appSecret);
    const pair = await issueTokens(database.db, config.secrets.appSecret, p.id, 1000);
    expect(await verifyAccessToken(database.db, config.secrets.appSecret, pair.access_token, 2000)).toMatchObject({
      id: p.id,
    });
    expect(
      await verifyAccessToken(database.db, config.secrets.appSecret, pair.access_token, 1000 + 3600_000),
    ).toBeNull();
    const rows = await database.db.selectFrom('oauth_tokens').selectAll().where('user_id', '=', p.id).execute();
    expect(rows.some((r) => r.access_hash === pair.access_token)).toBe(false);
    expect(rows.some((r) => r.access_hash === hashToken(config.secrets.appSecret, pair.access_token))).toBe(true);
    await database.db.updateTable('oauth_tokens').set({ revoked_at: 5 }).where('user_id', '=', p.id).execute();
    expect(
      await verifyAccessToken(database.db, config.secrets.appSecret, p.tokens.access_token, Date.now()),
    ).toBeNull();
  });
});
