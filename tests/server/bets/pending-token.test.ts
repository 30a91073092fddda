// An instant bet on PostgreSQL whose player's pair and access token are cached in the process is ONE
// round trip: the token is not looked up, la_apply_bet checks it in the bet's own statement
// (plugins/auth.ts authenticatePending, modules/auth/token-cache.ts, migration 0036). A token ended
// after the cache warmed — logout, a revocation by another instance, expiry, every session ended —
// refuses the very next bet exactly as an unknown token does (401 in the error shape) and nothing is
// written, whatever else the request got wrong (a body refused 422 or unreadable, a stored
// Idempotency-Key answer, an item not owned). Both databases: on SQLite every token is looked up.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { openDatabase } from '../../../src/server/db/database.ts';
import { revokeAllSessions } from '../../../src/server/modules/auth/tokens.ts';
import { grantItem } from '../../../src/server/modules/inventory/inventory.service.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { describeEachDb } from '../../helpers/test-db.ts';
import { activeNonce, createPlayer, playerState, type TestPlayer } from '../../helpers/users.ts';

const DICE = { amount: 0.01, target: 50, direction: 'over' };

describeEachDb('instant bets: a cached token is checked by the bet itself', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  const bet = (headers: Record<string, string>, payload: unknown = DICE, url = '/api/dice/bet') =>
    t.fastify.inject({ method: 'POST', url, headers, payload: payload as object });

  /** A funded player whose token and pair the process has cached (one bet placed). */
  const warmPlayer = async (): Promise<TestPlayer> => {
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 10_000 });
    expect((await bet(p.headers)).statusCode).toBe(200);
    return p;
  };

  /** Everything a refused bet must leave as it was. */
  const written = async (userId: number) => ({
    user: await playerState(db(), userId),
    nonce: await activeNonce(db(), userId),
    dice: (await db().selectFrom('dice_bets').select('id').where('user_id', '=', userId).execute()).length,
    upgrades: (await db().selectFrom('upgrades').select('id').where('user_id', '=', userId).execute()).length,
    ledger: (await db().selectFrom('ledger').select('id').where('user_id', '=', userId).execute()).length,
    items: await db().selectFrom('inventory_items').select(['id', 'status']).where('user_id', '=', userId).execute(),
  });

  /** What a bet with an unknown token answers, without its request id. */
  const unknownTokenAnswer = async () => {
    const r = await bet({ authorization: 'Bearer not-a-token' });
    const { request_id: _, ...body } = r.json();
    return { status: r.statusCode, body };
  };

  const ends: [string, (p: TestPlayer) => Promise<unknown>][] = [
    ['a logout', (p) => t.fastify.inject({ method: 'POST', url: '/api/profile/logout', headers: p.headers })],
    [
      'a revocation committed elsewhere',
      (p) => db().updateTable('oauth_tokens').set({ revoked_at: Date.now() }).where('user_id', '=', p.id).execute(),
    ],
    [
      'expiry',
      (p) =>
        db()
          .updateTable('oauth_tokens')
          .set({ access_expires_at: Date.now() - 1 })
          .where('user_id', '=', p.id)
          .execute(),
    ],
    ['every session ended (password reset)', (p) => revokeAllSessions(db(), p.id, Date.now())],
  ];

  for (const [end, endToken] of ends) {
    it(`after ${end}, the next bet answers 401 as an unknown token does and writes nothing`, async () => {
      const p = await warmPlayer();
      await endToken(p);
      const before = await written(p.id);
      const r = await bet(p.headers);
      const { request_id: _, ...body } = r.json();
      expect({ status: r.statusCode, body }).toEqual(await unknownTokenAnswer());
      expect(await written(p.id)).toEqual(before);
      expect((await bet(p.headers)).statusCode).toBe(401); // and every bet after it
    });
  }

  const mistakes: [string, (p: TestPlayer, key: string) => Promise<{ statusCode: number }>][] = [
    ['a body refused 422', (p) => bet(p.headers, { ...DICE, amount: 1_000_000 })],
    [
      'an unreadable body',
      (p) =>
        t.fastify.inject({
          method: 'POST',
          url: '/api/dice/bet',
          headers: { ...p.headers, 'content-type': 'application/json' },
          payload: '{"amount":',
        }),
    ],
    ['a stored Idempotency-Key answer', (p, key) => bet({ ...p.headers, 'idempotency-key': key })],
    ['an upgrade of an item not owned', (p) => upgrade(p, 987_654_321)],
    ['an upgrade it could place', (p) => upgrade(p, ownedItem.get(p.id)!)],
  ];
  const ownedItem = new Map<number, number>(); // player id → an item they own
  /** An upgrade of `itemId` into the catalog's priciest product. */
  const upgrade = async (p: TestPlayer, itemId: number) => {
    const target = await db()
      .selectFrom('products')
      .select('id')
      .orderBy('price_cents', 'desc')
      .executeTakeFirstOrThrow();
    return bet(p.headers, { item_ids: [itemId], balance: 1, target_product_id: Number(target.id) }, '/api/upgrade');
  };

  for (const [mistake, send] of mistakes) {
    it(`a revoked token's bet with ${mistake} answers 401, not that refusal`, async () => {
      const p = await warmPlayer();
      const key = `k-${p.id}`;
      expect((await bet({ ...p.headers, 'idempotency-key': key })).statusCode).toBe(200); // stored
      const product = await db().selectFrom('products').select('id').orderBy('price_cents').executeTakeFirstOrThrow();
      const item = { userId: p.id, productId: Number(product.id), sourceRef: null, now: Date.now() };
      ownedItem.set(p.id, await grantItem(db(), { ...item, source: 'admin' }));
      await revokeAllSessions(db(), p.id, Date.now());
      const before = await written(p.id);
      const r = await send(p, key);
      expect(r.statusCode).toBe(401);
      expect(await written(p.id)).toEqual(before);
    });
  }

  it('a valid cached token goes on betting, and a refused one never brings back its cache entry', async () => {
    const p = await warmPlayer();
    const other = await warmPlayer();
    await revokeAllSessions(db(), other.id, Date.now());
    expect((await bet(other.headers)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await bet(p.headers)).statusCode).toBe(200);
    expect((await bet(other.headers)).statusCode).toBe(401);
  });

  if (dialect === 'postgres') {
    /** The statements `work` sends to PostgreSQL from its own async context (not the app's timers). */
    const statementsOf = async (work: () => Promise<unknown>): Promise<string[]> => {
      const mine = new AsyncLocalStorage<string[]>();
      const query = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const q = args[0] as string | { text: string; name?: string };
        mine.getStore()?.push(typeof q === 'string' ? q : (q.name ?? q.text));
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      const sent: string[] = [];
      try {
        await mine.run(sent, work);
      } finally {
        pg.Client.prototype.query = query;
      }
      return sent;
    };

    it('a bet on a cached pair and token is ONE round trip: la_apply_bet, and so is its refusal', async () => {
      const p = await warmPlayer();
      for (const game of [
        () => bet(p.headers),
        () => bet(p.headers, { amount: 0.01, rows: 8, risk: 'low' }, '/api/plinko/bet'),
      ]) {
        let status = 0;
        expect(await statementsOf(async () => (status = (await game()).statusCode))).toEqual(['la_apply_bet']);
        expect(status).toBe(200);
      }
      await revokeAllSessions(db(), p.id, Date.now());
      let status = 0;
      expect(await statementsOf(async () => (status = (await bet(p.headers)).statusCode))).toEqual(['la_apply_bet']);
      expect(status).toBe(401);
    });

    it('a logout on one instance refuses the next bet on another whose cache is warm', async () => {
      const second = openDatabase({ kind: 'postgres', url: process.env.TEST_PG_URL!, schema: t.database.schema });
      const { fastify: other } = await buildApp({ config: t.config, database: second, clientDir: null });
      try {
        const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 10_000 });
        const betOn = (app: typeof other) =>
          app.inject({ method: 'POST', url: '/api/dice/bet', headers: p.headers, payload: DICE });
        expect((await betOn(other)).statusCode).toBe(200);
        expect((await betOn(other)).statusCode).toBe(200); // cached there
        const out = await t.fastify.inject({ method: 'POST', url: '/api/profile/logout', headers: p.headers });
        expect(out.statusCode).toBe(200);
        const before = await written(p.id);
        expect((await betOn(other)).statusCode).toBe(401);
        expect(await written(p.id)).toEqual(before);
      } finally {
        await other.close();
        await second.close();
      }
    });
  }
});
