// Issue 12 item 2: an optional Idempotency-Key header on every bet, opening, upgrade and sale.
// A retry with the same key returns the first answer and moves no money (on main each retry
// played again); the same key with another body answers 409; keys are per user.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createPlayer, type TestPlayer } from '../../helpers/users.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { grantItem } from '../../../src/server/modules/inventory/inventory.service.ts';

describeEachDb('Idempotency-Key on money calls', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedCatalog(t.database.db, 1_000);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const player = () => createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 100_000 });
  const post = (url: string, p: TestPlayer, payload: object, key?: string) =>
    t.fastify.inject({
      method: 'POST',
      url,
      headers: key === undefined ? p.headers : { ...p.headers, 'idempotency-key': key },
      payload,
    });
  const state = async (id: number) => ({
    balance: Number(
      (await db().selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_cents,
    ),
    ledger: (await db().selectFrom('ledger').select('id').where('user_id', '=', id).execute()).length,
    items: (await db().selectFrom('inventory_items').select('id').where('user_id', '=', id).execute()).length,
  });
  const productId = async (slug: string) =>
    (await db().selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  const give = async (p: TestPlayer, slug: string) =>
    grantItem(db(), { userId: p.id, productId: await productId(slug), source: 'admin', sourceRef: 'test', now: 1 });

  /** Sends `payload` to `url` twice in a row and twice in parallel under one key: one effect, one answer. */
  async function once(p: TestPlayer, url: string, payload: object) {
    const key = `k-${url}-${Math.random()}`;
    const first = await post(url, p, payload, key);
    expect(first.statusCode, first.body).toBe(200);
    const after = await state(p.id);
    const retries = await Promise.all([post(url, p, payload, key), post(url, p, payload, key)]);
    for (const r of retries) expect(r.json()).toEqual(first.json());
    expect(await state(p.id)).toEqual(after);
    return first.json();
  }

  it('dice: a retried bet returns the first answer and bets once', async () => {
    const p = await player();
    await once(p, '/api/dice/bet', { amount: 5, target: 50, direction: 'over' });
    expect((await db().selectFrom('dice_bets').select('id').where('user_id', '=', p.id).execute()).length).toBe(1);
  });

  it('box opening, upgrade and sale: a retry returns the first answer and moves nothing', async () => {
    const p = await player();
    await once(p, '/api/boxes/penny-box/open', { count: 2 });
    const target = await productId('aero-runner-volt');
    await once(p, '/api/upgrade', {
      item_ids: [await give(p, 'dad-cap-navy')],
      balance: 20,
      target_product_id: target,
    });
    await once(p, '/api/inventory/sell', { ids: [await give(p, 'dad-cap-navy')] });
  });

  it('parallel first requests with one key settle once', async () => {
    const p = await player();
    const key = 'parallel-1';
    const payload = { amount: 1, target: 50, direction: 'under' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/api/dice/bet', p, payload, key)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect((await db().selectFrom('dice_bets').select('id').where('user_id', '=', p.id).execute()).length).toBe(1);
  });

  it('parallel first requests that each need the whole balance or the same item all get the first answer', async () => {
    // The losers wait on the user row, then find the money or the item spent: the stored answer wins over that error.
    const p = await createPlayer(db(), t.config.secrets.appSecret, { balanceCents: 500 });
    const bets = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/api/dice/bet', p, { amount: 5, target: 50, direction: 'under' }, 'all-in'),
      ),
    );
    for (const a of bets) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(bets.map((a) => a.body)).size).toBe(1);
    const item = await give(p, 'dad-cap-navy');
    const sales = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/inventory/sell', p, { ids: [item] }, 'sell-once')),
    );
    for (const a of sales) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(sales.map((a) => a.body)).size).toBe(1);
  });

  it('the same key with another body or another call answers 409 and moves nothing', async () => {
    const p = await player();
    const bet = { amount: 2, target: 50, direction: 'over' };
    expect((await post('/api/dice/bet', p, bet, 'reused')).statusCode).toBe(200);
    const before = await state(p.id);
    const other = await post('/api/dice/bet', p, { ...bet, amount: 3 }, 'reused');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request.');
    expect((await post('/api/boxes/penny-box/open', p, { count: 1 }, 'reused')).statusCode).toBe(409);
    expect(await state(p.id)).toEqual(before);
  });

  it('keys are per user, a call without a key always plays, a malformed key is refused', async () => {
    const [a, b] = [await player(), await player()];
    const bet = { amount: 1, target: 50, direction: 'over' };
    const ra = await post('/api/dice/bet', a, bet, 'shared-key');
    const rb = await post('/api/dice/bet', b, bet, 'shared-key');
    expect(rb.statusCode).toBe(200);
    expect(rb.json().data.id).not.toBe(ra.json().data.id);
    await post('/api/dice/bet', a, bet);
    await post('/api/dice/bet', a, bet);
    expect((await db().selectFrom('dice_bets').select('id').where('user_id', '=', a.id).execute()).length).toBe(3);
    const bad = await post('/api/dice/bet', a, bet, 'x'.repeat(101));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/Idempotency-Key/);
  });
});
