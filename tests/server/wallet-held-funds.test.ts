// Issue 24 item 6 on each database: crypto that arrives over a deposit limit or during a
// self-exclusion cannot be refused, so it is credited as held funds: withdrawable at once, never
// wagerable beyond the limit, released into the balance by one ledger move per held row once the
// limits allow (exactly once under races), and counted toward the limit windows when released.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createWalletTest, type WalletTest } from '../helpers/wallet.ts';
import { describeEachDb } from '../helpers/test-db.ts';
import type { TestPlayer } from '../helpers/users.ts';
import { confirmTransfer, sendTransfer } from '../../src/server/modules/wallet/crypto.service.ts';
import {
  heldCents,
  heldFundsView,
  releaseDueHeldFunds,
  releaseHeldFunds,
} from '../../src/server/modules/wallet/held-funds.service.ts';
import {
  assertDepositAllowed,
  selfExclude,
  setLimit,
} from '../../src/server/modules/responsible-play/responsible-play.service.ts';
import { utcLabel } from '../../src/server/modules/responsible-play/exclusion.ts';
import { CRYPTO_CONFIRMATIONS } from '../../src/shared/constants.ts';

const DAY = 86_400_000;
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describeEachDb('held crypto funds', (dialect) => {
  let w: WalletTest;
  let t0: number;
  beforeEach(async () => {
    w = await createWalletTest(dialect);
    t0 = Date.now();
  });
  afterEach(() => w.close());
  const db = () => w.database.db;

  /** The player's USDT (TRC-20, $1 a unit) deposit address, issued through the API. */
  async function address(p: TestPlayer): Promise<string> {
    const res = await w.post('/api/deposit/alphapo/deposit-address', p, { currency: 'USDTT' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.wallet;
  }
  /** Sends `dollars` to `addr` and confirms it at `at`. */
  async function deposit(addr: string, dollars: number, at: number) {
    const t = await sendTransfer(db(), { address: addr, amount: String(dollars) }, at);
    return confirmTransfer(db(), t.tx_hash, CRYPTO_CONFIRMATIONS, at);
  }
  const held = async (p: TestPlayer) =>
    (await w.fastify.inject({ method: 'GET', url: '/api/wallet/held', headers: p.headers })).json().data;
  const releases = async (id: number) =>
    (
      await db()
        .selectFrom('ledger')
        .select(['delta_cents', 'kind', 'idempotency_key'])
        .where('user_id', '=', id)
        .where('idempotency_key', 'like', 'held-release:%')
        .orderBy('id')
        .execute()
    ).map((r) => ({ ...r, delta_cents: Number(r.delta_cents) }));
  const ledgerSum = async (id: number) =>
    (await db().selectFrom('ledger').select('delta_cents').where('user_id', '=', id).execute()).reduce(
      (s, r) => s + Number(r.delta_cents),
      0,
    );

  it('a transfer to an address issued before the limit was reached is held over the limit, not credited', async () => {
    const p = await w.player();
    await setLimit(db(), p.id, 'day', 100_000, t0 - 1_000); // $1,000 a day, in force at once
    const addr = await address(p); // issued while the limit still had room
    expect(await deposit(addr, 1_000, t0)).toMatchObject({ credited_cents: 100_000 });
    // the limit is reached: no new address, but coins sent to the old one still arrive
    expect((await w.post('/api/deposit/alphapo/deposit-address', p, { currency: 'BTC' })).statusCode).toBe(403);
    const late = await deposit(addr, 6_500, t0 + 1);
    expect(await w.balance(p.id)).toBe(100_000); // nothing over the limit can be wagered (it was $7,500)
    expect(late).toMatchObject({ status: 'credited', credited_cents: 0, held_cents: 650_000, balance_cents: 100_000 });
    expect(await heldCents(db(), p.id)).toBe(650_000);
    const view = await held(p);
    expect(view).toEqual({
      held: 6_500,
      playable_from: new Date(t0 + DAY).toISOString(), // when the first $1,000 leaves the rolling day
      msg: `$6,500.00 of your deposits is held because it is over your daily deposit limit of $1,000.00. You can withdraw it now, or play it from ${utcLabel(t0 + DAY)} (as far as your deposit limits allow then).`,
    });
    // the history shows what arrived
    const list = (await w.fastify.inject({ method: 'GET', url: '/api/deposit/payments', headers: p.headers })).json()
      .data;
    expect(list[0]).toMatchObject({ method: 'alphapo', status: 'paid', amount: 6_500 });
    expect(await ledgerSum(p.id)).toBe(await w.balance(p.id));
  });

  it('only the part over the limit is held; released parts count toward the limit windows when released', async () => {
    const p = await w.player();
    await setLimit(db(), p.id, 'day', 100_000, t0 - 1_000);
    const addr = await address(p);
    await deposit(addr, 600, t0);
    expect(await deposit(addr, 500, t0 + 1)).toMatchObject({ credited_cents: 40_000, held_cents: 10_000 });
    expect(await w.balance(p.id)).toBe(100_000);
    // the held $100 did not count: the day is used up by what reached the balance ($1,000), no more
    await expect(assertDepositAllowed(db(), p.id, 1, t0 + 2)).rejects.toMatchObject({ statusCode: 403 });
    expect(await releaseHeldFunds(db(), p.id, t0 + DAY - 1)).toEqual({ releasedCents: 0, balanceCents: null });
    // a day later both deposits left the window: the $100 is released by one ledger move
    expect(await releaseHeldFunds(db(), p.id, t0 + DAY + 1)).toEqual({ releasedCents: 10_000, balanceCents: 110_000 });
    expect(await releases(p.id)).toEqual([
      { delta_cents: 10_000, kind: 'deposit', idempotency_key: expect.stringMatching(/^held-release:\d+$/) },
    ]);
    // ... and it counts in the new window: $900 left, not $1,000
    await expect(assertDepositAllowed(db(), p.id, 90_001, t0 + DAY + 2)).rejects.toMatchObject({
      message: 'This deposit would pass your daily deposit limit of $1,000.00 ($900.00 left).',
    });
    await assertDepositAllowed(db(), p.id, 90_000, t0 + DAY + 2);
    expect(await heldCents(db(), p.id)).toBe(0);
  });

  it('a large hold is released a limit at a time, each part once, the rest held in a new row', async () => {
    const p = await w.player();
    await setLimit(db(), p.id, 'day', 100_000, t0 - 1_000);
    const addr = await address(p);
    await deposit(addr, 1_000, t0);
    await deposit(addr, 6_500, t0 + 1);
    const day1 = t0 + DAY + 10;
    expect((await releaseHeldFunds(db(), p.id, day1)).releasedCents).toBe(100_000);
    expect((await releaseHeldFunds(db(), p.id, day1 + 5)).releasedCents).toBe(0); // the new window is used up
    expect(await heldCents(db(), p.id)).toBe(550_000);
    const view = await heldFundsView(db(), p.id, day1 + 5);
    expect(view.playable_from).toBe(new Date(day1 + DAY).toISOString());
    expect(view.msg).toMatch(/^\$5,500\.00 of your deposits is held because it is over your daily deposit limit/);
    expect((await releaseHeldFunds(db(), p.id, day1 + DAY)).releasedCents).toBe(100_000);
    expect((await releases(p.id)).map((r) => r.delta_cents)).toEqual([100_000, 100_000]);
    expect(await w.balance(p.id)).toBe(300_000);
    expect(await ledgerSum(p.id)).toBe(300_000);
    const rows = await db()
      .selectFrom('held_funds')
      .select(['source', 'amount_cents', 'left_cents', 'released_cents'])
      .where('user_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.source, Number(r.amount_cents), Number(r.left_cents), r.released_cents])).toEqual([
      ['deposit', 650_000, 0, 100_000],
      ['remainder', 550_000, 0, 100_000],
      ['remainder', 450_000, 450_000, null],
    ]);
  });

  it('a self-excluded player is credited nothing playable: all of it is held until the exclusion ends', async () => {
    const p = await w.player();
    const addr = await address(p);
    await selfExclude(db(), p.id, 2, t0);
    const until = t0 + 2 * DAY;
    const t = await deposit(addr, 500, t0 + 1);
    expect(await w.balance(p.id)).toBe(0); // it was credited in full
    expect(t).toMatchObject({ credited_cents: 0, held_cents: 50_000 });
    const view = await held(p);
    expect(view).toMatchObject({ held: 500, playable_from: new Date(until).toISOString() });
    expect(view.msg).toBe(
      `$500.00 of your deposits is held because you are self-excluded until ${utcLabel(until)}. You can withdraw it now, or play it from ${utcLabel(until)} (as far as your deposit limits allow then).`,
    );
    expect((await releaseHeldFunds(db(), p.id, until - 1)).releasedCents).toBe(0);
    // a limit set during the exclusion applies to the release too
    await setLimit(db(), p.id, 'day', 30_000, t0 + 2);
    expect(await releaseHeldFunds(db(), p.id, until + 1)).toEqual({ releasedCents: 30_000, balanceCents: 30_000 });
    expect((await releaseHeldFunds(db(), p.id, until + 1 + DAY)).releasedCents).toBe(20_000);
    expect(await w.balance(p.id)).toBe(50_000);
    expect((await releases(p.id)).map((r) => r.kind)).toEqual(['deposit', 'deposit']);
  });

  it('held funds can be withdrawn; a canceled withdrawal returns them to held funds, not to the balance', async () => {
    const p = await w.player();
    await setLimit(db(), p.id, 'day', 100_000, t0 - 1_000);
    const addr = await address(p);
    await deposit(addr, 1_000, t0);
    await deposit(addr, 6_500, t0 + 1);
    const withdraw = (amount: number) =>
      w.post('/api/withdrawals', p, { amount, method: 'ETH', address: ETH }) as Promise<{
        statusCode: number;
        json(): { data: { id: number }; balance: number; msg?: string };
      }>;
    const big = await withdraw(6_000);
    expect(big.statusCode).toBe(200);
    expect(big.json().balance).toBe(1_000); // drawn from held funds, the balance untouched
    expect(await heldCents(db(), p.id)).toBe(50_000);
    const tooMuch = await withdraw(1_501); // $500 held + $1,000 balance
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().msg).toBe('Insufficient balance.');
    expect(await heldCents(db(), p.id)).toBe(50_000);
    const mixed = await withdraw(1_200); // $500 held + $700 of the balance
    expect(mixed.json().balance).toBe(300);
    expect(await heldCents(db(), p.id)).toBe(0);
    // cancel both: the held parts go back to held funds, only the balance part to the balance
    const cancel = (id: number) => w.post(`/api/withdrawals/${id}/cancel`, p);
    expect((await cancel(big.json().data.id)).json().balance).toBe(300);
    expect((await cancel(mixed.json().data.id)).json().balance).toBe(1_000);
    expect(await w.balance(p.id)).toBe(100_000);
    expect(await heldCents(db(), p.id)).toBe(650_000);
    expect(await ledgerSum(p.id)).toBe(100_000);
    // the returned funds are released like any other once the limit allows
    expect((await releaseHeldFunds(db(), p.id, t0 + DAY + 10)).releasedCents).toBe(100_000);
  });

  it('races: parallel releases and the job move each held row once; parallel confirmations share one limit', async () => {
    const p = await w.player();
    await setLimit(db(), p.id, 'day', 100_000, t0 - 1_000);
    const addr = await address(p);
    // two transfers confirmed at once: together they may credit only the $1,000 of the limit
    const sent = await Promise.all([800, 800].map((d) => sendTransfer(db(), { address: addr, amount: String(d) }, t0)));
    const confirmed = await Promise.all(sent.map((s) => confirmTransfer(db(), s.tx_hash, CRYPTO_CONFIRMATIONS, t0)));
    expect(confirmed.reduce((s, c) => s + c.credited_cents!, 0)).toBe(100_000);
    expect(confirmed.reduce((s, c) => s + c.held_cents!, 0)).toBe(60_000);
    expect(await w.balance(p.id)).toBe(100_000);
    const at = t0 + DAY + 10;
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => releaseHeldFunds(db(), p.id, at)),
      releaseDueHeldFunds(db(), at),
      releaseDueHeldFunds(db(), at),
    ]);
    expect(results.length).toBe(10);
    expect((await releases(p.id)).reduce((s, r) => s + r.delta_cents, 0)).toBe(60_000);
    expect(await w.balance(p.id)).toBe(160_000);
    expect(await heldCents(db(), p.id)).toBe(0);
    expect(await ledgerSum(p.id)).toBe(160_000);
    // withdrawals and releases at once never lose or make money
    await deposit(addr, 6_500, at + 1); // the window has $400 left: $400 credited, $6,100 held
    expect(await w.balance(p.id)).toBe(200_000);
    const later = at + 2 * DAY;
    const calls = await Promise.all([
      ...Array.from({ length: 4 }, () => w.post('/api/withdrawals', p, { amount: 1_000, method: 'ETH', address: ETH })),
      ...Array.from({ length: 4 }, () => releaseHeldFunds(db(), p.id, later)),
    ]);
    for (const c of calls.slice(0, 4)) expect((c as { statusCode: number }).statusCode).toBe(200);
    const withdrawn = (
      await db().selectFrom('withdrawals').select('amount_cents').where('user_id', '=', p.id).execute()
    )
      .map((r) => Number(r.amount_cents))
      .reduce((s, c) => s + c, 0);
    expect((await w.balance(p.id)) + (await heldCents(db(), p.id)) + withdrawn).toBe(200_000 + 610_000);
    expect(await ledgerSum(p.id)).toBe(await w.balance(p.id));
  });

  it('GET /api/wallet/held needs a player and shows nothing when nothing is held', async () => {
    expect((await w.fastify.inject({ method: 'GET', url: '/api/wallet/held' })).statusCode).toBe(401);
    const p = await w.player(5_000);
    expect(await held(p)).toEqual({ held: 0, playable_from: null, msg: null });
  });
});
