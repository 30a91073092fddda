// Promo codes and the card (zen) and skins (skinsback) sandboxes: redirect, hosted checkout,
// signed webhook paying once, replay, bad signature, decline, history.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createWalletTest, BAD_AMOUNTS, type WalletTest } from '../helpers/wallet.ts';
import { signBody, webhookSecret } from '../../src/server/modules/wallet/webhook.ts';
import { createPromo } from '../../src/server/modules/wallet/promo.service.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import { seedWallet } from '../../src/server/modules/wallet/wallet.seed.ts';
import { PROMO_LABEL_CODE } from '../../src/shared/constants.ts';

describeEachDb('card and skins deposits', (dialect) => {
  let w: WalletTest;
  beforeEach(async () => {
    w = await createWalletTest(dialect);
  });
  afterEach(() => w.close());

  const refOf = (url: string) => /\/sandbox\/(?:zen|skinsback)\/([a-z]+_[0-9a-f]{24})$/.exec(url)![1]!;
  function webhook(method: string, body: unknown, signature?: string) {
    const raw = JSON.stringify(body);
    const sig = signature ?? signBody(webhookSecret(w.config.secrets.appSecret, method), raw);
    return w.fastify.inject({
      method: 'POST',
      url: `/api/deposit/${method}/webhook`,
      headers: { 'content-type': 'application/json', 'x-signature': sig },
      payload: raw,
    });
  }

  it('the wallet seed is idempotent and keeps rates an operator refreshed', async () => {
    await w.database.db.updateTable('crypto_rates').set({ usd_micros: 1 }).where('currency', '=', 'BTC').execute();
    await seedWallet(w.database.db, 5);
    await seedWallet(w.database.db, 6);
    expect(
      (await w.database.db.selectFrom('promo_codes').select('code').orderBy('code').execute()).map((r) => r.code),
    ).toEqual(['bonus5', 'case35']);
    expect(await w.database.db.selectFrom('crypto_rates').selectAll().execute()).toHaveLength(11);
    expect(
      (
        await w.database.db
          .selectFrom('crypto_rates')
          .select('usd_micros')
          .where('currency', '=', 'BTC')
          .executeTakeFirstOrThrow()
      ).usd_micros,
    ).toBe(1);
  });

  it('validates the seeded promo codes and explains every refusal in msg', async () => {
    const p = await w.player();
    let res = await w.post('/api/deposit/promocode/validate', p, { promocode: 'CASE35' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ promocode: { code: 'case35', value: 35, is_fixed_value: false } });
    res = await w.post('/api/deposit/promocode/validate', p, { promocode: PROMO_LABEL_CODE.code });
    expect(res.json().promocode).toEqual({ code: 'bonus5', value: 5, is_fixed_value: false });
    await createPromo(w.database.db, { code: 'fix10', value: 1000, isFixed: true }, 1);
    expect((await w.post('/api/deposit/promocode/validate', p, { promocode: 'fix10' })).json().promocode).toEqual({
      code: 'fix10',
      value: 10,
      is_fixed_value: true,
    });

    await createPromo(w.database.db, { code: 'old', value: 10, isFixed: false, expiresAt: Date.now() - 1 }, 1);
    await createPromo(w.database.db, { code: 'gone', value: 10, isFixed: false, maxUses: 1 }, 1);
    await w.database.db.updateTable('promo_codes').set({ uses: 1 }).where('code', '=', 'gone').execute();
    for (const [code, text] of [
      ['nope', 'This promo code does not exist.'],
      ['old', 'This promo code has expired.'],
      ['gone', 'This promo code is no longer available.'],
    ]) {
      res = await w.post('/api/deposit/promocode/validate', p, { promocode: code });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ msg: text, message: text, errors: { promocode: [text] } });
    }
    for (const bad of [
      {},
      { promocode: '' },
      { promocode: 5 },
      { promocode: 'x'.repeat(65) },
      { promocode: "' or 1=1 --" },
      { promocode: '<script>' },
      { promocode: 'ünï' },
    ]) {
      res = await w.post('/api/deposit/promocode/validate', p, bad);
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toBeTruthy();
    }
    expect((await w.post('/api/deposit/promocode/validate', null, { promocode: 'case35' })).statusCode).toBe(401);
  });

  it('card deposit with case35: checkout page, Pay → signed webhook → amount × 1.35 once, free box, live balance', async () => {
    const p = await w.player();
    const res = await w.post('/api/deposit/zen/redirect', p, { amount: 100, promocode: 'case35' });
    expect(res.statusCode).toBe(200);
    const url = res.json().redirect_url as string;
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/sandbox\/zen\/zen_[0-9a-f]{24}$/);
    const path = new URL(url).pathname;
    const page = await w.fastify.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('$100.00');
    expect(page.body).toContain('$35.00');
    expect(page.body).toContain('Decline');

    const pay = await w.fastify.inject({ method: 'POST', url: `${path}/pay` });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe('/?deposit=success&method=card&amount=100.00&bonus=35.00');
    expect(await w.balance(p.id)).toBe(13_500);
    expect(w.events).toContainEqual({
      channel: `private-users.${p.id}`,
      event: 'balanceUpdated',
      data: { type: 'balanceUpdated', current_balance: 135 },
    });
    const ent = await w.database.db.selectFrom('entitlements').selectAll().where('user_id', '=', p.id).execute();
    expect(ent).toHaveLength(1);
    expect(ent[0]).toMatchObject({ kind: 'free_box', source: 'promo:case35', used_at: null });

    // Paying again (browser back + resubmit) and replaying the webhook pay nothing.
    expect((await w.fastify.inject({ method: 'POST', url: `${path}/pay` })).statusCode).toBe(303);
    const again = await webhook('zen', { payment_id: refOf(url), status: 'paid', amount: '100.00' });
    expect(again.json()).toEqual({ ok: true, status: 'paid', replayed: true });
    expect(await w.balance(p.id)).toBe(13_500);
    expect((await w.fastify.inject({ method: 'GET', url: path })).statusCode).toBe(409);

    // case35 is once per player.
    const second = await w.post('/api/deposit/zen/redirect', p, { amount: 10, promocode: 'case35' });
    expect(second.statusCode).toBe(422);
    expect(second.json().msg).toBe('You have already used this promo code.');

    const list = await w.fastify.inject({ method: 'GET', url: '/api/deposit/payments', headers: p.headers });
    expect(list.json().data).toEqual([
      expect.objectContaining({
        method: 'zen',
        amount: 100,
        bonus: 35,
        status: 'paid',
        status_title: 'Paid',
        status_color: 'green',
        currency: null,
      }),
    ]);
  });

  it('a promo opened on two payments pays its bonus only with the first one paid', async () => {
    const p = await w.player();
    const a = refOf(
      (await w.post('/api/deposit/zen/redirect', p, { amount: 10, promocode: 'bonus5' })).json().redirect_url,
    );
    const b = refOf(
      (await w.post('/api/deposit/zen/redirect', p, { amount: 20, promocode: 'bonus5' })).json().redirect_url,
    );
    await Promise.all([
      webhook('zen', { payment_id: b, status: 'paid', amount: '20.00' }),
      webhook('zen', { payment_id: a, status: 'paid', amount: '10.00' }),
    ]);
    const bal = await w.balance(p.id);
    expect([3050, 3100]).toContain(bal); // 30 + 5% of exactly one of them
    const rows = await w.database.db
      .selectFrom('payments')
      .select(['bonus_cents'])
      .where('user_id', '=', p.id)
      .execute();
    expect(rows.filter((r) => r.bonus_cents > 0)).toHaveLength(1);
  });

  it('a total-use limit holds across players', async () => {
    await createPromo(w.database.db, { code: 'one', value: 10, isFixed: false, maxUses: 1 }, 1);
    const [p1, p2] = [await w.player(), await w.player()];
    const r1 = refOf(
      (await w.post('/api/deposit/zen/redirect', p1, { amount: 10, promocode: 'one' })).json().redirect_url,
    );
    const r2 = refOf(
      (await w.post('/api/deposit/zen/redirect', p2, { amount: 10, promocode: 'one' })).json().redirect_url,
    );
    await webhook('zen', { payment_id: r1, status: 'paid', amount: '10.00' });
    await webhook('zen', { payment_id: r2, status: 'paid', amount: '10.00' });
    expect(await w.balance(p1.id)).toBe(1100);
    expect(await w.balance(p2.id)).toBe(1000); // paid, without the exhausted bonus
    expect((await w.post('/api/deposit/zen/redirect', p2, { amount: 10, promocode: 'one' })).json().msg).toBe(
      'This promo code is no longer available.',
    );
  });

  it('webhook: bad or missing signature 401, bad body 4xx, unknown payment 404, wrong amount 422; nothing paid', async () => {
    const p = await w.player();
    const ref = refOf(
      (await w.post('/api/deposit/zen/redirect', p, { amount: 25, promocode: '' })).json().redirect_url,
    );
    const good = { payment_id: ref, status: 'paid', amount: '25.00' };
    expect((await webhook('zen', good, 'a'.repeat(64))).statusCode).toBe(401);
    expect((await webhook('zen', good, 'zz')).statusCode).toBe(401);
    expect(
      (
        await w.fastify.inject({
          method: 'POST',
          url: '/api/deposit/zen/webhook',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(good),
        })
      ).statusCode,
    ).toBe(401);
    // signed for the other provider
    const otherSig = signBody(webhookSecret(w.config.secrets.appSecret, 'skinsback'), JSON.stringify(good));
    expect((await webhook('zen', good, otherSig)).statusCode).toBe(401);
    // body tampered after signing
    const raw = JSON.stringify(good);
    const sig = signBody(webhookSecret(w.config.secrets.appSecret, 'zen'), raw);
    const tampered = await w.fastify.inject({
      method: 'POST',
      url: '/api/deposit/zen/webhook',
      headers: { 'content-type': 'application/json', 'x-signature': sig },
      payload: raw.replace('25.00', '2500.00'),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await webhook('zen', { ...good, amount: '25.001' })).statusCode).toBe(422);
    expect((await webhook('zen', { ...good, amount: 'NaN' })).statusCode).toBe(422);
    expect((await webhook('zen', { ...good, status: 'maybe' })).statusCode).toBe(422);
    expect((await webhook('zen', { ...good, amount: '24.99' })).statusCode).toBe(422);
    expect((await webhook('zen', { ...good, payment_id: 'zen_' + '0'.repeat(24) })).statusCode).toBe(404);
    expect((await webhook('skinsback', good)).statusCode).toBe(404); // a zen payment is not a skins payment
    const notJson = 'not json';
    const r = await w.fastify.inject({
      method: 'POST',
      url: '/api/deposit/zen/webhook',
      headers: {
        'content-type': 'application/json',
        'x-signature': signBody(webhookSecret(w.config.secrets.appSecret, 'zen'), notJson),
      },
      payload: notJson,
    });
    expect(r.statusCode).toBe(400);
    expect(await w.balance(p.id)).toBe(0);
    expect(await w.ledgerCount(p.id)).toBe(0);
    // and the good one pays, concurrently replayed five times → once
    const all = await Promise.all(Array.from({ length: 5 }, () => webhook('zen', good)));
    expect(all.map((x) => x.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(all.filter((x) => !x.json().replayed)).toHaveLength(1);
    expect(await w.balance(p.id)).toBe(2500);
    expect(await w.ledgerCount(p.id)).toBe(1);
  });

  it('Decline rejects the payment, pays nothing, returns the browser; a later paid webhook is a replay', async () => {
    const p = await w.player();
    const url = new URL(
      (await w.post('/api/deposit/zen/redirect', p, { amount: 5, promocode: '' })).json().redirect_url,
    );
    const res = await w.fastify.inject({ method: 'POST', url: `${url.pathname}/decline` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?deposit=declined');
    expect((await webhook('zen', { payment_id: refOf(url.href), status: 'paid', amount: '5.00' })).json()).toEqual({
      ok: true,
      status: 'rejected',
      replayed: true,
    });
    expect(await w.balance(p.id)).toBe(0);
    const list = (await w.fastify.inject({ method: 'GET', url: '/api/deposit/payments', headers: p.headers })).json()
      .data;
    expect(list[0]).toMatchObject({ status: 'rejected', status_title: 'Rejected', status_color: 'red' });
  });

  it('bad amounts and promo fields on both redirects → 422, no payment row', async () => {
    const p = await w.player();
    for (const url of ['/api/deposit/zen/redirect', '/api/deposit/skinsback/redirect']) {
      for (const amount of [...BAD_AMOUNTS, undefined]) {
        const res = await w.post(url, p, { amount, promocode: '' });
        expect(res.statusCode, `${url} ${JSON.stringify(amount)}`).toBe(422);
        expect(res.json().errors.amount).toBeTruthy();
      }
      expect((await w.post(url, p, { amount: 10, promocode: 7 })).statusCode).toBe(422);
      expect((await w.post(url, p, { amount: 10, promocode: 'unknown' })).json().errors.promocode).toEqual([
        'This promo code does not exist.',
      ]);
      expect((await w.post(url, null, { amount: 10, promocode: '' })).statusCode).toBe(401);
    }
    expect((await w.post('/api/deposit/zen/redirect', p, { amount: 4.99, promocode: '' })).json().msg).toBe(
      'The amount must be at least 5.',
    );
    expect(await w.database.db.selectFrom('payments').selectAll().execute()).toEqual([]);
    expect((await w.fastify.inject({ method: 'GET', url: '/sandbox/zen/zen_' + 'f'.repeat(24) })).statusCode).toBe(404);
    expect((await w.fastify.inject({ method: 'GET', url: '/sandbox/zen/<script>' })).statusCode).toBe(422);
  });

  it('skins: choose skins worth at least the amount; the chosen total is credited with the promo bonus', async () => {
    const p = await w.player();
    const url = new URL(
      (await w.post('/api/deposit/skinsback/redirect', p, { amount: 3.15, promocode: 'bonus5' })).json().redirect_url,
    );
    const page = await w.fastify.inject({ method: 'GET', url: url.pathname });
    expect(page.body).toContain('AK-47 | Redline');
    const short = await w.fastify.inject({
      method: 'POST',
      url: `${url.pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'skin_2=1',
    });
    expect(short.statusCode).toBe(422);
    expect(short.body).toContain('choose at least $3.15');
    expect(await w.balance(p.id)).toBe(0);
    const ok = await w.fastify.inject({
      method: 'POST',
      url: `${url.pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'skin_4=1&skin_2=1',
    });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toMatch(/^\/\?deposit=success&method=skins&amount=3\.60/);
    expect(await w.balance(p.id)).toBe(360 + 18);
    const row = await w.database.db
      .selectFrom('payments')
      .selectAll()
      .where('user_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ method: 'skinsback', status: 'paid', amount_cents: 360, bonus_cents: 18 });
  });

  it('webhook bodies over 16 KB are refused before any work; every wallet call is in the OpenAPI document', async () => {
    const big = JSON.stringify({ payment_id: 'x', status: 'paid', amount: '1.00', pad: 'x'.repeat(20_000) });
    const res = await w.fastify.inject({
      method: 'POST',
      url: '/api/deposit/zen/webhook',
      headers: {
        'content-type': 'application/json',
        'x-signature': signBody(webhookSecret(w.config.secrets.appSecret, 'zen'), big),
      },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    const doc = (await w.fastify.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      '/api/deposit/promocode/validate',
      '/api/deposit/zen/redirect',
      '/api/deposit/skinsback/redirect',
      '/api/deposit/alphapo/available-currencies',
      '/api/deposit/alphapo/deposit-address',
      '/api/deposit/gift-code/redeem',
      '/api/deposit/voucher/redeem',
      '/api/deposit/payments',
      '/api/withdrawals',
      '/api/deposit/zen/webhook',
    ]) {
      expect(doc.paths[path], path).toBeTruthy();
    }
  });

  it('remaining error branches: unknown checkout refs, skins webhook under the amount, calls without a token', async () => {
    const p = await w.player();
    const ghost = 'zen_' + 'a'.repeat(24);
    for (const url of [
      `/sandbox/zen/${ghost}/pay`,
      `/sandbox/zen/${ghost}/decline`,
      `/sandbox/skinsback/skinsback_${'b'.repeat(24)}/pay`,
    ]) {
      const res = await w.fastify.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('This checkout link is not valid.');
    }
    const ref = refOf(
      (await w.post('/api/deposit/skinsback/redirect', p, { amount: 10, promocode: '' })).json().redirect_url,
    );
    expect((await webhook('skinsback', { payment_id: ref, status: 'paid', amount: '9.99' })).statusCode).toBe(422);
    expect((await webhook('skinsback', { payment_id: ref, status: 'paid', amount: '12.00' })).json()).toEqual({
      ok: true,
      status: 'paid',
      replayed: false,
    });
    expect(await w.balance(p.id)).toBe(1200);
    for (const [method, url] of [
      ['GET', '/api/deposit/payments'],
      ['POST', '/api/deposit/alphapo/deposit-address'],
      ['POST', '/api/deposit/voucher/redeem'],
      ['POST', '/api/deposit/gift-code/redeem'],
      ['POST', '/api/withdrawals/1/cancel'],
    ] as const) {
      const res = await w.fastify.inject({
        method,
        url,
        headers: { authorization: 'Bearer nonsense' },
        payload: method === 'POST' ? { code: 'x', currency: 'BTC' } : undefined,
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({
        message: 'Unauthenticated.',
        msg: 'Unauthenticated.',
        request_id: expect.any(String),
      });
    }
  });

  it('no checkout pages in production, and the redirect answers 503', async () => {
    const prod = await createWalletTest(dialect, {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      PUSHER_APP_KEY: 'k',
      PUSHER_APP_SECRET: 'y'.repeat(16),
      OAUTH_CLIENT_SECRET: 'z'.repeat(16),
    });
    try {
      const p = await prod.player();
      expect((await prod.post('/api/deposit/zen/redirect', p, { amount: 10, promocode: '' })).statusCode).toBe(503);
      expect((await prod.fastify.inject({ method: 'GET', url: '/sandbox/alphapo' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
