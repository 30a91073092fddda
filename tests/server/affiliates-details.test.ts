// Issue 24 item 12 on each database: a visitor (a browser's la_visitor cookie) counts once per
// referral link and UTC day; reserved codes (staff words, every route segment of the site) are
// refused; default codes use only the characters a custom code may have, never a reserved word,
// and are drawn again on a collision.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { accountsApp, signUp } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createPlayer, type TestPlayer } from '../helpers/users.ts';
import {
  REFERRAL_CODE_PATTERN,
  RESERVED_REFERRAL_CODES,
  isReservedReferralCode,
  referralCodeReservedMessage,
  type Affiliate,
} from '../../src/shared/api/affiliates.ts';
import {
  countReferralVisit,
  createDefaultReferralLink,
  defaultReferralCode,
} from '../../src/server/modules/affiliates/affiliates.repository.ts';
import { serverPrefixes } from '../../src/server/http/static.ts';

const DAY = 86_400_000;

describeEachDb('affiliate details', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await accountsApp(dialect);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const player = () => createPlayer(db(), t.config.secrets.appSecret);
  const dashboard = async (p: { headers: { authorization: string } }): Promise<Affiliate> =>
    (await t.fastify.inject({ method: 'GET', url: '/api/affiliates', headers: p.headers })).json().data;
  const visit = (code: string, cookie?: string) =>
    t.fastify.inject({
      method: 'POST',
      url: `/api/affiliates/visit/${code}`,
      headers: cookie ? { cookie } : {},
    });
  const putCode = (p: TestPlayer, code: unknown) =>
    t.fastify.inject({ method: 'PUT', url: '/api/affiliates/code', headers: p.headers, payload: { code } });

  it('a browser landing on /ref/{code} again the same UTC day counts once; another browser or day counts', async () => {
    const a = await player();
    const { code } = await dashboard(a);
    const first = await visit(code);
    expect(first.json()).toEqual({ ok: true });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^la_visitor=[A-Za-z0-9_-]{22}; Path=\/api\/affiliates\/visit; HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(';')[0]!;
    for (let i = 0; i < 3; i++) {
      const again = await visit(code, `locale=en; ${cookie}`);
      expect(again.json()).toEqual({ ok: true });
      expect(again.headers['set-cookie']).toBeUndefined(); // the browser keeps its id
    }
    expect((await dashboard(a)).visitors).toBe(1);
    await Promise.all(Array.from({ length: 5 }, () => visit(code, cookie))); // a burst: still once
    expect((await dashboard(a)).visitors).toBe(1);
    await visit(code, 'la_visitor=forged'); // not an id this server makes: a new browser
    expect((await dashboard(a)).visitors).toBe(2);
    // the next UTC day the same browser counts again (once)
    const id = cookie.split('=')[1]!;
    const tomorrow = Date.now() + DAY;
    expect(await countReferralVisit(db(), code, id, tomorrow)).toBe(true);
    expect(await countReferralVisit(db(), code, id, tomorrow)).toBe(true);
    expect((await dashboard(a)).visitors).toBe(3);
    // rows of earlier days are not kept: only the random id and the day were ever stored
    const rows = await db().selectFrom('referral_visits').selectAll().execute();
    expect(rows.every((r) => r.day === Math.floor(tomorrow / DAY))).toBe(true);
    expect(Object.keys(rows[0]!).sort()).toEqual(['day', 'id', 'link_id', 'visitor']);
  });

  it('refuses reserved codes with 422 naming the field; the code stays changeable', async () => {
    const p = await player();
    const before = (await dashboard(p)).code;
    const route = ['boxes', 'battles', 'upgrade', 'rocket', 'wheel', 'bounce', 'dice', 'freeloot', 'leaderboard'];
    const more = ['cashback', 'partnership', 'profile', 'sandbox', 'custom-boxes', 'provably-fair', 'how-it-works'];
    const words = ['admin', 'support', 'help', 'root', 'system', 'staff', 'moderator', 'official', 'mail', 'null'];
    const variants = ['lootarcade', 'loot-arcade', 'LootArcade', 'undefined', ' Admin ', 'ad-min', 'sup-port'];
    for (const code of [...route, ...more, ...words, ...variants]) {
      const r = await putCode(p, code);
      expect(r.statusCode, code).toBe(422);
      expect(r.json(), code).toEqual({
        message: referralCodeReservedMessage,
        msg: referralCodeReservedMessage,
        errors: { code: [referralCodeReservedMessage] },
        request_id: expect.any(String),
      });
    }
    expect(await dashboard(p)).toMatchObject({ code: before, code_editable: true });
    expect((await putCode(p, 'admin-fan')).statusCode).toBe(200); // a word that merely contains one is fine
  });

  it('every prefix the server owns is reserved', () => {
    for (const prefix of serverPrefixes) {
      const segment = prefix.split('/')[1]!;
      expect(RESERVED_REFERRAL_CODES, segment).toContain(segment);
    }
    for (const code of ['api', 'ref', 'www', 'loot-arcade']) expect(isReservedReferralCode(code), code).toBe(true);
  });

  it('default codes: 10 of a–z and 0–9 (what a custom code allows), never reserved, at registration and later', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const code = defaultReferralCode();
      expect(code).toMatch(/^[a-z0-9]{10}$/);
      expect(REFERRAL_CODE_PATTERN.test(code), code).toBe(true);
      expect(isReservedReferralCode(code), code).toBe(false);
      seen.add(code);
    }
    expect(seen.size).toBe(3000);
    const registered = await signUp(t, 'Streamer');
    expect((await dashboard(registered)).code).toMatch(/^[a-z0-9]{10}$/);
    const older = await player(); // a player from before links existed gets one on first need
    expect((await dashboard(older)).code).toMatch(/^[a-z0-9]{10}$/);
  });

  it('a default code another link already has is drawn again', async () => {
    const a = await player();
    const taken = (await dashboard(a)).code;
    const b = await player();
    const draws = [taken, taken, 'fresh0code'];
    await createDefaultReferralLink(db(), b.id, Date.now(), () => draws.shift()!);
    expect(draws).toEqual([]);
    expect((await dashboard(b)).code).toBe('fresh0code');
    expect((await dashboard(a)).code).toBe(taken);
    // a second call for a player who has a link changes nothing
    await createDefaultReferralLink(db(), b.id, Date.now(), () => 'other0code');
    expect((await dashboard(b)).code).toBe('fresh0code');
  });
});
