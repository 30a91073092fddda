// Social sign-in through the development provider and through a fake OAuth 2.0 provider on
// loopback; tracking links (X-TLink) and referrals attributed at registration.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/test-db.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { accountsApp, client, freshEmail, freshIp, registerCall, signUp } from '../helpers/accounts.ts';
import { OAuth2Provider, googleEndpoints } from '../../src/server/modules/social/providers.ts';

interface FakePerson {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

describeEachDb('social sign-in and attribution', (dialect) => {
  let app: TestApp;
  let fake: Server;
  let fakeUrl: string;
  const people = new Map<string, FakePerson>(); // code → person
  const tokens = new Map<string, FakePerson>(); // access token → person
  beforeAll(async () => {
    fake = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (url.pathname === '/token') {
          const p = new URLSearchParams(body);
          const who = people.get(p.get('code') ?? '');
          if (!who || p.get('client_secret') !== 'fake-secret' || p.get('grant_type') !== 'authorization_code') {
            res.statusCode = 400;
            return res.end(JSON.stringify({ error: 'invalid_grant' }));
          }
          people.delete(p.get('code')!);
          const t = `tok-${who.sub}-${Math.random()}`;
          tokens.set(t, who);
          return res.end(JSON.stringify({ access_token: t, token_type: 'Bearer' }));
        }
        if (url.pathname === '/userinfo') {
          const who = tokens.get((req.headers.authorization ?? '').replace('Bearer ', ''));
          res.statusCode = who ? 200 : 401;
          return res.end(JSON.stringify(who ?? { error: 'invalid_token' }));
        }
        res.statusCode = 404;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    const google = new OAuth2Provider('fake-id', 'fake-secret', {
      ...googleEndpoints,
      authorize: `${fakeUrl}/authorize`,
      token: `${fakeUrl}/token`,
      userinfo: `${fakeUrl}/userinfo`,
    });
    app = await accountsApp(dialect, {
      env: { PUBLIC_URL: 'http://site.test' },
      deps: { accounts: { social: { google } } },
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((r) => fake.close(() => r()));
  });

  /** What /social/{provider}/redirect gave the browser: where to go, and the state cookie. */
  async function start(provider: string) {
    const r = await app.fastify.inject({
      method: 'GET',
      url: `/social/${provider}/redirect`,
      headers: { host: 'site.test' },
    });
    expect(r.statusCode).toBe(302);
    const setCookie = String(r.headers['set-cookie']);
    expect(setCookie).toMatch(/^la_social_state=[^;]+; Path=\/social; HttpOnly; SameSite=Lax; Max-Age=600$/);
    const location = r.headers.location as string;
    return {
      location,
      cookie: setCookie.split(';')[0]!,
      state: new URL(location, 'http://site.test').searchParams.get('state')!,
    };
  }
  type Started = Awaited<ReturnType<typeof start>>;
  const handle = (provider: string, code: string, s: Pick<Started, 'cookie' | 'state'>) =>
    app.fastify.inject({
      method: 'GET',
      url: `/social/handle?provider=${provider}&code=${encodeURIComponent(code)}&state=${s.state}`,
      headers: { host: 'site.test', cookie: s.cookie },
    });
  const socialGrant = (provider: string, access_token: string) =>
    app.fastify.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'social', provider, access_token, ...client(app) },
      remoteAddress: freshIp(),
    });
  const profile = (access: string) =>
    app.fastify.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${access}` } });

  /** Drives the development provider like a browser: redirect → consent page → form → callback. */
  async function devSignIn(provider: string, name: string, email: string) {
    const started = await start(provider);
    const consentUrl = started.location;
    expect(consentUrl).toMatch(
      new RegExp(`^/dev/social/${provider}/consent\\?redirect_uri=http%3A%2F%2Fsite.test%2Fauth%2F${provider}`),
    );
    // development tools answer only to this machine by name (client-address.ts): Host localhost
    const page = await app.fastify.inject({ method: 'GET', url: consentUrl, headers: { host: 'localhost' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Development ${provider} sign-in`);
    const q = new URL(consentUrl, 'http://site.test').searchParams;
    const form = new URLSearchParams({ redirect_uri: q.get('redirect_uri')!, state: q.get('state')!, name, email });
    const back = await app.fastify.inject({
      method: 'POST',
      url: `/dev/social/${provider}/consent`,
      payload: form.toString(),
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(back.statusCode).toBe(302);
    const cb = new URL(back.headers.location as string);
    expect(cb.origin + cb.pathname).toBe(`http://site.test/auth/${provider}`);
    expect(cb.searchParams.get('provider')).toBe(provider);
    const code = cb.searchParams.get('code')!;
    expect(cb.searchParams.get('state')).toBe(started.state);
    const h = await handle(provider, code, started);
    expect(h.statusCode).toBe(200);
    expect(h.json().provider).toBe(provider);
    const t = await socialGrant(provider, h.json().provider_access_token);
    expect(t.statusCode).toBe(200);
    return { code, started, tokens: t.json() };
  }

  it('development provider: consent → code → handle → social grant → profile; a code is single-use', async () => {
    const email = freshEmail();
    const { code, started, tokens } = await devSignIn('facebook', 'Dev Dora', email);
    const p = await profile(tokens.access_token);
    expect(p.json().data).toMatchObject({ name: 'Dev Dora', email: email.toLowerCase() });
    expect((await handle('facebook', code, started)).statusCode).toBe(400);
    // Signing in again finds the same account through the linked identity.
    const again = await devSignIn('facebook', 'Other Name', email);
    expect((await profile(again.tokens.access_token)).json().data.id).toBe(p.json().data.id);
  });

  it('a verified provider email joins the existing account of that email (taking over an unverified one)', async () => {
    const s = await signUp(app, 'Pia');
    const { tokens } = await devSignIn('steam', 'Pia on Steam', s.email);
    const p = (await profile(tokens.access_token)).json().data;
    expect(p.name).toBe('Pia');
    expect(p.email).toBe(s.email.toLowerCase());
  });

  it("a callback without the browser's state cookie, or with another state, is refused (login CSRF)", async () => {
    const started = await start('google');
    people.set('code-3', { sub: 'g-3', email: freshEmail(), email_verified: true, name: 'Csrf' });
    for (const s of [
      { cookie: '', state: started.state },
      { cookie: started.cookie, state: 'other' },
      { cookie: started.cookie.replace('google.', 'steam.'), state: started.state },
    ]) {
      const res = await handle('google', 'code-3', s);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The sign-in attempt has expired. Please try again.');
    }
    expect((await handle('google', 'code-3', started)).statusCode).toBe(200);
  });

  it('the consent page refuses a foreign redirect address (no open redirect)', async () => {
    const res = await app.fastify.inject({
      method: 'GET',
      url: '/dev/social/steam/consent?redirect_uri=https%3A%2F%2Fevil.test%2Fauth%2Fsteam',
      headers: { host: 'localhost' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('OAuth 2.0 adapter against a fake provider: redirect, code exchange, userinfo, account creation', async () => {
    const started = await start('google');
    const loc = new URL(started.location);
    expect(loc.origin + loc.pathname).toBe(`${fakeUrl}/authorize`);
    expect(loc.searchParams.get('redirect_uri')).toBe('http://site.test/auth/google');
    expect(loc.searchParams.get('client_id')).toBe('fake-id');
    const email = freshEmail();
    people.set('code-1', { sub: 'g-1', email, email_verified: true, name: 'Gina' });
    const h = await handle('google', 'code-1', started);
    expect(h.statusCode).toBe(200);
    const t = await socialGrant('google', h.json().provider_access_token);
    expect((await profile(t.json().access_token)).json().data).toMatchObject({
      name: 'Gina',
      email: email.toLowerCase(),
    });
    expect((await handle('google', 'code-1', started)).statusCode).toBe(400);
    expect((await socialGrant('google', 'forged')).statusCode).toBe(400);
  });

  it('an unverified provider email that belongs to an account is refused (409)', async () => {
    const s = await signUp(app);
    people.set('code-2', { sub: 'g-2', email: s.email, email_verified: false, name: 'Mallory' });
    const h = await handle('google', 'code-2', await start('google'));
    const t = await socialGrant('google', h.json().provider_access_token);
    expect(t.statusCode).toBe(409);
    expect(t.json().message).toMatch(/already exists/);
  });

  it.each([
    ['/social/myspace/redirect'],
    ['/social/handle?provider=myspace&code=x'],
    ['/social/handle?code=x'],
    [`/social/handle?provider=google&code=${'x'.repeat(3000)}`],
  ])('bad social input %s → 4xx', async (url) => {
    const res = await app.fastify.inject({ method: 'GET', url });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toBeTruthy();
  });

  it('tracking: GET /api/tl/{source} returns a stable link, counts visits, and X-TLink is attributed', async () => {
    const a = await app.fastify.inject({ method: 'GET', url: '/api/tl/Newsletter-Nov' });
    const b = await app.fastify.inject({ method: 'GET', url: '/api/tl/newsletter-nov' });
    expect(a.statusCode).toBe(200);
    expect(a.json().link).toMatch(/^[\w-]{16}$/);
    expect(b.json().link).toBe(a.json().link);
    const row = await app.database.db
      .selectFrom('tracking_links')
      .selectAll()
      .where('source', '=', 'newsletter-nov')
      .executeTakeFirstOrThrow();
    expect(row.visits).toBe(2);
    const email = freshEmail();
    expect(
      (await registerCall(app, { name: 'T', email, password: 'secret1' }, freshIp(), { 'x-tlink': a.json().link }))
        .statusCode,
    ).toBe(200);
    const u = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    const attr = await app.database.db
      .selectFrom('user_attributions')
      .selectAll()
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(attr.tracking_link_id).toBe(row.id);
  });

  it.each([['%3Cscript%3E'], ['x'.repeat(101)], ["a'%3B drop table users --"], ['%20']])(
    'tracking refuses source %s with 422',
    async (src) => {
      const res = await app.fastify.inject({ method: 'GET', url: `/api/tl/${src}` });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBeTruthy();
    },
  );

  it('referral: registering with ref={code} records the referrer; an unknown code is ignored', async () => {
    const s = await signUp(app, 'Referrer');
    const rid = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', s.email.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
    const { code } = await app.database.db
      .selectFrom('referral_links')
      .select('code')
      .where('user_id', '=', rid)
      .executeTakeFirstOrThrow();
    for (const [ref, expected] of [
      [code, rid],
      ['unknown', null],
    ] as const) {
      const email = freshEmail();
      expect((await registerCall(app, { name: 'Friend', email, password: 'secret1', ref })).statusCode).toBe(200);
      const u = await app.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email.toLowerCase())
        .executeTakeFirstOrThrow();
      expect(
        (
          await app.database.db
            .selectFrom('user_attributions')
            .select('referrer_id')
            .where('user_id', '=', u.id)
            .executeTakeFirstOrThrow()
        ).referrer_id,
      ).toBe(expected);
    }
  });
});
