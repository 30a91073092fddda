// The operator CLI (in-process on every database, and once as a real process on SQLite) and the
// outbox that makes a running server publish balanceUpdated for changes made by the CLI.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWalletTest, type WalletTest } from '../helpers/wallet.ts';
import { createTestDatabase, describeEachDb } from '../helpers/test-db.ts';
import { runAdmin, UsageError } from '../../src/server/cli/admin.ts';
import { drainOutbox } from '../../src/server/modules/wallet/outbox.ts';
import { LocalPublisher, type ChannelEvent } from '../../src/server/realtime/publisher.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { InsufficientFunds } from '../../src/server/modules/wallet/ledger.ts';
import { CRYPTO_CONFIRMATIONS } from '../../src/shared/constants.ts';

describeEachDb('operator CLI', (dialect) => {
  let w: WalletTest;
  beforeEach(async () => {
    w = await createWalletTest(dialect);
  });
  afterEach(() => w.close());
  const admin = (...argv: string[]) => runAdmin(w.database.db, argv, Date.now());

  it('credits and debits by email or id with a reason through the ledger; --key makes it idempotent', async () => {
    const p = await w.player();
    expect(await admin('credit', p.email.toUpperCase(), '12.5', '--reason', 'goodwill')).toEqual([
      expect.stringMatching(/^Credited \$12\.50 to .+ balance \$12\.50; ledger #\d+$/),
    ]);
    expect(await admin('debit', String(p.id), '2.5', '--reason', 'correction', '--key', 'fix-1')).toEqual([
      expect.stringMatching(/^Debited \$2\.50 .* balance \$10\.00/),
    ]);
    expect(await admin('debit', String(p.id), '2.5', '--reason', 'correction', '--key', 'fix-1')).toEqual([
      expect.stringMatching(/^Already applied/),
    ]);
    expect(await w.balance(p.id)).toBe(1000);
    const rows = await w.database.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.kind, r.delta_cents, r.reference])).toEqual([
      ['admin', 1250, 'admin:goodwill'],
      ['admin', -250, 'admin:correction'],
    ]);
    await expect(admin('debit', String(p.id), '10.01', '--reason', 'x')).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await w.balance(p.id)).toBe(1000);
    await expect(admin('credit', 'ghost@x.io', '1', '--reason', 'x')).rejects.toMatchObject({ statusCode: 404 });
    for (const argv of [
      ['credit', String(p.id), '1'],
      ['credit', String(p.id), '1', '--reason', '  '],
      ['credit', String(p.id), '-1', '--reason', 'x'],
      ['credit', String(p.id), '1.001', '--reason', 'x'],
      ['credit', String(p.id), 'NaN', '--reason', 'x'],
      ['credit', String(p.id), 'Infinity', '--reason', 'x'],
      ['credit', String(p.id), '1e9', '--reason', 'x'],
      ['credit', String(p.id), 'ten', '--reason', 'x'],
      ['credit', String(p.id), '1', '--reason'],
      ['credit'],
      ['frobnicate'],
    ]) {
      await expect(admin(...argv), argv.join(' ')).rejects.toBeInstanceOf(UsageError);
    }
    expect(await w.balance(p.id)).toBe(1000);
  });

  it('creates promo codes, vouchers and gift codes that players can use', async () => {
    const p = await w.player();
    expect(
      await admin('promo:create', 'Spring20', '--percent', '20', '--max-uses', '100', '--expires', '2999-01-01'),
    ).toEqual(['Promo spring20: 20%, uses 0/100, expires 2999-01-01T00:00:00.000Z']);
    expect(await admin('promo:create', 'flat5', '--fixed', '5', '--free-box')).toEqual([
      'Promo flat5: $5.00 + free box, uses 0/∞',
    ]);
    expect((await w.post('/api/deposit/promocode/validate', p, { promocode: 'spring20' })).json().promocode).toEqual({
      code: 'spring20',
      value: 20,
      is_fixed_value: false,
    });
    await expect(admin('promo:create', 'x1', '--percent', '10', '--fixed', '1')).rejects.toBeInstanceOf(UsageError);
    await expect(admin('promo:create', 'x1', '--percent', '101')).rejects.toMatchObject({ statusCode: 422 });
    await expect(admin('promo:create', 'x1', '--percent', '10', '--expires', 'soon')).rejects.toBeInstanceOf(
      UsageError,
    );

    expect(await admin('voucher:create', 'tw-5', '5', '--max-uses', '10')).toEqual([
      expect.stringMatching(/^Voucher tw-5 \(#\d+\) created$/),
    ]);
    expect((await w.post('/api/deposit/voucher/redeem', p, { code: 'tw-5' })).statusCode).toBe(200);
    await expect(admin('voucher:create', 'tw-5', '5')).rejects.toMatchObject({ statusCode: 422 });

    const codes = await admin('gift:create', '250', '--count', '3');
    expect(codes).toHaveLength(3);
    for (const c of codes) expect(c).toMatch(/^GIFT-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect((await w.post('/api/deposit/gift-code/redeem', p, { code: codes[1] })).statusCode).toBe(200);
    await expect(admin('gift:create', '20')).rejects.toMatchObject({ statusCode: 422 });
    await expect(admin('gift:create', '10', '--count', '0')).rejects.toBeInstanceOf(UsageError);
    expect(await w.balance(p.id)).toBe(25_500);
  });

  it('lists and moves withdrawals; a cancel refunds and is published through the outbox', async () => {
    const p = await w.player(10_000);
    const id = (
      await w.post('/api/withdrawals', p, {
        amount: 40,
        method: 'ETH',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      })
    ).json().data.id;
    expect(await admin('withdrawals', '--status', 'new')).toEqual([
      expect.stringMatching(new RegExp(`^#${id} user ${p.id} new +\\$40\\.00 \\(fee \\$3\\.00\\) ETH 0x`)),
    ]);
    expect(await admin('withdrawal:move', String(id), 'in_processing')).toEqual([`Withdrawal #${id} is in_processing`]);
    expect(await admin('withdrawals', '--status', 'new')).toEqual([]);
    expect(await admin('withdrawal:move', String(id), 'canceled')).toEqual([
      `Withdrawal #${id} is canceled; refunded, balance $100.00`,
    ]);
    await expect(admin('withdrawal:move', String(id), 'done')).rejects.toMatchObject({ statusCode: 409 });
    await expect(admin('withdrawal:move', 'x', 'done')).rejects.toBeInstanceOf(UsageError);
    const deadline = Date.now() + 5000;
    while (
      !w.events.some(
        (e) => e.channel === `private-users.${p.id}` && (e.data as { current_balance: number }).current_balance === 100,
      ) &&
      Date.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 100));
    expect(w.events.at(-1)).toEqual({
      channel: `private-users.${p.id}`,
      event: 'balanceUpdated',
      data: { type: 'balanceUpdated', current_balance: 100 },
    });
  });

  it('sends and confirms sandbox crypto transfers', async () => {
    const p = await w.player();
    const wallet = (await w.post('/api/deposit/alphapo/deposit-address', p, { currency: 'SOL' })).json().data.wallet;
    const [sent, confirmed] = await admin('crypto:send', wallet, '1', '--confirm', String(CRYPTO_CONFIRMATIONS));
    expect(sent).toMatch(new RegExp(`^Sent 1 SOL to ${wallet}: tx [0-9a-f]{64}$`));
    expect(confirmed).toMatch(/confirmations, credited; credited \$150\.00, balance \$150\.00$/);
    const [small] = await admin('crypto:send', wallet, '0.1');
    const tx = /tx ([0-9a-f]{64})/.exec(small!)![1]!;
    expect(await admin('crypto:confirm', tx)).toEqual([`tx ${tx}: 1 confirmations, pending`]);
    expect(await admin('crypto:confirm', tx, String(CRYPTO_CONFIRMATIONS))).toEqual([
      `tx ${tx}: ${CRYPTO_CONFIRMATIONS + 1} confirmations, below_minimum`,
    ]);
    expect(await w.balance(p.id)).toBe(15_000);
    await expect(admin('crypto:send', wallet)).rejects.toBeInstanceOf(UsageError);
    await expect(admin('crypto:confirm', tx, '-2')).rejects.toBeInstanceOf(UsageError);
    expect(await admin('rates:refresh')).toEqual(['Stored 11 rates']);
    expect((await admin('help'))[0]).toMatch(/^Usage: npm run admin/);
  });

  it('reverses a paid deposit once (amount + bonus), refuses others', async () => {
    const p = await w.player();
    const [code] = await admin('gift:create', '10');
    await w.post('/api/deposit/gift-code/redeem', p, { code });
    const pay = await w.database.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(await admin('payment:reverse', String(pay.id))).toEqual([
      `Payment #${pay.id} reversed: took back $10.00; balance $0.00`,
    ]);
    await expect(admin('payment:reverse', String(pay.id))).rejects.toMatchObject({ statusCode: 409 });
    await expect(admin('payment:reverse', '999999')).rejects.toMatchObject({ statusCode: 404 });
    const list = (await w.fastify.inject({ method: 'GET', url: '/api/deposit/payments', headers: p.headers })).json()
      .data;
    expect(list[0]).toMatchObject({ status: 'reversed', status_title: 'Reversed', status_color: 'red' });
    const [code2] = await admin('gift:create', '10');
    await w.post('/api/deposit/gift-code/redeem', p, { code: code2 });
    await admin('debit', String(p.id), '5', '--reason', 'spent');
    const pay2 = await w.database.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', p.id)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    await expect(admin('payment:reverse', String(pay2.id))).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await w.balance(p.id)).toBe(500);
  });

  it('the running server publishes CLI balance changes within its poll interval', async () => {
    const p = await w.player();
    await admin('credit', String(p.id), '7', '--reason', 'live');
    const deadline = Date.now() + 5000;
    while (!w.events.some((e) => e.channel === `private-users.${p.id}`) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(w.events).toContainEqual({
      channel: `private-users.${p.id}`,
      event: 'balanceUpdated',
      data: { type: 'balanceUpdated', current_balance: 7 },
    });
  });
});

describeEachDb('outbox', (dialect) => {
  it('publishes each pending row once with the current balance; drops published rows after a day', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const { id } = await t.db
        .insertInto('users')
        .values({
          name: 'o',
          email: 'o@x.io',
          password_hash: null,
          avatar_url: null,
          balance_cents: 0,
          level: 1,
          created_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await runAdmin(t.db, ['credit', String(id), '4', '--reason', 'a'], 10);
      await runAdmin(t.db, ['credit', String(id), '1', '--reason', 'b'], 11);
      const publisher = new LocalPublisher();
      const seen: ChannelEvent[] = [];
      publisher.subscribe((e) => seen.push(e));
      const [a, b] = await Promise.all([drainOutbox(t.db, publisher, 20), drainOutbox(t.db, publisher, 20)]);
      expect(a + b).toBe(2);
      expect(seen).toEqual(
        [1, 2].map(() => ({
          channel: `private-users.${id}`,
          event: 'balanceUpdated',
          data: { type: 'balanceUpdated', current_balance: 5 },
        })),
      );
      expect(await drainOutbox(t.db, publisher, 30)).toBe(0);
      await runAdmin(t.db, ['credit', String(id), '1', '--reason', 'c'], 24 * 3600 * 1000 + 100);
      expect(await drainOutbox(t.db, publisher, 24 * 3600 * 1000 + 100)).toBe(1);
      expect(await t.db.selectFrom('outbox').select('published_at').execute()).toEqual([
        { published_at: 24 * 3600 * 1000 + 100 },
      ]);
    } finally {
      await t.drop();
    }
  });
});

describe('operator CLI as a process', () => {
  it('npm run admin works on the configured database, exits 0 or 2 (usage) and leaves an outbox row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'la-admin-'));
    const file = join(dir, 'db.sqlite');
    const database = openDatabase({ kind: 'sqlite', file });
    await migrate(database);
    const { id } = await database.db
      .insertInto('users')
      .values({
        name: 'op',
        email: 'op@test.local',
        password_hash: null,
        avatar_url: null,
        balance_cents: 0,
        level: 1,
        created_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const env = { ...process.env, NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: `sqlite:${file}` };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
    const ok = run('credit', 'op@test.local', '3.25', '--reason', 'cli test');
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^Credited \$3\.25 to op@test\.local/);
    const usage = run('credit', 'op@test.local', 'lots', '--reason', 'x');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin');
    const user = await database.db
      .selectFrom('users')
      .select('balance_cents')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user.balance_cents).toBe(325);
    expect(await database.db.selectFrom('outbox').select(['user_id', 'published_at']).execute()).toEqual([
      { user_id: id, published_at: null },
    ]);
    await database.close();
  }, 120_000);
});
