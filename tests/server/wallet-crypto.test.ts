// Crypto (alphapo sandbox): currencies and rates, stable deposit addresses, transfers credited
// after N confirmations at the current rate, below-minimum recorded but not credited.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createWalletTest, type WalletTest } from '../helpers/wallet.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import {
  confirmTransfer,
  refreshRates,
  sendTransfer,
  atomsToCents,
  parseCryptoAmount,
} from '../../src/server/modules/wallet/crypto.service.ts';
import { CRYPTO_CURRENCIES, cryptoCurrency } from '../../src/shared/wallet/currencies.ts';
import { isValidAddress } from '../../src/shared/wallet/addresses.ts';
import { CRYPTO_CONFIRMATIONS } from '../../src/shared/constants.ts';
import { HttpError } from '../../src/server/http/errors.ts';

describeEachDb('crypto deposits', (dialect) => {
  let w: WalletTest;
  beforeEach(async () => {
    w = await createWalletTest(dialect);
  });
  afterEach(() => w.close());

  async function address(p: { headers: { authorization: string } }, currency: string): Promise<string> {
    const res = await w.post('/api/deposit/alphapo/deposit-address', p, { currency });
    expect(res.statusCode).toBe(200);
    return res.json().data.wallet;
  }

  it('lists the 11 currencies with minimum for 35 USD and the stored rate', async () => {
    const p = await w.player();
    const res = await w.post('/api/deposit/alphapo/available-currencies', p);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { currency: string; minimum_amount: string; rate_from: string; rate_to: string }[];
    expect(data.map((d) => d.currency)).toEqual([
      'BTC',
      'ETH',
      'SOL',
      'USDTE',
      'USDTT',
      'XRP',
      'BCH',
      'LTC',
      'DOGE',
      'TRX',
      'BNB-BSC',
    ]);
    expect(data[0]).toMatchObject({ currency: 'BTC', rate_from: '1', rate_to: '65000', minimum_amount: '0.00053847' });
    expect(data.find((d) => d.currency === 'USDTT')).toMatchObject({ minimum_amount: '35', rate_to: '1' });
    expect(data.find((d) => d.currency === 'DOGE')).toMatchObject({ rate_to: '0.15', minimum_amount: '233.33333334' });
    // The rates come from the database behind the source adapter.
    await refreshRates(w.database.db, { name: 'test', fetchRates: async () => ({ BTC: 70_000_000_000, NOPE: 5 }) }, 2);
    const again = (await w.post('/api/deposit/alphapo/available-currencies', p)).json().data;
    expect(again[0]).toMatchObject({ rate_to: '70000', minimum_amount: '0.0005' });
    expect((await w.post('/api/deposit/alphapo/available-currencies', null)).statusCode).toBe(401);
  });

  it('deposit addresses are stable per player and currency, valid for their chain, distinct across players', async () => {
    const [a, b] = [await w.player(), await w.player()];
    for (const c of CRYPTO_CURRENCIES) {
      const first = await address(a, c.code);
      expect(isValidAddress(c.format, first), `${c.code} ${first}`).toBe(true);
      expect(await address(a, c.code)).toBe(first);
      expect(await address(b, c.code)).not.toBe(first);
    }
    expect(await address(a, 'BTC')).toMatch(/^bc1q/);
    expect(await address(a, 'ETH')).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await address(a, 'USDTT')).toMatch(/^T/);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => address(b, 'SOL')));
    expect(new Set(parallel).size).toBe(1);
  });

  it('unknown currencies and bad bodies → 422', async () => {
    const p = await w.player();
    for (const body of [
      { currency: 'XYZ' },
      { currency: 'btc' },
      { currency: '' },
      { currency: 5 },
      {},
      { currency: "BTC'; drop table users --" },
      { currency: '💰' },
    ]) {
      const res = await w.post('/api/deposit/alphapo/deposit-address', p, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors.currency).toBeTruthy();
    }
    expect(await w.database.db.selectFrom('crypto_addresses').selectAll().execute()).toEqual([]);
  });

  it(`credits after ${CRYPTO_CONFIRMATIONS} confirmations at the rate current then, once`, async () => {
    const p = await w.player();
    const addr = await address(p, 'ETH');
    const t = await sendTransfer(w.database.db, { address: addr, amount: '0.05' }, 10);
    expect(t).toMatchObject({ status: 'pending', confirmations: 0, currency: 'ETH' });
    let list = (await w.fastify.inject({ method: 'GET', url: '/api/deposit/payments', headers: p.headers })).json()
      .data;
    expect(list[0]).toMatchObject({
      method: 'alphapo',
      status: 'new',
      status_title: 'New',
      currency: 'ETH',
      amount: 160,
    });
    expect((await confirmTransfer(w.database.db, t.tx_hash, CRYPTO_CONFIRMATIONS - 1, 11)).status).toBe('pending');
    expect(await w.balance(p.id)).toBe(0);
    await refreshRates(w.database.db, { name: 'test', fetchRates: async () => ({ ETH: 3_000_000_000 }) }, 12);
    const done = await confirmTransfer(w.database.db, t.tx_hash, 1, 13);
    expect(done).toMatchObject({ status: 'credited', credited_cents: 15_000, balance_cents: 15_000 });
    expect(await w.balance(p.id)).toBe(15_000);
    const more = await confirmTransfer(w.database.db, t.tx_hash, 5, 14);
    expect(more).toMatchObject({ status: 'credited', credited_cents: null });
    expect(await w.balance(p.id)).toBe(15_000);
    expect(await w.ledgerCount(p.id)).toBe(1);
    list = (await w.fastify.inject({ method: 'GET', url: '/api/deposit/payments', headers: p.headers })).json().data;
    expect(list[0]).toMatchObject({ status: 'paid', amount: 150, currency: 'ETH' });
  });

  it('below 35 USD it is recorded but not credited', async () => {
    const p = await w.player();
    const addr = await address(p, 'USDTT');
    const t = await sendTransfer(w.database.db, { address: addr, amount: '34.99' }, 1);
    const done = await confirmTransfer(w.database.db, t.tx_hash, CRYPTO_CONFIRMATIONS, 2);
    expect(done.status).toBe('below_minimum');
    expect(await w.balance(p.id)).toBe(0);
    const list = (await w.fastify.inject({ method: 'GET', url: '/api/deposit/payments', headers: p.headers })).json()
      .data;
    expect(list[0]).toMatchObject({ status: 'rejected', amount: 34.99 });
    // exactly 35 is enough
    const ok = await sendTransfer(w.database.db, { address: addr, amount: '35' }, 3);
    expect((await confirmTransfer(w.database.db, ok.tx_hash, CRYPTO_CONFIRMATIONS, 4)).status).toBe('credited');
    expect(await w.balance(p.id)).toBe(3500);
  });

  it('the sandbox chain refuses unknown addresses, bad amounts and unknown transactions', async () => {
    const p = await w.player();
    const addr = await address(p, 'BTC');
    await expect(sendTransfer(w.database.db, { address: 'bc1qnotours', amount: '1' }, 1)).rejects.toMatchObject({
      statusCode: 404,
    });
    for (const amount of ['0', '-1', '1.123456789', 'abc', '', '1e5', 'NaN', 'Infinity', '9'.repeat(20)]) {
      await expect(sendTransfer(w.database.db, { address: addr, amount }, 1), amount).rejects.toBeInstanceOf(HttpError);
    }
    await expect(confirmTransfer(w.database.db, 'nope', 1, 1)).rejects.toMatchObject({ statusCode: 404 });
    await expect(confirmTransfer(w.database.db, 'nope', 0, 1)).rejects.toMatchObject({ statusCode: 422 });
    expect(await w.database.db.selectFrom('payments').selectAll().execute()).toEqual([]);
  });

  it('the development page sends and confirms through forms and publishes the balance', async () => {
    const p = await w.player();
    const addr = await address(p, 'LTC');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await w.fastify.inject({ method: 'GET', url: '/sandbox/alphapo' })).body).toContain('Sandbox crypto chain');
    const sent = await w.fastify.inject({
      method: 'POST',
      url: '/sandbox/alphapo/send',
      headers: form,
      payload: `address=${addr}&amount=1`,
    });
    expect(sent.statusCode).toBe(200);
    const tx = /<code>([0-9a-f]{64})<\/code>/.exec(sent.body)![1]!;
    for (let i = 0; i < CRYPTO_CONFIRMATIONS; i++)
      await w.fastify.inject({ method: 'POST', url: '/sandbox/alphapo/confirm', headers: form, payload: `tx=${tx}` });
    expect(await w.balance(p.id)).toBe(8000);
    expect(w.events.at(-1)).toEqual({
      channel: `private-users.${p.id}`,
      event: 'balanceUpdated',
      data: { type: 'balanceUpdated', current_balance: 80 },
    });
    const bad = await w.fastify.inject({
      method: 'POST',
      url: '/sandbox/alphapo/send',
      headers: form,
      payload: `address=${addr}&amount=<b>`,
    });
    expect(bad.statusCode).toBe(422);
  });
});

it('crypto amounts convert exactly', () => {
  expect(parseCryptoAmount('0.00000001')).toBe(1n);
  expect(parseCryptoAmount('1')).toBe(100_000_000n);
  expect(parseCryptoAmount('0')).toBeNull();
  expect(atomsToCents(parseCryptoAmount('0.05')!, 3_200_000_000)).toBe(16_000);
  expect(atomsToCents(parseCryptoAmount('0.00000001')!, 65_000_000_000)).toBe(0);
  expect(cryptoCurrency('XRP')!.deposit).toBe(false);
});
