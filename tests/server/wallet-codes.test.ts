// Gift codes (single use, concurrent redeem → one credit) and vouchers (per-user and total limits,
// expiry), through the API.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createWalletTest, type WalletTest } from '../helpers/wallet.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { createGiftCodes, createVoucher } from '../../src/server/modules/wallet/codes.service.ts';

describeEachDb('gift codes and vouchers', (dialect) => {
  let w: WalletTest;
  beforeEach(async () => {
    w = await createWalletTest(dialect);
  });
  afterEach(() => w.close());

  it('a gift code credits its value once, in any letter case, and shows in the history', async () => {
    const p = await w.player(100);
    const [code] = await createGiftCodes(w.database.db, 5000, 1, 1);
    const res = await w.post('/api/deposit/gift-code/redeem', p, { code: ` ${code!.toLowerCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Gift card redeemed: $50.00 added to your balance.', balance: 51 });
    expect(w.events).toContainEqual({
      channel: `private-users.${p.id}`,
      event: 'balanceUpdated',
      data: { type: 'balanceUpdated', current_balance: 51 },
    });
    const again = await w.post('/api/deposit/gift-code/redeem', p, { code });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      message: 'This gift code has already been used.',
      msg: 'This gift code has already been used.',
    });
    const other = await w.player();
    expect((await w.post('/api/deposit/gift-code/redeem', other, { code })).statusCode).toBe(422);
    expect(await w.balance(p.id)).toBe(5100);
    expect(await w.balance(other.id)).toBe(0);
    const list = (await w.fastify.inject({ method: 'GET', url: '/api/deposit/payments', headers: p.headers })).json()
      .data;
    expect(list).toEqual([expect.objectContaining({ method: 'giftcard', amount: 50, status: 'paid' })]);
  });

  it('concurrent redeems of one gift code by many players → exactly one credit', async () => {
    const [code] = await createGiftCodes(w.database.db, 100_000, 1, 1);
    const players = await Promise.all(Array.from({ length: 8 }, () => w.player()));
    const res = await Promise.all(players.map((p) => w.post('/api/deposit/gift-code/redeem', p, { code })));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422, 422, 422]);
    const balances = await Promise.all(players.map((p) => w.balance(p.id)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(100_000);
    expect((await w.database.db.selectFrom('ledger').select('id').where('kind', '=', 'deposit').execute()).length).toBe(
      1,
    );
  });

  it('gift codes: only the six denominations; bad input → 422 without a write', async () => {
    await expect(createGiftCodes(w.database.db, 2000, 1, 1)).rejects.toMatchObject({ statusCode: 422 });
    const denominations = [10, 50, 100, 250, 500, 1000];
    for (const d of denominations) expect(await createGiftCodes(w.database.db, d * 100, 2, 1)).toHaveLength(2);
    const p = await w.player();
    for (const body of [
      {},
      { code: '' },
      { code: 12 },
      { code: 'x'.repeat(65) },
      { code: "' OR 1=1 --" },
      { code: '<img src=x>' },
      { code: 'GIFT-ÄÖÜ' },
      { code: 'GIFT-0000-0000-0000-0000' },
    ]) {
      const res = await w.post('/api/deposit/gift-code/redeem', p, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toBeTruthy();
    }
    expect(await w.balance(p.id)).toBe(0);
    expect((await w.post('/api/deposit/gift-code/redeem', null, { code: 'x' })).statusCode).toBe(401);
  });

  it('vouchers: once per player, total limit across players, expiry', async () => {
    await createVoucher(w.database.db, { code: 'Social10', valueCents: 1000, maxUses: 2 }, 1);
    await createVoucher(w.database.db, { code: 'old', valueCents: 500, expiresAt: Date.now() - 1000 }, 1);
    const [a, b, c] = [await w.player(), await w.player(), await w.player()];
    const first = await w.post('/api/deposit/voucher/redeem', a, { code: 'SOCIAL10' });
    expect(first.json()).toEqual({ msg: 'Voucher applied: $10.00 added to your balance.', balance: 10 });
    const twice = await w.post('/api/deposit/voucher/redeem', a, { code: 'social10' });
    expect(twice.json()).toMatchObject({
      message: 'You have already used this voucher.',
      msg: 'You have already used this voucher.',
    });
    expect((await w.post('/api/deposit/voucher/redeem', b, { code: 'social10' })).statusCode).toBe(200);
    const full = await w.post('/api/deposit/voucher/redeem', c, { code: 'social10' });
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe('This voucher has been fully redeemed.');
    expect((await w.post('/api/deposit/voucher/redeem', c, { code: 'old' })).json().message).toBe(
      'This voucher has expired.',
    );
    expect((await w.post('/api/deposit/voucher/redeem', c, { code: 'nothing' })).json().message).toBe(
      'This voucher is not valid.',
    );
    expect([await w.balance(a.id), await w.balance(b.id), await w.balance(c.id)]).toEqual([1000, 1000, 0]);
    expect(await w.database.db.selectFrom('voucher_redemptions').selectAll().execute()).toHaveLength(2);
    const v = await w.database.db
      .selectFrom('vouchers')
      .selectAll()
      .where('code', '=', 'social10')
      .executeTakeFirstOrThrow();
    expect(v.uses).toBe(2);
  });

  it('vouchers under concurrency: one player in parallel → one credit; limit 3 among 6 players → 3 credits', async () => {
    await createVoucher(w.database.db, { code: 'rush', valueCents: 700, maxUses: 3 }, 1);
    const me = await w.player();
    const mine = await Promise.all(
      Array.from({ length: 5 }, () => w.post('/api/deposit/voucher/redeem', me, { code: 'rush' })),
    );
    expect(mine.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await w.balance(me.id)).toBe(700);
    const others = await Promise.all(Array.from({ length: 6 }, () => w.player()));
    const res = await Promise.all(others.map((p) => w.post('/api/deposit/voucher/redeem', p, { code: 'rush' })));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const total = (await Promise.all(others.map((p) => w.balance(p.id)))).reduce((x, y) => x + y, 0);
    expect(total).toBe(1400);
  });

  it('voucher creation refuses bad codes, values, limits and duplicates', async () => {
    await createVoucher(w.database.db, { code: 'dup', valueCents: 100 }, 1);
    await expect(createVoucher(w.database.db, { code: 'DUP', valueCents: 100 }, 1)).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(createVoucher(w.database.db, { code: 'a b', valueCents: 100 }, 1)).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(createVoucher(w.database.db, { code: 'neg', valueCents: -1 }, 1)).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(createVoucher(w.database.db, { code: 'frac', valueCents: 1.5 }, 1)).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(createVoucher(w.database.db, { code: 'lim', valueCents: 100, maxUses: 0 }, 1)).rejects.toMatchObject({
      statusCode: 422,
    });
  });
});
