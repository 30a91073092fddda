// Issue 24 item 3, on each database: a self-referral earns nothing. Old main paid commission on any
// account that signed up through the link — the attack's own second account included. Now commission
// skips referred accounts the referrer controls as far as the site can tell: one that signed up or
// in from an address the referrer used, or withdrew to the referrer's withdrawal address.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { accountsApp, freshEmail, freshIp, loginCall, registerCall } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { applyMove } from '../../src/server/modules/wallet/ledger.ts';
import { requestWithdrawal } from '../../src/server/modules/wallet/withdrawals.service.ts';
import { ipKey } from '../../src/server/modules/affiliates/self-referral.ts';

const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describeEachDb('self-referral earns nothing (issue 24 #3)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await accountsApp(dialect);
  });
  afterAll(() => t.close());

  /** Registers and logs in from `ip`; returns the id and auth headers. */
  async function account(name: string, ip: string, ref?: string) {
    const email = freshEmail();
    const r = await registerCall(t, { name, email, password: 'secret-pass', ...(ref ? { ref } : {}) }, ip);
    expect(r.statusCode, r.body).toBe(200);
    const login = await loginCall(t, email, 'secret-pass', ip);
    expect(login.statusCode, login.body).toBe(200);
    const { id } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    return { id: Number(id), headers: { authorization: `Bearer ${login.json().access_token}` } };
  }
  const dashboard = async (p: { headers: Record<string, string> }) =>
    (await t.fastify.inject({ method: 'GET', url: '/api/affiliates', headers: p.headers })).json().data;
  /** `cents` settled on dice (1 % edge) by `userId`. */
  let seq = 0;
  async function wager(userId: number, cents: number) {
    const move = { userId, reference: 'test', now: Date.now() };
    await applyMove(t.database.db, { ...move, deltaCents: cents + 10_000, kind: 'admin', idempotencyKey: `f${++seq}` });
    await applyMove(t.database.db, {
      ...move,
      deltaCents: -cents,
      kind: 'bet',
      idempotencyKey: `w${++seq}`,
      settlesOn: '',
    });
  }

  it('a referral from an address the referrer used pays no commission; an independent one does', async () => {
    const home = freshIp();
    const referrer = await account('Referrer', home);
    const code = (await dashboard(referrer)).code as string;
    const alt = await account('Alt', home, code); // the attack: a second account from the same place
    await wager(alt.id, 1_000_000); // $10,000 on dice: $100 expected house profit
    expect(await dashboard(referrer)).toMatchObject({ signups: 1, referred_wagered: 0, earned: 0, claimable: 0 });
    const friend = await account('Friend', freshIp(), code);
    await wager(friend.id, 1_000_000);
    expect(await dashboard(referrer)).toMatchObject({ signups: 2, referred_wagered: 10_000, earned: 15 });
    // an address is kept only as a keyed hash
    const rows = await t.database.db.selectFrom('account_ips').select('ip_key').where('user_id', '=', alt.id).execute();
    expect(rows.map((r) => r.ip_key)).toEqual([ipKey(t.config.secrets.appSecret, home)]);
  });

  it('a referred account that later signs in from the referrer’s address, or withdraws to its wallet, stops paying', async () => {
    const referrer = await account('Referrer 2', freshIp());
    const code = (await dashboard(referrer)).code as string;
    const a = await account('Second phone', freshIp(), code);
    const b = await account('Shared wallet', freshIp(), code);
    await wager(a.id, 1_000_000);
    await wager(b.id, 1_000_000);
    expect((await dashboard(referrer)).earned).toBe(30);
    // a signs in from an address the referrer used
    const referrerIp = freshIp();
    expect((await loginCall(t, (await email(referrer.id))!, 'secret-pass', referrerIp)).statusCode).toBe(200);
    expect((await loginCall(t, (await email(a.id))!, 'secret-pass', referrerIp)).statusCode).toBe(200);
    expect((await dashboard(referrer)).earned).toBe(15);
    // b withdraws to the wallet the referrer withdraws to
    await applyMove(t.database.db, {
      userId: referrer.id,
      deltaCents: 10_000,
      kind: 'admin',
      reference: 'test',
      idempotencyKey: `fund:${referrer.id}`,
      now: Date.now(),
    });
    await requestWithdrawal(
      t.database.db,
      referrer.id,
      { amountCents: 2_000, method: 'ETH', address: ETH },
      Date.now(),
    );
    await requestWithdrawal(
      t.database.db,
      b.id,
      { amountCents: 2_000, method: 'ETH', address: ETH.toLowerCase() },
      Date.now(),
    );
    expect((await dashboard(referrer)).earned).toBe(0); // the same wallet written in another case
  });

  it('a crowd’s address (more than 5 accounts: a café, a carrier) or a stale one says nothing; IPv4 mapped or not is one', async () => {
    const cafe = freshIp();
    const referrer = await account('Regular', cafe);
    const code = (await dashboard(referrer)).code as string;
    for (let i = 0; i < 5; i++) await account(`Guest ${i}`, cafe); // the café's Wi-Fi: 7 accounts in all
    const friend = await account('Met at the café', cafe, code);
    await wager(friend.id, 1_000_000);
    expect((await dashboard(referrer)).earned).toBe(15);
    // an address both used, but 31 days apart: not the same person's
    const old = freshIp();
    const r2 = await account('Referrer 3', old);
    const code2 = (await dashboard(r2)).code as string;
    const later = await account('Moved in later', freshIp(), code2);
    await wager(later.id, 1_000_000);
    const day = 86_400_000;
    await t.database.db
      .updateTable('account_ips')
      .set({ first_seen: 1, last_seen: 1 })
      .where('user_id', '=', r2.id)
      .execute();
    await t.database.db
      .insertInto('account_ips')
      .values({
        user_id: later.id,
        ip_key: ipKey(t.config.secrets.appSecret, old),
        first_seen: 31 * day + 2,
        last_seen: 31 * day + 2,
      })
      .execute();
    expect((await dashboard(r2)).earned).toBe(15);
    expect(ipKey('s', '::ffff:10.1.2.3')).toBe(ipKey('s', '10.1.2.3'));
  });

  const email = async (id: number) =>
    (await t.database.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst())?.email;
});
