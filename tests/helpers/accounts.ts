// Helpers for accounts tests: a fast-hashing app, the first-party OAuth client, and sign-in calls.
import { randomBytes } from 'node:crypto';
import type { Dialect } from '../../src/server/db/database.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Low scrypt cost for tests only (the hash records it; production refuses below 17). */
export const fastHashEnv = { SCRYPT_LOG_N: '10' };

/** An accounts app under test. */
export async function accountsApp(
  dialect: Dialect,
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<TestApp> {
  return createTestApp(dialect, { ...options, env: { ...fastHashEnv, ...options.env } });
}

/** A fresh client IP so rate limits of one test never touch another. */
export function freshIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** A unique email. */
export function freshEmail(): string {
  return `u-${randomBytes(5).toString('hex')}@Example.test`;
}

/** The OAuth client fields of the SPA. */
export function client(app: TestApp) {
  return { client_id: app.config.oauthClientId, client_secret: app.config.secrets.oauthClientSecret, scope: '*' };
}

/** Registers through the API; returns the response. */
export function registerCall(
  app: TestApp,
  body: Record<string, unknown>,
  ip = freshIp(),
  headers: Record<string, string> = {},
) {
  return app.fastify.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: ip, headers });
}

/** Password grant; returns the response. */
export function loginCall(app: TestApp, username: string, password: string, ip = freshIp()) {
  return app.fastify.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', username, password, ...client(app) },
    remoteAddress: ip,
  });
}

/** Refresh grant; returns the response. */
export function refreshCall(app: TestApp, refresh_token: string, ip = freshIp()) {
  return app.fastify.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'refresh_token', refresh_token, ...client(app) },
    remoteAddress: ip,
  });
}

/** Registers and logs in a new player; returns email, password and the token pair. */
export async function signUp(app: TestApp, name = 'Alice') {
  const email = freshEmail();
  const password = 'secret-pass';
  const r = await registerCall(app, { name, email, password });
  if (r.statusCode !== 200) throw new Error(`register failed: ${r.body}`);
  const t = await loginCall(app, email, password);
  if (t.statusCode !== 200) throw new Error(`login failed: ${t.body}`);
  const tokens = t.json() as { access_token: string; refresh_token: string; expires_in: number };
  return { email, password, tokens, headers: { authorization: `Bearer ${tokens.access_token}` } };
}
