// Withdrawals: options, request (debit at once, address validated for its chain), player cancel
// while new, operator moves through the statuses with refunds on cancel.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createWalletTest, BAD_AMOUNTS, type WalletTest } from '../helpers/wallet.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { moveWithdrawal } from '../../src/server/modules/wallet/withdrawals.service.ts';

const ADDR = {
  ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  USDTT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
};

describeEachDb('withdrawals', (dialect) => {
  let w: WalletTest;
  beforeEach(async () => {
    w = await createWalletTest(dialect);
  });
  afterEach(() => w.close());
  const get = (url: string, p: { headers: { authorization: string } }) =>
    w.fastify.inject({ method: 'GET', url, headers: p.headers });

  it('options list methods (no XRP) with minimum and fee', async () => {
    const res = await w.fastify.inject({ method: 'GET', url: '/api/withdrawals/options' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { method: string; minimum_amount: number; fee: number }[];
    expect(data.map((d) => d.method)).not.toContain('XRP');
    expect(data).toHaveLength(10);
    expect(data.find((d) => d.method === 'BTC')).toEqual({
      method: 'BTC',
      name: 'Bitcoin',
      network: '',
      minimum_amount: 20,
      fee: 5,
    });
  });

  it('request debits at once; the player cancels while new and gets it back; lists show statuses', async () => {
    const p = await w.player(10_000);
    const res = await w.post('/api/withdrawals', p, { amount: 30.5, method: 'ETH', address: ADDR.ETH });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.balance).toBe(69.5);
    expect(body.data).toMatchObject({
      amount: 30.5,
      fee: 3,
      payout: 27.5,
      method: 'ETH',
      address: ADDR.ETH,
      status: 'new',
      status_title: 'Requested',
      status_color: 'white',
    });
    expect(w.events.at(-1)?.data).toEqual({ type: 'balanceUpdated', current_balance: 69.5 });
    const cancel = await w.post(`/api/withdrawals/${body.data.id}/cancel`, p);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      balance: 100,
      data: { status: 'canceled_by_user', status_title: 'Canceled', status_color: 'red' },
    });
    expect((await w.post(`/api/withdrawals/${body.data.id}/cancel`, p)).statusCode).toBe(409);
    expect(await w.balance(p.id)).toBe(10_000);
    const list = (await get('/api/withdrawals', p)).json().data;
    expect(list).toHaveLength(1);
  });

  it('the operator path: new → in_processing → done; canceled refunds; no cancel by the player once processing', async () => {
    const p = await w.player(10_000);
    const a = (await w.post('/api/withdrawals', p, { amount: 20, method: 'BTC', address: ADDR.BTC })).json().data
      .id as number;
    const b = (await w.post('/api/withdrawals', p, { amount: 25, method: 'USDTT', address: ADDR.USDTT })).json().data
      .id as number;
    expect(await w.balance(p.id)).toBe(5500);
    await moveWithdrawal(w.database.db, a, 'in_processing', 5);
    expect((await w.post(`/api/withdrawals/${a}/cancel`, p)).json().msg).toBe(
      'This withdrawal can no longer be canceled.',
    );
    await expect(moveWithdrawal(w.database.db, a, 'new', 5)).rejects.toMatchObject({ statusCode: 409 });
    await expect(moveWithdrawal(w.database.db, a, 'paid', 5)).rejects.toMatchObject({ statusCode: 422 });
    await expect(moveWithdrawal(w.database.db, a, 'canceled_by_user', 5)).rejects.toMatchObject({ statusCode: 422 });
    const done = await moveWithdrawal(w.database.db, a, 'done', 6);
    expect(done).toMatchObject({ balanceCents: null, withdrawal: { status: 'done' } });
    await expect(moveWithdrawal(w.database.db, a, 'canceled', 7)).rejects.toMatchObject({ statusCode: 409 });
    const canceled = await moveWithdrawal(w.database.db, b, 'canceled', 8);
    expect(canceled.balanceCents).toBe(8000);
    await expect(moveWithdrawal(w.database.db, b, 'canceled', 9)).rejects.toMatchObject({ statusCode: 409 });
    await expect(moveWithdrawal(w.database.db, 99_999, 'done', 9)).rejects.toMatchObject({ statusCode: 404 });
    expect(await w.balance(p.id)).toBe(8000);
    const statuses = (await get('/api/withdrawals', p))
      .json()
      .data.map((x: { status: string; status_color: string }) => [x.status, x.status_color]);
    expect(statuses).toEqual([
      ['canceled', 'red'],
      ['done', 'green'],
    ]);
  });

  it('an Idempotency-Key makes a retried request return the first withdrawal, also in parallel', async () => {
    const p = await w.player(10_000);
    const body = { amount: 25, method: 'ETH', address: ADDR.ETH };
    const send = (key: string, b: object = body) =>
      w.fastify.inject({
        method: 'POST',
        url: '/api/withdrawals',
        headers: { ...p.headers, 'idempotency-key': key },
        payload: b,
      });
    const all = await Promise.all([send('k-1'), send('k-1'), send('k-1')]);
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(all.map((r) => r.json().data.id)).size).toBe(1);
    expect(all.map((r) => r.json().balance)).toEqual([75, 75, 75]);
    expect(await w.balance(p.id)).toBe(7500);
    expect((await send('k-1', { ...body, amount: 26 })).statusCode).toBe(409);
    expect((await send('k-2')).json().balance).toBe(50);
    expect((await send('bad key with spaces')).statusCode).toBe(422);
    expect(await w.database.db.selectFrom('withdrawals').selectAll().execute()).toHaveLength(2);
  });

  it('parallel cancel by player and operator refunds exactly once', async () => {
    const p = await w.player(5000);
    const id = (await w.post('/api/withdrawals', p, { amount: 50, method: 'ETH', address: ADDR.ETH })).json().data
      .id as number;
    const r = await Promise.allSettled([
      w.post(`/api/withdrawals/${id}/cancel`, p),
      moveWithdrawal(w.database.db, id, 'canceled', 3),
      w.post(`/api/withdrawals/${id}/cancel`, p),
    ]);
    expect(r.every((x) => x.status === 'fulfilled' || (x.reason as { statusCode?: number }).statusCode === 409)).toBe(
      true,
    );
    expect(await w.balance(p.id)).toBe(5000);
    expect((await w.database.db.selectFrom('ledger').select('id').where('kind', '=', 'refund').execute()).length).toBe(
      1,
    );
  });

  it('refuses bad amounts, methods, addresses, insufficient funds and foreign withdrawals; balance unchanged', async () => {
    const p = await w.player(3000);
    for (const amount of [...BAD_AMOUNTS, 19.99, undefined]) {
      const res = await w.post('/api/withdrawals', p, { amount, method: 'ETH', address: ADDR.ETH });
      expect(res.statusCode, JSON.stringify(amount)).toBe(422);
      expect(res.json().errors.amount).toBeTruthy();
    }
    const cases: [object, string, string][] = [
      [
        { amount: 20, method: 'XRP', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' },
        'method',
        'This withdrawal method is not supported.',
      ],
      [{ amount: 20, method: 'FOO', address: ADDR.ETH }, 'method', 'This withdrawal method is not supported.'],
      [{ amount: 20, method: 'BTC', address: ADDR.ETH }, 'address', 'This is not a valid Bitcoin address.'],
      [
        { amount: 20, method: 'ETH', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
        'address',
        'This is not a valid Ethereum address.',
      ],
      [
        { amount: 20, method: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' },
        'address',
        'This is not a valid Bitcoin address.',
      ],
      [
        { amount: 20, method: 'USDTT', address: "'; drop table withdrawals; --" },
        'address',
        'This is not a valid Tether USD, TRC20 address.',
      ],
      [{ amount: 20, method: 'ETH', address: 'x'.repeat(101) }, 'address', 'The address is too long.'],
      [{ amount: 20, method: 'ETH' }, 'address', ''],
      [{ amount: 31, method: 'ETH', address: ADDR.ETH }, 'amount', 'Insufficient balance.'],
    ];
    for (const [body, field, text] of cases) {
      const res = await w.post('/api/withdrawals', p, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toBeTruthy();
      if (text) expect(res.json().msg).toBe(text);
    }
    expect(await w.balance(p.id)).toBe(3000);
    expect(await w.database.db.selectFrom('withdrawals').selectAll().execute()).toEqual([]);
    const other = await w.player(5000);
    const id = (await w.post('/api/withdrawals', other, { amount: 20, method: 'ETH', address: ADDR.ETH })).json().data
      .id;
    expect((await w.post(`/api/withdrawals/${id}/cancel`, p)).statusCode).toBe(404);
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999'])
      expect((await w.post(`/api/withdrawals/${bad}/cancel`, p)).statusCode).toBe(422);
    expect((await w.post('/api/withdrawals', null, { amount: 20, method: 'ETH', address: ADDR.ETH })).statusCode).toBe(
      401,
    );
    expect((await w.fastify.inject({ method: 'GET', url: '/api/withdrawals' })).statusCode).toBe(401);
  });
});
