// Account pre-hijacking (issue 12, accounts 5): an attacker registers the victim's email with a
// password; the victim later signs in with Google. Before: the sign-in linked to the attacker's
// account and the attacker's password kept working. Now emails are verified through a signed link,
// and a provider-verified sign-in takes over an unverified account (password and sessions revoked).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { accountsApp, client, freshIp, loginCall, refreshCall, signUp } from '../helpers/accounts.ts';

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describeEachDb('email verification and pre-hijacking', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await accountsApp(dialect, { env: { PUBLIC_URL: 'http://site.test' } });
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.fastify.inject({ method: 'GET', url, headers: { host: 'site.test', ...headers } });
  const profile = (access: string) => get('/api/profile', { authorization: `Bearer ${access}` });

  /** The development provider driven like a browser: redirect → consent → callback → handle → grant. */
  async function devSignIn(provider: string, name: string, email: string) {
    const r = await get(`/social/${provider}/redirect`);
    const cookie = String(r.headers['set-cookie']).split(';')[0]!;
    const q = new URL(r.headers.location as string, 'http://site.test').searchParams;
    const back = await app.fastify.inject({
      method: 'POST',
      url: `/dev/social/${provider}/consent`,
      payload: new URLSearchParams({
        redirect_uri: q.get('redirect_uri')!,
        state: q.get('state')!,
        name,
        email,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const cb = new URL(back.headers.location as string).searchParams;
    const h = await get(`/social/handle?provider=${provider}&code=${cb.get('code')}&state=${cb.get('state')}`, {
      cookie,
    });
    expect(h.statusCode).toBe(200);
    const t = await app.fastify.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'social', provider, access_token: h.json().provider_access_token, ...client(app) },
      remoteAddress: freshIp(),
    });
    expect(t.statusCode).toBe(200);
    return t.json() as { access_token: string; refresh_token: string };
  }

  /** The verification link mailed to `email` (the newest). */
  async function mailedToken(email: string): Promise<string> {
    const mail = await app.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', email.toLowerCase())
      .where('subject', '=', 'Verify your Loot Arcade email address')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const link = /(http:\/\/site\.test\/verify-email\?token=(\S+))/.exec(mail.body_text);
    expect(link).not.toBeNull();
    return link![2]!;
  }
  const verify = (token: string) =>
    app.fastify.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });

  it('the attack: a pre-registered password stops working when the victim signs in with Google', async () => {
    const attacker = await signUp(app, 'Mallory'); // registers the victim's address, never verifies it
    const victimEmail = attacker.email;
    const victim = await devSignIn('google', 'Victim', victimEmail);

    // The attacker's password, access token and refresh token are all dead.
    expect((await loginCall(app, victimEmail, attacker.password)).statusCode).toBe(400);
    expect((await profile(attacker.tokens.access_token)).statusCode).toBe(401);
    expect((await refreshCall(app, attacker.tokens.refresh_token)).statusCode).toBe(400);
    const me = (await profile(victim.access_token)).json().data;
    expect(me).toMatchObject({ email: victimEmail.toLowerCase(), email_verified: true });
    // The victim's session works, and signing in again keeps the same account.
    expect((await devSignIn('google', 'Victim', victimEmail)).access_token).toBeTruthy();
    expect((await profile(victim.access_token)).statusCode).toBe(200);
  });

  it('a verified password account links to the social identity and keeps its password', async () => {
    const s = await signUp(app, 'Owner');
    expect((await verify(await mailedToken(s.email))).json()).toEqual({ msg: 'Your email address has been verified.' });
    expect((await profile(s.tokens.access_token)).json().data.email_verified).toBe(true);
    const social = await devSignIn('facebook', 'Owner on FB', s.email);
    expect((await profile(social.access_token)).json().data.name).toBe('Owner');
    expect((await loginCall(app, s.email, s.password)).statusCode).toBe(200);
    expect((await profile(s.tokens.access_token)).statusCode).toBe(200);
  });

  it('an identity linked before verification existed is re-checked: unverified password account taken over', async () => {
    const s = await signUp(app, 'Legacy');
    const user = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', s.email.toLowerCase())
      .executeTakeFirstOrThrow();
    const first = await devSignIn('steam', 'Legacy', s.email); // takes over now
    expect((await loginCall(app, s.email, s.password)).statusCode).toBe(400);
    // Simulate the old link (made before 0013): password back, email unverified.
    await app.database.db
      .updateTable('users')
      .set({ password_hash: 'scrypt$10$8$1$x$y', email_verified_at: null })
      .where('id', '=', user.id)
      .execute();
    await devSignIn('steam', 'Legacy', s.email);
    const row = await app.database.db
      .selectFrom('users')
      .select(['password_hash', 'email_verified_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.email_verified_at).not.toBeNull();
    expect((await profile(first.access_token)).statusCode).toBe(401); // every session revoked again
  });

  it('refuses a forged, tampered or expired link with 422 and changes nothing', async () => {
    const s = await signUp(app);
    const token = await mailedToken(s.email);
    const [id, exp, mac] = token.split('.');
    for (const bad of [
      `${id}.${exp}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`,
      // only the last character's padding bits changed: the same bytes once decoded, still refused
      `${id}.${exp}.${mac!.slice(0, -1)}${B64URL[B64URL.indexOf(mac!.at(-1)!) ^ 1]}`,
      `${Number(id) + 1}.${exp}.${mac}`,
      `${id}.${Number(exp) + 1}.${mac}`,
      `${id}.1.${mac}`,
      'garbage',
    ]) {
      const res = await verify(bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().message).toBe('This verification link is invalid or has expired.');
    }
    expect((await verify('')).statusCode).toBe(422);
    expect((await profile(s.tokens.access_token)).json().data.email_verified).toBe(false);
  });

  it('a signed-in player can ask for the link again (limited); a password reset verifies too', async () => {
    const s = await signUp(app);
    const resend = () => app.fastify.inject({ method: 'POST', url: '/api/profile/verify-email', headers: s.headers });
    expect((await app.fastify.inject({ method: 'POST', url: '/api/profile/verify-email' })).statusCode).toBe(401);
    for (let i = 0; i < 3; i++)
      expect((await resend()).json()).toEqual({ msg: 'We have sent a verification link to your email address.' });
    expect((await resend()).statusCode).toBe(429);

    const other = await signUp(app);
    await app.fastify.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: other.email } });
    const reset = await app.database.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('recipient', '=', other.email.toLowerCase())
      .where('subject', 'like', 'Reset%')
      .executeTakeFirstOrThrow();
    const token = /token=([\w-]+)/.exec(reset.body_text)![1]!;
    const done = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: other.email, token, password: 'new-pass-1', password_confirmation: 'new-pass-1' },
    });
    expect(done.statusCode).toBe(200);
    const t = await loginCall(app, other.email, 'new-pass-1');
    expect((await profile(t.json().access_token)).json().data.email_verified).toBe(true);
  });
});
