// HTTP for accounts (spec §7): register, /oauth/token, profile, logout, forgot/reset, /dev/mail.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import {
  forgotBodySchema,
  msgSchema,
  registerBodySchema,
  resetBodySchema,
  tokenBodySchema,
  tokenResponseSchema,
} from '../../../shared/api/auth.ts';
import { profileResponseSchema } from '../../../shared/api/user.ts';
import { captchaFailedMessage } from '../captcha/captcha.ts';
import { limits } from '../../plugins/rate-limit.ts';
import { rotateRefreshToken, revokeSession } from '../auth/tokens.ts';
import { siteOrigin } from '../config/config.service.ts';
import { findUserById, toPublicUser } from './accounts.repository.ts';
import {
  type AccountsContext,
  badCredentialsMessage,
  forgotMessage,
  forgotPassword,
  normalizeUsername,
  passwordGrant,
  register,
  registeredMessage,
  resetDoneMessage,
  resetPassword,
  socialSignIn,
} from './accounts.service.ts';
import { socialFailedMessage, type SocialDeps } from '../social/providers.ts';
import type { CaptchaVerifier } from '../captcha/captcha.ts';
import type { LoginBackoff, RateLimiter } from '../../plugins/rate-limit.ts';

const tags = ['accounts'];

/** Everything the accounts routes use. */
export interface AccountsDeps extends AccountsContext, SocialDeps {
  captcha: CaptchaVerifier;
  limiter: RateLimiter;
  backoff: LoginBackoff; // password grants per (account, address)
}

async function checkCaptcha(deps: AccountsDeps, token: string, action: string, ip: string): Promise<void> {
  if (!(await deps.captcha.verify(token, action, ip))) throw fieldError('g-recaptcha-response', captchaFailedMessage);
}

/** Registers the accounts routes. */
export function accountsRoutes(app: FastifyInstance, deps: AccountsDeps): void {
  const { db } = deps;
  // Per-IP limits count every attempt, valid or not, before the body is even validated.
  const perIp: Record<string, (typeof limits)[keyof typeof limits]> = {
    '/api/auth/register': limits.registerIp,
    '/oauth/token': limits.tokenIp,
    '/api/auth/forgot-password': limits.forgotIp,
    '/api/auth/reset-password': limits.forgotIp,
  };
  app.addHook('preValidation', (request, _reply, done) => {
    const limit = request.method === 'POST' ? perIp[request.routeOptions.url ?? ''] : undefined;
    if (!limit) return done(); // every other request: no promise, no microtask
    deps.limiter.check(limit, request.ip, Date.now()).then(
      () => done(),
      (e: unknown) => done(e instanceof Error ? e : new Error('The rate limit check failed.')),
    );
  });

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/register',
      summary: 'Create an account',
      tags,
      body: registerBodySchema,
      response: msgSchema,
    },
    async ({ body, request }) => {
      const now = Date.now();
      await checkCaptcha(deps, body['g-recaptcha-response'], 'register', request.ip);
      await deps.limiter.check(limits.registerEmail, body.email.trim().toLowerCase(), now);
      const link = request.headers['x-tlink'];
      await register(deps, { ...body, trackingLink: typeof link === 'string' ? link : null }, now, request.ip);
      return { msg: registeredMessage };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/oauth/token',
      summary: 'Issue tokens (password, refresh_token, social grants)',
      tags,
      body: tokenBodySchema,
      response: tokenResponseSchema,
    },
    async ({ body, request }) => {
      const now = Date.now();
      if (body.client_id !== deps.config.oauthClientId || body.client_secret !== deps.config.secrets.oauthClientSecret)
        throw new HttpError(401, 'Client authentication failed.');
      if (body.grant_type === 'password') {
        if (!body.username || !body.password) throw new HttpError(400, badCredentialsMessage);
        // One normal form for the limiter and the lookup: "  Email\t" is the same account as "email".
        const username = normalizeUsername(body.username);
        // Backoff per (account, address): a guesser elsewhere never locks the owner out.
        await deps.backoff.check(username, request.ip, now);
        try {
          const pair = await passwordGrant(deps, username, body.password, now, request.ip);
          await deps.backoff.succeeded(username, request.ip);
          return pair;
        } catch (e) {
          if (e instanceof HttpError && e.statusCode === 400) await deps.backoff.failed(username, request.ip, now);
          throw e;
        }
      }
      if (body.grant_type === 'refresh_token') {
        const r = body.refresh_token
          ? await rotateRefreshToken(db, deps.secret, body.refresh_token, now, deps.accessTtl)
          : null;
        if (!r?.ok) throw new HttpError(400, 'The refresh token is invalid.');
        return r.pair;
      }
      const provider = deps.social[body.provider as keyof typeof deps.social];
      if (!provider || !body.access_token) throw new HttpError(400, socialFailedMessage);
      return socialSignIn(deps, body.provider!, await provider.identity(body.access_token), now);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/profile',
      summary: 'The signed-in player',
      tags,
      auth: true,
      response: profileResponseSchema,
    },
    async ({ user }) => {
      const row = await findUserById(db, user.id);
      if (!row) throw new HttpError(401, 'Unauthenticated.');
      return { data: toPublicUser(row) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/profile/logout',
      summary: "Revoke this session's tokens",
      tags,
      auth: true,
      response: msgSchema,
    },
    async ({ user }) => {
      await revokeSession(db, user.tokenId, Date.now());
      return { msg: 'You have been logged out.' };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/forgot-password',
      summary: 'Mail a password reset link',
      tags,
      body: forgotBodySchema,
      response: msgSchema,
    },
    async ({ body, request }) => {
      const now = Date.now();
      await checkCaptcha(deps, body['g-recaptcha-response'], 'forgot_password', request.ip);
      await deps.limiter.check(limits.forgotAccount, normalizeUsername(body.email), now); // the lookup's form: case and spaces do not multiply the limit
      await forgotPassword(deps, body.email, siteOrigin(deps.config), now);
      return { msg: forgotMessage };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/auth/reset-password',
      summary: 'Set a new password with a mailed token',
      tags,
      body: resetBodySchema,
      response: msgSchema,
    },
    async ({ body, request }) => {
      const now = Date.now();
      await resetPassword(deps, body, now, request.ip);
      return { msg: resetDoneMessage };
    },
  );

  app.get('/dev/mail', async (_request, reply) => {
    if (deps.config.env === 'production') throw new HttpError(404, 'Not found.');
    const rows = await db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(50).execute();
    const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const items = rows
      .map(
        (m) =>
          `<article><h2>${esc(m.subject)}</h2><p>To: ${esc(m.recipient)} · ${new Date(m.created_at).toISOString()}</p><pre>${esc(m.body_text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join('\n');
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head><body><h1>Development outbox</h1>${items || '<p>No mail yet.</p>'}</body></html>`;
  });
}
