// Forgot / reset password: the same answer for unknown emails, a mailed single-use 60-minute token,
// every session revoked by a reset; the outbox page; captcha through a fake siteverify on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { accountsApp, freshEmail, freshIp, loginCall, refreshCall, registerCall, signUp } from '../helpers/accounts.ts';
import { RecaptchaVerifier } from '../../src/server/modules/captcha/captcha.ts';

const forgotMsg = 'If an account exists for this email, we have sent a password reset link.';

describeEachDb('password reset', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await accountsApp(dialect);
  });
  afterAll(() => app.close());

  const forgot = (email: unknown, ip = freshIp()) =>
    app.fastify.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email, 'g-recaptcha-response': '' },
      remoteAddress: ip,
    });
  const reset = (body: Record<string, unknown>) =>
    app.fastify.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body, remoteAddress: freshIp() });
  // Reset mails only (registration also mails a verification link).
  const outbox = async (to: string) =>
    app.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', to.toLowerCase())
      .where('subject', '=', 'Reset your Loot Arcade password')
      .orderBy('id', 'desc')
      .execute();
  const tokenOf = (text: string) => /[?&]token=([\w-]+)/.exec(text)![1]!;

  it('answers the same {msg} for unknown and known emails; mails only the known one', async () => {
    const s = await signUp(app);
    const unknown = await forgot('nobody-here@example.test');
    const known = await forgot(s.email);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ msg: forgotMsg });
    expect(known.json()).toEqual({ msg: forgotMsg });
    expect(await outbox('nobody-here@example.test')).toHaveLength(0);
    const mails = await outbox(s.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your Loot Arcade password');
    expect(mails[0]!.body_text).toMatch(/\/reset-password\?token=[\w-]{43}&email=/);
    const rows = await app.database.db.selectFrom('password_resets').selectAll().execute();
    expect(rows.some((r) => r.token_hash === tokenOf(mails[0]!.body_text))).toBe(false);
  });

  it('resets once: new password works, old fails, every session revoked, token single-use', async () => {
    const s = await signUp(app);
    const second = (await loginCall(app, s.email, s.password)).json();
    await forgot(s.email);
    const token = tokenOf((await outbox(s.email))[0]!.body_text);
    const ok = await reset({ email: s.email, token, password: 'brand-new-pw', password_confirmation: 'brand-new-pw' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ msg: 'Your password has been reset. Please log in.' });
    expect((await app.fastify.inject({ method: 'GET', url: '/api/profile', headers: s.headers })).statusCode).toBe(401);
    expect(
      (
        await app.fastify.inject({
          method: 'GET',
          url: '/api/profile',
          headers: { authorization: `Bearer ${second.access_token}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await refreshCall(app, s.tokens.refresh_token)).statusCode).toBe(400);
    expect((await loginCall(app, s.email, s.password)).statusCode).toBe(400);
    expect((await loginCall(app, s.email, 'brand-new-pw')).statusCode).toBe(200);
    const again = await reset({ email: s.email, token, password: 'another-pw', password_confirmation: 'another-pw' });
    expect(again.statusCode).toBe(422);
    expect(again.json().msg).toBe('This password reset token is invalid.');
  });

  it('refuses an expired token (60 minutes) and a token of another account', async () => {
    const s = await signUp(app);
    const t = await signUp(app);
    await forgot(s.email);
    const token = tokenOf((await outbox(s.email))[0]!.body_text);
    const wrongUser = await reset({
      email: t.email,
      token,
      password: 'brand-new-pw',
      password_confirmation: 'brand-new-pw',
    });
    expect(wrongUser.json().msg).toBe('This password reset token is invalid.');
    const row = await app.database.db
      .selectFrom('password_resets')
      .select(['id', 'created_at', 'expires_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.expires_at - row.created_at).toBe(60 * 60_000);
    await app.database.db
      .updateTable('password_resets')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', row.id)
      .execute();
    const expired = await reset({
      email: s.email,
      token,
      password: 'brand-new-pw',
      password_confirmation: 'brand-new-pw',
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().msg).toBe('This password reset token is invalid.');
    expect((await loginCall(app, s.email, s.password)).statusCode).toBe(200);
  });

  it.each([
    [{ token: 'x', password: 'abcdef', password_confirmation: 'abcdef' }, 'Email is required'],
    [{ email: 'a@b.co', password: 'abcdef', password_confirmation: 'abcdef' }, 'This password reset token is invalid.'],
    [
      { email: 'a@b.co', token: 'x', password: 'abc', password_confirmation: 'abc' },
      'Password must be at least 6 characters.',
    ],
    [
      { email: 'a@b.co', token: 'x', password: 'abcdef', password_confirmation: 'abcdeg' },
      'The password confirmation does not match.',
    ],
    [
      { email: 'a@b.co', token: 'x'.repeat(201), password: 'abcdef', password_confirmation: 'abcdef' },
      'This password reset token is invalid.',
    ],
    [
      { email: 'a@b.co', token: "' OR 1=1 --", password: 'abcdef', password_confirmation: 'abcdef' },
      'This password reset token is invalid.',
    ],
    [
      { email: 'a@b.co', token: 5, password: 'abcdef', password_confirmation: 'abcdef' },
      'This password reset token is invalid.',
    ],
  ])('reset bad input %j → 422 {msg}', async (body, msg) => {
    const res = await reset(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe(msg);
  });

  it.each([
    [undefined, 'Email is required'],
    ['nope', 'Email is not valid.'],
    [['a@b.co'], 'Email is not valid.'],
    ['<img src=x>@b.co', 'Email is not valid.'],
  ])('forgot bad email %j → 422', async (email, message) => {
    const before = (await app.database.db.selectFrom('mail_outbox').select('id').execute()).length;
    const res = await forgot(email);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
    expect((await app.database.db.selectFrom('mail_outbox').select('id').execute()).length).toBe(before);
  });

  it('limits forgot-password per account (3 per 10 minutes) with 429', async () => {
    const s = await signUp(app);
    for (let i = 0; i < 3; i++) expect((await forgot(s.email)).statusCode).toBe(200);
    const res = await forgot(s.email);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many attempts/);
    expect(await outbox(s.email)).toHaveLength(3);
  });

  it('shows the outbox at /dev/mail outside production, HTML-escaped', async () => {
    const email = freshEmail();
    await registerCall(app, { name: '<script>x</script>', email, password: 'secret1' });
    await forgot(email);
    const res = await app.fastify.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Reset your Loot Arcade password');
    expect(res.body).not.toContain('<script>x</script>');
    expect(res.body).toContain('&#60;script&#62;');
  });
});

describe('/dev/mail in production', () => {
  it('is refused (404)', async () => {
    const app = await accountsApp('sqlite', {
      env: {
        NODE_ENV: 'production',
        APP_SECRET: 'a'.repeat(40),
        PUSHER_APP_KEY: 'key',
        PUSHER_APP_SECRET: 's'.repeat(20),
        OAUTH_CLIENT_SECRET: 'o'.repeat(20),
        SCRYPT_LOG_N: '17',
      },
    });
    try {
      const res = await app.fastify.inject({ method: 'GET', url: '/dev/mail' });
      expect(res.statusCode).toBe(404);
      expect(
        (await app.fastify.inject({ method: 'GET', url: '/dev/social/google/consent?redirect_uri=x' })).statusCode,
      ).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('captcha (reCAPTCHA v3 through a fake siteverify on loopback)', () => {
  let server: Server;
  let url: string;
  const seen: URLSearchParams[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const p = new URLSearchParams(body);
        seen.push(p);
        const [action, score] = (p.get('response') ?? '').split(':');
        const ok = p.get('secret') === 'test-secret' && action !== 'broken';
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify(
            ok
              ? { success: true, action, score: Number(score) }
              : { success: false, 'error-codes': ['invalid-input-secret'] },
          ),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('verifier checks success, action and score ≥ 0.5 and fails closed', async () => {
    const v = new RecaptchaVerifier('test-secret', url);
    expect(await v.verify('register:0.9', 'register', '1.2.3.4')).toBe(true);
    expect(await v.verify('register:0.5', 'register', '1.2.3.4')).toBe(true);
    expect(await v.verify('register:0.3', 'register', '1.2.3.4')).toBe(false);
    expect(await v.verify('login:0.9', 'register', '1.2.3.4')).toBe(false);
    expect(await v.verify('', 'register', '1.2.3.4')).toBe(false);
    expect(await new RecaptchaVerifier('wrong', url).verify('register:0.9', 'register', '1.2.3.4')).toBe(false);
    expect(
      await new RecaptchaVerifier('test-secret', 'http://127.0.0.1:1/none').verify(
        'register:0.9',
        'register',
        '1.2.3.4',
      ),
    ).toBe(false);
    expect(seen.at(-1)?.get('remoteip')).toBe('1.2.3.4');
  });

  it('with RECAPTCHA_SECRET set, register and forgot answer errors[g-recaptcha-response][0] on failure', async () => {
    const app = await accountsApp('sqlite', {
      env: { RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_VERIFY_URL: url, RECAPTCHA_SITE_KEY: 'site-key' },
    });
    try {
      expect((await app.fastify.inject({ method: 'GET', url: '/api/config' })).json().recaptcha_site_key).toBe(
        'site-key',
      );
      const email = freshEmail();
      const bad = await registerCall(app, {
        name: 'C',
        email,
        password: 'secret1',
        'g-recaptcha-response': 'register:0.1',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors['g-recaptcha-response'][0]).toBe('The captcha verification failed. Please try again.');
      expect(
        await app.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email.toLowerCase())
          .executeTakeFirst(),
      ).toBeUndefined();
      expect((await registerCall(app, { name: 'C', email, password: 'secret1' })).statusCode).toBe(422);
      expect(
        (await registerCall(app, { name: 'C', email, password: 'secret1', 'g-recaptcha-response': 'register:0.9' }))
          .statusCode,
      ).toBe(200);
      const f = (token: string) =>
        app.fastify.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email, 'g-recaptcha-response': token },
          remoteAddress: freshIp(),
        });
      expect((await f('register:0.9')).json().errors['g-recaptcha-response'][0]).toMatch(/captcha/);
      expect((await f('forgot_password:0.9')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
