// Affiliates on each database: the dashboard (visitors, sign-ups through /ref/{code}, referred
// players' wagers and the commission on their expected house profit), the one code change
// (validation, taken codes, a second change) and claims through the ledger (parallel claims pay once).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { accountsApp, registerCall, signUp, freshEmail } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../helpers/users.ts';
import { applyMove } from '../../src/server/modules/wallet/ledger.ts';
import type { LocalPublisher, ChannelEvent } from '../../src/server/realtime/publisher.ts';
import {
  AFFILIATE_SHARE_PERCENT,
  nothingToClaimMessage,
  referralCodeChangedMessage,
  referralCodeInvalidMessage,
  referralCodeTakenMessage,
  type Affiliate,
} from '../../src/shared/api/affiliates.ts';
import { nulFieldMessage } from '../../src/server/http/nul-guard.ts';

describeEachDb('affiliates', (dialect) => {
  let t: TestApp;
  const events: ChannelEvent[] = [];
  beforeAll(async () => {
    t = await accountsApp(dialect);
    (t.fastify.publisher as LocalPublisher).subscribe((e) => events.push(e));
  });
  afterAll(() => t.close());

  const player = () => createPlayer(t.database.db, t.config.secrets.appSecret);
  const dashboard = async (p: { headers: { authorization: string } }): Promise<Affiliate> => {
    const r = await t.fastify.inject({ method: 'GET', url: '/api/affiliates', headers: p.headers });
    expect(r.statusCode).toBe(200);
    return (r.json() as { data: Affiliate }).data;
  };
  const putCode = (p: TestPlayer, code: unknown) =>
    t.fastify.inject({ method: 'PUT', url: '/api/affiliates/code', headers: p.headers, payload: { code } });
  const claim = (p: TestPlayer) =>
    t.fastify.inject({ method: 'POST', url: '/api/affiliates/claim', headers: p.headers });
  const balance = async (id: number) =>
    (await t.database.db.selectFrom('users').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow())
      .balance_cents;
  /** A player who signed up through `code` and wagered: dice and box bets of `cents` each. */
  const referredWager = async (code: string, cents: number) => {
    const email = freshEmail();
    const r = await registerCall(t, { name: 'Ref', email, password: 'secret-pass', ref: code });
    expect(r.statusCode).toBe(200);
    const u = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    const move = (deltaCents: number, kind: string) =>
      applyMove(t.database.db, {
        userId: u.id,
        deltaCents,
        kind,
        reference: 'test',
        idempotencyKey: `t:${u.id}:${kind}`,
        now: Date.now(),
        settlesOn: '', // settled at once, as an instant game's stake
      });
    if (cents) {
      await move(2 * cents, 'admin');
      await move(-cents, 'bet');
      await move(-cents, 'box');
    }
    return u.id;
  };

  it('needs a signed-in player', async () => {
    for (const [method, url] of [
      ['GET', '/api/affiliates'],
      ['PUT', '/api/affiliates/code'],
      ['POST', '/api/affiliates/claim'],
    ] as const)
      expect((await t.fastify.inject({ method, url, payload: method === 'GET' ? undefined : {} })).statusCode).toBe(
        401,
      );
  });

  it('shows a default code and link; counts visits and sign-ups through the link', async () => {
    const a = await signUp(t, 'Affiliate');
    const d = await dashboard(a);
    expect(d).toMatchObject({
      visitors: 0,
      signups: 0,
      referred_wagered: 0,
      commission_rate: AFFILIATE_SHARE_PERCENT,
      earned: 0,
      claimable: 0,
      code_editable: true,
    });
    expect(d.code).toMatch(/^[a-z0-9]{10}$/);
    expect(d.link).toBe(`${t.config.siteUrl.replace(/\/$/, '')}/ref/${d.code}`);
    const visit = (code: string) => t.fastify.inject({ method: 'POST', url: `/api/affiliates/visit/${code}` });
    expect((await visit(d.code)).json()).toEqual({ ok: true });
    expect((await visit(d.code)).json()).toEqual({ ok: true });
    expect((await visit('no-such-code')).json()).toEqual({ ok: false });
    expect((await visit('x'.repeat(40))).statusCode).toBe(422);
    // a NUL reached PostgreSQL as text and came back as a 500 (chaos fuzz, CI of stop 19)
    const nul = await visit('%00');
    expect([nul.statusCode, nul.json().errors]).toEqual([422, { code: [nulFieldMessage] }]);
    const p = await player();
    const body = await putCode(p, 'ab\u0000cd');
    expect(body.statusCode).toBe(422);
    expect((await dashboard(p)).code).not.toContain('\u0000');
    await referredWager(d.code, 0);
    await referredWager('unknown-code', 0); // no referrer: counts for nobody
    expect(await dashboard(a)).toMatchObject({ visitors: 2, signups: 1 });
  });

  it('pays AFFILIATE_SHARE_PERCENT of the expected house profit once; parallel claims pay once', async () => {
    const a = await player();
    const code = (await dashboard(a)).code;
    const noClaim = await claim(a);
    expect(noClaim.statusCode).toBe(422);
    expect(noClaim.json()).toMatchObject({ msg: nothingToClaimMessage });
    // $100 on dice (1 % edge → $1.00) and $100 on a box (7.40 % → $7.40): 15 % of $8.40 = $1.26
    await referredWager(code, 10_000);
    const d = await dashboard(a);
    expect(d).toMatchObject({ signups: 1, referred_wagered: 200, earned: 1.26, claimable: 1.26 });
    const before = await balance(a.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => claim(a)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(5);
    expect(ok[0]!.json()).toEqual({
      msg: '$1.26 commission has been added to your balance.',
      balance: (before + 126) / 100,
    });
    expect(await balance(a.id)).toBe(before + 126);
    const rows = await t.database.db
      .selectFrom('ledger')
      .select(['delta_cents', 'kind'])
      .where('user_id', '=', a.id)
      .where('kind', '=', 'affiliate_commission')
      .execute();
    expect(rows).toEqual([{ delta_cents: 126, kind: 'affiliate_commission' }]);
    expect(events).toContainEqual({
      channel: `private-users.${a.id}`,
      event: 'balanceUpdated',
      data: { type: 'balanceUpdated', current_balance: (before + 126) / 100 },
    });
    expect(await dashboard(a)).toMatchObject({ earned: 1.26, claimable: 0 });
    // more play by another referral: only the new commission is claimable
    await referredWager(code, 1_000); // $0.84 expected profit → 12.6 cents: earned 1.386 → $1.38
    expect(await dashboard(a)).toMatchObject({ signups: 2, referred_wagered: 220, earned: 1.38, claimable: 0.12 });
    expect((await claim(a)).json()).toMatchObject({ balance: (before + 138) / 100 });
    expect((await claim(a)).statusCode).toBe(422);
  });

  it('changes the code once to a free, valid code; sign-ups through it count', async () => {
    const a = await player();
    const b = await player();
    await dashboard(b); // makes b's default link
    await t.database.db
      .updateTable('referral_links')
      .set({ code: 'bee-default' })
      .where('user_id', '=', b.id)
      .execute();
    await dashboard(a);
    for (const bad of ['', 'abc', 'x'.repeat(21), 'has space', 'a--b', '-abc', 'abc-', 'ünï-code', 'a_b_c', 7, null]) {
      const r = await putCode(a, bad);
      expect(r.statusCode, String(bad)).toBe(422);
      expect(r.json().errors.code).toBeDefined();
    }
    expect((await putCode(a, 'a--b')).json().msg).toBe(referralCodeInvalidMessage);
    const taken = await putCode(a, 'BEE-default');
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ msg: referralCodeTakenMessage, errors: { code: [referralCodeTakenMessage] } });
    const same = await putCode(b, 'bee-default');
    expect(same.statusCode).toBe(422);
    expect(same.json().msg).toBe('This is already your code.');

    const old = (await dashboard(a)).code;
    const ok = await putCode(a, '  My-Stream1 ');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      msg: 'Your referral code has been changed.',
      data: { code: 'my-stream1', code_editable: false },
    });
    expect(ok.json().data.link).toMatch(/\/ref\/my-stream1$/);
    const again = await putCode(a, 'other-code');
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(referralCodeChangedMessage);
    expect((await putCode(b, 'my-stream1')).json().msg).toBe(referralCodeTakenMessage);

    await referredWager('MY-STREAM1', 0); // typed in capitals: still the link
    await referredWager(old, 0); // the old default code no longer refers
    expect((await t.fastify.inject({ method: 'POST', url: '/api/affiliates/visit/my-stream1' })).json()).toEqual({
      ok: true,
    });
    expect(await dashboard(a)).toMatchObject({ code: 'my-stream1', signups: 1, visitors: 1 });
  });

  it('parallel changes: one wins, the other is refused', async () => {
    const a = await player();
    await dashboard(a);
    const [r1, r2] = await Promise.all([putCode(a, 'first-one'), putCode(a, 'second-one')]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const p = await player();
    await dashboard(p);
    const q = await player();
    await dashboard(q);
    const [s1, s2] = await Promise.all([putCode(p, 'same-code'), putCode(q, 'same-code')]);
    expect([s1.statusCode, s2.statusCode].sort()).toEqual([200, 422]);
  });
});
