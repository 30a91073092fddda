// Responsible play (issue 16) on each database: deposit limits (lowering at once, raising after
// 24 h), self-exclusion (1–3650 days, never shortened) and their enforcement on every money path:
// dice, box openings, upgrades (balance and items only), free boxes, card and skins redirects,
// crypto deposit addresses, gift codes and vouchers. Withdrawals stay open.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../../helpers/users.ts';
import { seedCatalog } from '../../../src/server/modules/boxes/boxes.service.ts';
import { seedWallet } from '../../../src/server/modules/wallet/wallet.seed.ts';
import { freeBoxSlug, seedFreeBoxes } from '../../../src/server/modules/free-loot/free-loot.seed.ts';
import { grantItem } from '../../../src/server/modules/inventory/inventory.service.ts';
import { createGiftCodes, createVoucher } from '../../../src/server/modules/wallet/codes.service.ts';
import { systemClock } from '../../../src/server/rounds/clock.ts';

const DAY = 86_400_000;

describeEachDb('responsible play', (dialect) => {
  let t: TestApp;
  let now = Date.now(); // the programmes' clock (limits); money paths use the wall clock
  beforeAll(async () => {
    t = await createTestApp(dialect, { deps: { clock: { ...systemClock, now: () => now } } });
    await seedCatalog(t.database.db, 1_000);
    await seedWallet(t.database.db, 1_000);
    await seedFreeBoxes(t.database.db, 1_000);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const player = (balanceCents = 100_000) => createPlayer(db(), t.config.secrets.appSecret, { balanceCents });
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, p: TestPlayer | null, payload?: object) =>
    t.fastify.inject({ method, url, headers: p ? p.headers : {}, ...(payload ? { payload } : {}) });
  const limits = async (p: TestPlayer) => (await call('GET', '/api/profile/limits', p)).json().data;
  const balance = async (id: number) =>
    Number(
      (await db().selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
        .balance_cents,
    );
  const ledgerRows = async (id: number) =>
    (await db().selectFrom('ledger').select('id').where('user_id', '=', id).execute()).length;
  const gift = async (dollars: number) => (await createGiftCodes(db(), dollars * 100, 1, 1_000))[0]!;

  it('every call needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/profile/limits'],
      ['PUT', '/api/profile/limits'],
      ['POST', '/api/profile/self-exclusion'],
    ] as const) {
      const res = await call(method, url, null, method === 'GET' ? undefined : {});
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('starts with no limits and no exclusion', async () => {
    expect(await limits(await player())).toEqual({
      deposit_limits: [
        { period: 'day', amount: null, pending_amount: null, pending_from: null },
        { period: 'week', amount: null, pending_amount: null, pending_from: null },
        { period: 'month', amount: null, pending_amount: null, pending_from: null },
      ],
      self_excluded_until: null,
    });
  });

  it('lowering applies at once, raising and removing after 24 h', async () => {
    const p = await player();
    const set = (period: string, amount: number | null) => call('PUT', '/api/profile/limits', p, { period, amount });
    const first = await set('day', 100);
    expect(first.statusCode).toBe(200);
    expect(first.json().msg).toBe('Your daily deposit limit is now $100.00.');
    expect(first.json().data.deposit_limits[0]).toEqual({
      period: 'day',
      amount: 100,
      pending_amount: null,
      pending_from: null,
    });
    expect((await set('day', 40)).json().data.deposit_limits[0].amount).toBe(40); // lower: at once
    const raise = await set('day', 250.5);
    const from = new Date(now + DAY).toISOString();
    expect(raise.json().msg).toMatch(/^Your daily deposit limit will rise to \$250\.50 on /);
    expect(raise.json().data.deposit_limits[0]).toEqual({
      period: 'day',
      amount: 40,
      pending_amount: 250.5,
      pending_from: from,
    });
    now += DAY - 1;
    expect((await limits(p)).deposit_limits[0].amount).toBe(40); // not yet
    now += 1;
    expect((await limits(p)).deposit_limits[0]).toEqual({
      period: 'day',
      amount: 250.5,
      pending_amount: null,
      pending_from: null,
    });
    // a removal is a raise too; lowering again cancels a pending raise
    const remove = await set('day', null);
    expect(remove.json().msg).toMatch(/^Your daily deposit limit will be removed on /);
    expect(remove.json().data.deposit_limits[0]).toMatchObject({ amount: 250.5, pending_amount: null });
    expect(remove.json().data.deposit_limits[0].pending_from).not.toBeNull();
    expect((await set('day', 30)).json().data.deposit_limits[0]).toEqual({
      period: 'day',
      amount: 30,
      pending_amount: null,
      pending_from: null,
    });
    const month = await set('month', 1000);
    expect(month.json().data.deposit_limits.map((l: { amount: number | null }) => l.amount)).toEqual([30, null, 1000]);
    expect((await set('week', null)).json().msg).toBe('You have no weekly deposit limit.');
    now = Date.now();
  });

  it('refuses bad limit bodies with 422 and changes nothing', async () => {
    const p = await player();
    for (const body of [
      {},
      { period: 'year', amount: 10 },
      { period: 'day' },
      { period: 'day', amount: 0 },
      { period: 'day', amount: -5 },
      { period: 'day', amount: 1.005 },
      { period: 'day', amount: '10' },
      { period: 'day', amount: 2_000_000 },
    ]) {
      const res = await call('PUT', '/api/profile/limits', p, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(typeof res.json().msg).toBe('string');
    }
    expect((await limits(p)).deposit_limits.every((l: { amount: null }) => l.amount === null)).toBe(true);
  });

  it('deposit limits refuse every deposit entry that would pass them (403 naming the limit)', async () => {
    const p = await player(0);
    await call('PUT', '/api/profile/limits', p, { period: 'day', amount: 60 });
    const first = await call('POST', '/api/deposit/gift-code/redeem', p, { code: await gift(50) });
    expect(first.statusCode, first.body).toBe(200);
    const code = await gift(50);
    const over = await call('POST', '/api/deposit/gift-code/redeem', p, { code });
    expect(over.statusCode).toBe(403);
    expect(over.json().msg).toBe('This deposit would pass your daily deposit limit of $60.00 ($10.00 left).');
    // the refused gift code is still unused
    expect(
      (await db().selectFrom('gift_codes').select('redeemed_by').where('code', '=', code).executeTakeFirstOrThrow())
        .redeemed_by,
    ).toBeNull();
    const card = await call('POST', '/api/deposit/zen/redirect', p, { amount: 25, promocode: '' });
    expect(card.statusCode).toBe(403);
    expect(card.json().msg).toMatch(/daily deposit limit of \$60\.00/);
    const skins = await call('POST', '/api/deposit/skinsback/redirect', p, { amount: 20, promocode: '' });
    expect(skins.statusCode).toBe(403);
    expect((await call('POST', '/api/deposit/zen/redirect', p, { amount: 10, promocode: '' })).statusCode).toBe(200);
    await createVoucher(db(), { code: 'limit-voucher', valueCents: 1500 }, 1_000);
    const voucher = await call('POST', '/api/deposit/voucher/redeem', p, { code: 'limit-voucher' });
    expect(voucher.statusCode).toBe(403);
    expect(voucher.json().msg).toMatch(/daily deposit limit/);
    expect((await call('POST', '/api/deposit/alphapo/deposit-address', p, { currency: 'BTC' })).statusCode).toBe(200);
    await call('POST', '/api/deposit/gift-code/redeem', p, { code: await gift(10) }); // uses the last $10
    const crypto = await call('POST', '/api/deposit/alphapo/deposit-address', p, { currency: 'BTC' });
    expect(crypto.statusCode).toBe(403);
    expect(crypto.json().msg).toBe('You have reached your daily deposit limit of $60.00.');
    expect(await balance(p.id)).toBe(6000);
  });

  it('self-exclusion: 1–3650 days, never shortened, shown with its end date', async () => {
    const p = await player();
    for (const days of [0, 3651, 1.5, '7', null]) {
      const bad = await call('POST', '/api/profile/self-exclusion', p, { days });
      expect(bad.statusCode, String(days)).toBe(422);
      expect(bad.json().errors.days[0]).toBe('Choose between 1 and 3650 days.');
    }
    expect((await limits(p)).self_excluded_until).toBeNull();
    const res = await call('POST', '/api/profile/self-exclusion', p, { days: 7 });
    expect(res.statusCode).toBe(200);
    const until = new Date(now + 7 * DAY).toISOString();
    expect(res.json().data.self_excluded_until).toBe(until);
    expect(res.json().msg).toMatch(/^You are self-excluded until \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    const shorter = await call('POST', '/api/profile/self-exclusion', p, { days: 3 });
    expect(shorter.statusCode).toBe(422);
    expect(shorter.json().msg).toMatch(/a self-exclusion cannot be shortened\.$/);
    expect((await limits(p)).self_excluded_until).toBe(until);
    const longer = await call('POST', '/api/profile/self-exclusion', p, { days: 30 });
    expect(longer.json().data.self_excluded_until).toBe(new Date(now + 30 * DAY).toISOString());
    // the profile still loads (login works)
    expect((await call('GET', '/api/profile', p)).statusCode).toBe(200);
  });

  it('a self-excluded player is refused every bet, opening and deposit (403 naming the end), may withdraw', async () => {
    const p = await player(100_000);
    const item = await grantItem(db(), {
      userId: p.id,
      productId: (
        await db().selectFrom('products').select('id').where('slug', '=', 'dad-cap-navy').executeTakeFirstOrThrow()
      ).id,
      source: 'admin',
      sourceRef: 'test',
      now: 1,
    });
    const target = (
      await db().selectFrom('products').select('id').where('slug', '=', 'aero-runner-volt').executeTakeFirstOrThrow()
    ).id;
    await call('POST', '/api/profile/self-exclusion', p, { days: 2 });
    const before = { balance: await balance(p.id), ledger: await ledgerRows(p.id) };
    const refused: [string, object][] = [
      ['/api/dice/bet', { amount: 1, target: 50, direction: 'over' }],
      ['/api/boxes/penny-box/open', { count: 1 }],
      ['/api/upgrade', { item_ids: [item], balance: 5, target_product_id: target }],
      ['/api/upgrade', { item_ids: [item], balance: 0, target_product_id: target }],
      [`/api/free-boxes/${freeBoxSlug(1)}/open`, {}],
      ['/api/deposit/zen/redirect', { amount: 10, promocode: '' }],
      ['/api/deposit/skinsback/redirect', { amount: 10, promocode: '' }],
      ['/api/deposit/alphapo/deposit-address', { currency: 'BTC' }],
      ['/api/deposit/gift-code/redeem', { code: await gift(10) }],
    ];
    for (const [url, body] of refused) {
      const res = await call('POST', url, p, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
      expect(res.json().msg, url).toMatch(/^You are self-excluded until \d{4}-\d\d-\d\d \d\d:\d\d UTC: /);
    }
    expect({ balance: await balance(p.id), ledger: await ledgerRows(p.id) }).toEqual(before);
    const w = await call('POST', '/api/withdrawals', p, {
      amount: 25,
      method: 'ETH',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    expect(w.statusCode, w.body).toBe(200);
  });
});
