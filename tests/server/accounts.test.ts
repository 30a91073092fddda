// Accounts API: register, password grant, profile, refresh rotation with reuse detection, logout,
// and the bad-input matrix (never a 5xx, nothing written).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import type { TestApp } from '../helpers/test-app.ts';
import {
  accountsApp,
  client,
  freshEmail,
  freshIp,
  loginCall,
  refreshCall,
  registerCall,
  signUp,
} from '../helpers/accounts.ts';
import { hashPassword, owaspScrypt, verifyPassword } from '../../src/server/modules/auth/password.ts';

describeEachDb('accounts', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await accountsApp(dialect);
  });
  afterAll(() => app.close());
  const users = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('registers a player: {msg}, lower-case email, scrypt hash, referral code, attribution', async () => {
    const email = freshEmail();
    const res = await registerCall(app, {
      name: 'Alice',
      email,
      password: 'secret1',
      'g-recaptcha-response': '',
      promotions: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Your account has been created. You can log in now.' });
    const row = await app.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Alice');
    expect(row.password_hash).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(row.password_hash).not.toContain('secret1');
    expect(
      await app.database.db
        .selectFrom('referral_links')
        .select('code')
        .where('user_id', '=', row.id)
        .executeTakeFirst(),
    ).toBeTruthy();
    const attr = await app.database.db
      .selectFrom('user_attributions')
      .selectAll()
      .where('user_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(attr.wants_promotions).toBe(1);
  });

  it('refuses a taken email case-insensitively with 422 message and errors.email', async () => {
    const email = freshEmail();
    expect((await registerCall(app, { name: 'A', email, password: 'secret1' })).statusCode).toBe(200);
    const before = await users();
    const res = await registerCall(app, { name: 'B', email: email.toUpperCase(), password: 'secret1' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The email has already been taken.',
      msg: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
      request_id: expect.any(String),
    });
    expect(await users()).toBe(before);
  });

  const big = 'x'.repeat(1024 * 1024);
  it.each([
    [{ email: 'a@b.co', password: 'secret1' }, 'name', 'Nickname is required'],
    [{ name: '   ', email: 'a@b.co', password: 'secret1' }, 'name', 'Nickname is required'],
    [{ name: 'A', password: 'secret1' }, 'email', 'Email is required'],
    [{ name: 'A', email: 'not-an-email', password: 'secret1' }, 'email', 'Email is not valid.'],
    [{ name: 'A', email: "x' OR 1=1 --@b.co", password: 'secret1' }, 'email', 'Email is not valid.'],
    [{ name: 'A', email: '<script>@b.co', password: 'secret1' }, 'email', 'Email is not valid.'],
    [{ name: 'A', email: 'a@b.co' }, 'password', 'Password is required'],
    [{ name: 'A', email: 'a@b.co', password: '12345' }, 'password', 'Password must be at least 6 characters.'],
    [{ name: 42, email: 'a@b.co', password: 'secret1' }, 'name', 'Nickname is not valid.'],
    [{ name: 'A', email: ['a@b.co'], password: 'secret1' }, 'email', 'Email is not valid.'],
    [{ name: 'A', email: 'a@b.co', password: { $gt: '' } }, 'password', 'Password is not valid.'],
    [
      { name: 'x'.repeat(65), email: 'a@b.co', password: 'secret1' },
      'name',
      'Nickname may not be longer than 64 characters.',
    ],
    [
      { name: 'A', email: 'a@b.co', password: 'p'.repeat(201) },
      'password',
      'Password may not be longer than 200 characters.',
    ],
  ])('register bad input %j → 422 on %s', async (body, field, message) => {
    const before = await users();
    const res = await registerCall(app, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toContain(message);
    expect(await users()).toBe(before);
  });

  it('answers 413 for a 1 MB body and 4xx for malformed JSON, never 5xx', async () => {
    const before = await users();
    const huge = await registerCall(app, { name: big, email: 'a@b.co', password: 'secret1' });
    expect(huge.statusCode).toBe(413);
    const bad = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    expect(await users()).toBe(before);
  });

  it('keeps unicode and HTML-looking names as plain text', async () => {
    const email = freshEmail();
    const name = 'Zoë 🎲 <b>bold</b>';
    expect((await registerCall(app, { name, email, password: 'секрет-пароль' })).statusCode).toBe(200);
    const t = await loginCall(app, email, 'секрет-пароль');
    expect(t.statusCode).toBe(200);
    const p = await app.fastify.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${t.json().access_token}` },
    });
    expect(p.json().data.name).toBe(name);
  });

  it('password grant issues a token pair; the profile shows the player in dollars', async () => {
    const s = await signUp(app, 'Bob');
    expect(s.tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(s.tokens.access_token).not.toBe(s.tokens.refresh_token);
    const res = await app.fastify.inject({ method: 'GET', url: '/api/profile', headers: s.headers });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      name: 'Bob',
      email: s.email.toLowerCase(),
      avatar_url: null,
      balance: 0,
      user_level: { level: 1 },
    });
    expect(new Date(data.created_at).toISOString()).toBe(data.created_at);
    await app.database.db.updateTable('users').set({ balance_cents: 12345 }).where('id', '=', data.id).execute();
    expect(
      (await app.fastify.inject({ method: 'GET', url: '/api/profile', headers: s.headers })).json().data.balance,
    ).toBe(123.45);
  });

  it('stores tokens only as hashes', async () => {
    const s = await signUp(app);
    const rows = await app.database.db.selectFrom('oauth_tokens').selectAll().execute();
    expect(rows.some((r) => r.access_hash === s.tokens.access_token || r.refresh_hash === s.tokens.refresh_token)).toBe(
      false,
    );
  });

  it.each([
    [
      'wrong password',
      (e: string) => ({ grant_type: 'password', username: e, password: 'wrong-pass' }),
      400,
      'The user credentials were incorrect.',
    ],
    [
      'unknown user',
      () => ({ grant_type: 'password', username: 'nobody@example.test', password: 'secret-pass' }),
      400,
      'The user credentials were incorrect.',
    ],
    [
      'missing password',
      (e: string) => ({ grant_type: 'password', username: e }),
      400,
      'The user credentials were incorrect.',
    ],
    [
      'unknown grant',
      (e: string) => ({ grant_type: 'client_credentials', username: e }),
      422,
      'The grant type is not supported.',
    ],
    [
      'bad refresh token',
      () => ({ grant_type: 'refresh_token', refresh_token: 'nope' }),
      400,
      'The refresh token is invalid.',
    ],
    ['missing refresh token', () => ({ grant_type: 'refresh_token' }), 400, 'The refresh token is invalid.'],
    [
      'unknown social provider',
      () => ({ grant_type: 'social', provider: 'myspace', access_token: 'x' }),
      400,
      'The social sign-in could not be completed. Please try again.',
    ],
  ])('token: %s → %s with message', async (_n, body, status, message) => {
    const s = await signUp(app);
    const res = await app.fastify.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { ...client(app), ...body(s.email) },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('token: a wrong client secret or id → 401', async () => {
    const s = await signUp(app);
    for (const c of [{ client_secret: 'nope' }, { client_id: '2' }, { client_secret: undefined }]) {
      const res = await app.fastify.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'password', username: s.email, password: s.password, ...client(app), ...c },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Client authentication failed.');
    }
  });

  it('token grant also takes a form-encoded body', async () => {
    const s = await signUp(app);
    const form = new URLSearchParams({
      grant_type: 'password',
      username: s.email,
      password: s.password,
      ...client(app),
    });
    const res = await app.fastify.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
  });

  it('profile and logout need the bearer token (401 with message)', async () => {
    for (const [method, url] of [
      ['GET', '/api/profile'],
      ['POST', '/api/profile/logout'],
    ] as const) {
      const res = await app.fastify.inject({ method, url });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Unauthenticated.');
    }
  });

  it('refresh rotates: new pair, old pair revoked, same family', async () => {
    const s = await signUp(app);
    const r1 = await refreshCall(app, s.tokens.refresh_token);
    expect(r1.statusCode).toBe(200);
    const p1 = r1.json();
    expect(p1.refresh_token).not.toBe(s.tokens.refresh_token);
    expect((await app.fastify.inject({ method: 'GET', url: '/api/profile', headers: s.headers })).statusCode).toBe(401);
    expect(
      (
        await app.fastify.inject({
          method: 'GET',
          url: '/api/profile',
          headers: { authorization: `Bearer ${p1.access_token}` },
        })
      ).statusCode,
    ).toBe(200);
    const r2 = await refreshCall(app, p1.refresh_token);
    expect(r2.statusCode).toBe(200);
    const families = await app.database.db
      .selectFrom('oauth_tokens')
      .select('family')
      .distinct()
      .where(
        'user_id',
        '=',
        (
          await app.fastify.inject({
            method: 'GET',
            url: '/api/profile',
            headers: { authorization: `Bearer ${r2.json().access_token}` },
          })
        ).json().data.id,
      )
      .execute();
    expect(families).toHaveLength(1);
  });

  it('reuse of a rotated refresh token revokes the whole family (RFC 9700)', async () => {
    const s = await signUp(app);
    const other = await loginCall(app, s.email, s.password); // a second, independent session
    const p1 = (await refreshCall(app, s.tokens.refresh_token)).json();
    const reuse = await refreshCall(app, s.tokens.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('The refresh token is invalid.');
    // The attacker's (or victim's) current pair of that family is dead too …
    expect(
      (
        await app.fastify.inject({
          method: 'GET',
          url: '/api/profile',
          headers: { authorization: `Bearer ${p1.access_token}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await refreshCall(app, p1.refresh_token)).statusCode).toBe(400);
    // … while the other session lives on.
    expect(
      (
        await app.fastify.inject({
          method: 'GET',
          url: '/api/profile',
          headers: { authorization: `Bearer ${other.json().access_token}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('two concurrent refreshes with one token: at most one wins and the family is revoked', async () => {
    const s = await signUp(app);
    const [a, b] = await Promise.all([
      refreshCall(app, s.tokens.refresh_token),
      refreshCall(app, s.tokens.refresh_token),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual(a.statusCode === b.statusCode ? [400, 400] : [200, 400]);
    const uid = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', s.email.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
    const live = await app.database.db
      .selectFrom('oauth_tokens')
      .select('id')
      .where('user_id', '=', uid)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live.length).toBeLessThanOrEqual(1);
  });

  it('an expired refresh token is refused', async () => {
    const s = await signUp(app);
    await app.database.db
      .updateTable('oauth_tokens')
      .set({ refresh_expires_at: 1 })
      .where('revoked_at', 'is', null)
      .execute();
    expect((await refreshCall(app, s.tokens.refresh_token)).statusCode).toBe(400);
  });

  it('logout revokes the session: access and refresh tokens stop working', async () => {
    const s = await signUp(app);
    const res = await app.fastify.inject({ method: 'POST', url: '/api/profile/logout', headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBeTruthy();
    expect((await app.fastify.inject({ method: 'GET', url: '/api/profile', headers: s.headers })).statusCode).toBe(401);
    expect((await refreshCall(app, s.tokens.refresh_token)).statusCode).toBe(400);
  });

  it('rate limits registration per IP and password grants per account with 429 and message', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await registerCall(app, { name: 'R', email: 'bad' }, ip)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 422)).toBe(true);
    const limited = await registerCall(app, { name: 'R', email: freshEmail(), password: 'secret1' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many attempts. Please wait a moment and try again.');

    const s = await signUp(app);
    // Per (account, address): 5 failures from one address, then it backs off (login-limits.test.ts).
    const guesser = freshIp();
    for (let i = 0; i < 5; i++) expect((await loginCall(app, s.email, 'wrong-pass', guesser)).statusCode).toBe(400);
    const locked = await loginCall(app, s.email, s.password, guesser);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many attempts/);
  });
});

it('scrypt: OWASP default parameters are recorded in the hash; other costs still verify', async () => {
  expect(owaspScrypt).toEqual({ logN: 17, r: 8, p: 1 });
  const slow = await hashPassword('pw-123456');
  expect(slow).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  expect(await verifyPassword('pw-123456', slow)).toBe(true);
  const fast = await hashPassword('pw-123456', { logN: 10, r: 8, p: 1 });
  expect(await verifyPassword('pw-123456', fast)).toBe(true);
  expect(await verifyPassword('pw-1234567', fast)).toBe(false);
  expect(await verifyPassword('pw-123456', 'scrypt$99$8$1$aa$bb')).toBe(false);
  expect(await verifyPassword('pw-123456', 'plain')).toBe(false);
}, 60_000); // two OWASP-cost hashes take seconds on a busy machine
