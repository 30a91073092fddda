// Profile hub API on each database: name change, password change (current password required, other
// sessions signed out, this one kept), sessions list and sign out everywhere, and the stats
// (wagered, bets, openings, biggest win with its fair link, level progress) from real play.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { fastHashEnv, loginCall, refreshCall, signUp } from '../helpers/accounts.ts';
import { createPlayer } from '../helpers/users.ts';
import { seedCatalog } from '../../src/server/modules/boxes/boxes.service.ts';
import { hashServerSeed } from '../../src/shared/fair/index.ts';
import { levelProgressForEdge } from '../../src/shared/levels.ts';

type Headers = { authorization: string };

describeEachDb('profile', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: fastHashEnv });
    await seedCatalog(t.database.db, 1_000);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.fastify.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const profile = (h: Headers) => call('GET', '/api/profile', h);
  const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

  it('every call needs a token', async () => {
    for (const [method, url] of [
      ['POST', '/api/profile/name'],
      ['POST', '/api/profile/password'],
      ['GET', '/api/profile/stats'],
      ['GET', '/api/profile/sessions'],
      ['POST', '/api/profile/logout-everywhere'],
      ['POST', '/api/profile/avatar/preset'],
    ] as const) {
      const res = await call(method, url, {}, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({
        message: 'Unauthenticated.',
        msg: 'Unauthenticated.',
        request_id: expect.any(String),
      });
    }
  });

  it('changes the name (trimmed); bad names are refused with nothing changed', async () => {
    const a = await signUp(t, 'Alice');
    const res = await call('POST', '/api/profile/name', a.headers, { name: '  Alice Cooper ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: 'Your name has been changed.', data: { name: 'Alice Cooper' } });
    expect((await profile(a.headers)).json().data.name).toBe('Alice Cooper');
    for (const [body, message] of [
      [{}, 'Nickname is required'],
      [{ name: '   ' }, 'Nickname is required'],
      [{ name: 'x'.repeat(65) }, 'Nickname may not be longer than 64 characters.'],
      [{ name: 'Bad\u0000name' }, 'Nickname is not valid.'],
      [{ name: 42 }, 'Nickname is required'],
    ] as const) {
      const bad = await call('POST', '/api/profile/name', a.headers, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(bad.json()).toMatchObject({ message, msg: message, errors: { name: [message] } });
    }
    expect((await profile(a.headers)).json().data.name).toBe('Alice Cooper');
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const a = await signUp(t, 'Bob');
    const other = (await loginCall(t, a.email, a.password)).json();
    const body = { current_password: a.password, password: 'new-secret', password_confirmation: 'new-secret' };

    const wrong = await call('POST', '/api/profile/password', a.headers, { ...body, current_password: 'nope-nope' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const mismatch = await call('POST', '/api/profile/password', a.headers, { ...body, password_confirmation: 'x' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['The password confirmation does not match.']);
    const short = await call('POST', '/api/profile/password', a.headers, {
      ...body,
      password: 'abc',
      password_confirmation: 'abc',
    });
    expect(short.json().errors.password).toEqual(['Password must be at least 6 characters.']);
    expect((await profile(bearer(other.access_token))).statusCode).toBe(200); // nothing changed yet

    const ok = await call('POST', '/api/profile/password', a.headers, body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ msg: 'Your password has been changed. Other devices have been signed out.' });
    expect((await profile(a.headers)).statusCode).toBe(200);
    expect((await profile(bearer(other.access_token))).statusCode).toBe(401);
    expect((await refreshCall(t, other.refresh_token)).statusCode).toBe(400);
    expect((await refreshCall(t, a.tokens.refresh_token)).statusCode).toBe(200); // this device keeps going
    expect((await loginCall(t, a.email, a.password)).statusCode).toBe(400);
    expect((await loginCall(t, a.email, 'new-secret')).statusCode).toBe(200);
  });

  it('backs off wrong current passwords: 5 refusals, then 429 even for the right one; others unaffected', async () => {
    const a = await signUp(t, 'Guesser');
    const b = await signUp(t, 'Bystander');
    const body = { current_password: 'wrong-guess', password: 'new-secret', password_confirmation: 'new-secret' };
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/api/profile/password', a.headers, body);
      expect(wrong.statusCode, `attempt ${i + 1}`).toBe(422);
    }
    const blocked = await call('POST', '/api/profile/password', a.headers, body);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please wait a moment and try again.');
    const right = await call('POST', '/api/profile/password', a.headers, { ...body, current_password: a.password });
    expect(right.statusCode).toBe(429); // no guess is checked while waiting
    expect((await loginCall(t, a.email, a.password)).statusCode).toBe(200); // the password is unchanged
    const other = await call('POST', '/api/profile/password', b.headers, { ...body, current_password: b.password });
    expect(other.statusCode, other.body).toBe(200); // keyed per user: another account still may
  });

  it('refuses a password change on an account without a password (social sign-in)', async () => {
    const p = await createPlayer(t.database.db, t.config.secrets.appSecret);
    const res = await call('POST', '/api/profile/password', p.headers, {
      current_password: 'anything',
      password: 'new-secret',
      password_confirmation: 'new-secret',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toMatch(/Forgot password/);
  });

  it('lists live sessions (one per sign-in, current marked); sign out everywhere ends them all', async () => {
    const a = await signUp(t, 'Cleo');
    const second = (await loginCall(t, a.email, a.password)).json();
    const rotated = (await refreshCall(t, second.refresh_token)).json(); // same session, refreshed
    const third = (await loginCall(t, a.email, a.password)).json();
    const other = await signUp(t, 'Someone Else');

    const list = (await call('GET', '/api/profile/sessions', a.headers)).json().data;
    expect(list).toHaveLength(3);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    for (const s of list) {
      expect(Date.parse(s.signed_in_at)).toBeLessThanOrEqual(Date.parse(s.last_active_at));
      expect(Object.keys(s).sort()).toEqual(['current', 'id', 'last_active_at', 'signed_in_at']);
    }
    const fromThird = (await call('GET', '/api/profile/sessions', bearer(third.access_token))).json().data;
    expect(fromThird.map((s: { id: number }) => s.id).sort()).toEqual(list.map((s: { id: number }) => s.id).sort());
    expect(fromThird.find((s: { current: boolean }) => s.current).id).not.toBe(
      list.find((s: { current: boolean }) => s.current).id,
    );

    const out = await call('POST', '/api/profile/logout-everywhere', bearer(rotated.access_token));
    expect(out.json()).toEqual({ msg: 'You have been signed out everywhere.' });
    for (const access of [a.tokens.access_token, rotated.access_token, third.access_token])
      expect((await profile(bearer(access))).statusCode).toBe(401);
    for (const refresh of [a.tokens.refresh_token, rotated.refresh_token, third.refresh_token])
      expect((await refreshCall(t, refresh)).statusCode).toBe(400);
    expect((await profile(other.headers)).statusCode).toBe(200); // another player is untouched
  });

  it('shows zero stats for a new player', async () => {
    const p = await createPlayer(t.database.db, t.config.secrets.appSecret);
    const res = await call('GET', '/api/profile/stats', p.headers);
    expect(res.json()).toEqual({
      data: { wagered: 0, bets: 0, openings: 0, biggest_win: null, level: levelProgressForEdge(0, 1) },
    });
  });

  it('counts real play: wagered, bets, openings, the biggest win with a link, level progress', async () => {
    const p = await createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents: 500_00 });
    const onlooker = await createPlayer(t.database.db, t.config.secrets.appSecret, { balanceCents: 100_00 });
    let wageredCents = 0;
    const wins: { amount: number; game: string; nonce: number; hash: string; title: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call('POST', '/api/dice/bet', p.headers, { amount: 2.5, target: 30, direction: 'over' });
      expect(res.statusCode).toBe(200);
      wageredCents += 250;
      const d = res.json().data;
      if (d.win) wins.push({ amount: d.payout, game: 'dice', nonce: d.nonce, hash: d.server_seed_hash, title: '' });
    }
    const opened = await call('POST', '/api/boxes/penny-box/open', p.headers, { count: 3 });
    expect(opened.statusCode).toBe(200);
    wageredCents += Math.round(opened.json().data.cost * 100);
    for (const r of opened.json().data.reels)
      wins.push({ amount: r.item.price, game: 'box', nonce: r.nonce, hash: r.server_seed_hash, title: r.item.name });
    await call('POST', '/api/dice/bet', onlooker.headers, { amount: 50, target: 2, direction: 'over' }); // not mine

    const before = (await call('GET', '/api/profile/stats', p.headers)).json().data;
    const user = (await profile(p.headers)).json().data;
    expect(before.wagered).toBe(wageredCents / 100);
    expect(before.bets).toBe(6);
    expect(before.openings).toBe(3);
    expect(before.level).toEqual(user.user_level); // the same XP (from expected house profit) as /api/profile
    expect(before.level.xp).toBeGreaterThan(0);
    const best = wins.sort((a, b) => b.amount - a.amount || a.nonce - b.nonce)[0]!;
    expect(before.biggest_win).toMatchObject({ game: best.game, amount: best.amount });
    if (best.game === 'box') expect(before.biggest_win.title).toBe(best.title);
    const link = new URL(before.biggest_win.link, 'http://x');
    expect(link.pathname).toBe(best.game === 'box' ? '/boxes/provably-fair' : '/dice/provably-fair');
    expect(link.searchParams.get('nonce')).toBe(String(best.nonce));
    expect(link.searchParams.get('server_seed_hash')).toBe(best.hash);
    expect(link.searchParams.get('server_seed')).toBeNull(); // not revealed while the pair is in use
    if (best.game === 'box') expect(link.searchParams.get('box')).toBe('penny-box');

    expect((await call('POST', '/api/fair/rotate', p.headers, {})).statusCode).toBe(200);
    const after = (await call('GET', '/api/profile/stats', p.headers)).json().data;
    const seed = new URL(after.biggest_win.link, 'http://x').searchParams.get('server_seed')!;
    expect(hashServerSeed(seed)).toBe(best.hash); // the link now verifies in full
  });
});
