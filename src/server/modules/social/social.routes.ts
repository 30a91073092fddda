// Social sign-in (spec §7): /social/{provider}/redirect → provider consent → the site's
// /auth/{provider}?code=… → GET /social/handle → grant_type=social. Plus the development
// provider's local consent page (never in production).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../http/route.ts';
import { HttpError } from '../../http/errors.ts';
import { emailField, socialHandleSchema, socialProviders } from '../../../shared/api/auth.ts';
import { siteOrigin } from '../config/config.service.ts';
import { DevSocialProvider } from './providers.ts';
import type { ModuleContext } from '../../module-context.ts';

const tags = ['accounts'];
const providerParams = z.object({ provider: z.enum(socialProviders, { error: 'Unknown provider.' }) });
const stateCookie = 'la_social_state';
/** The state of the callback does not match the browser's sign-in attempt. */
export const staleStateMessage = 'The sign-in attempt has expired. Please try again.';
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Registers the social routes. */
export function socialRoutes(app: FastifyInstance, { accounts: deps }: ModuleContext): void {
  const get = (name: string) => {
    const p = deps.social[name as keyof typeof deps.social];
    if (!p) throw new HttpError(404, 'This sign-in provider is not available.');
    return p;
  };

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/social/:provider/redirect',
      summary: 'Send the browser to the provider',
      tags,
      params: providerParams,
    },
    async ({ params, reply }) => {
      const origin = siteOrigin(deps.config);
      const callback = `${origin}/auth/${params.provider}`;
      const provider = get(params.provider);
      // Login CSRF defence: the state travels through the provider and must match this cookie.
      const state = randomBytes(16).toString('base64url');
      const secure = origin.startsWith('https:') ? '; Secure' : '';
      void reply.header(
        'set-cookie',
        `${stateCookie}=${params.provider}.${state}; Path=/social; HttpOnly; SameSite=Lax; Max-Age=600${secure}`,
      );
      return reply.redirect(provider.authorizeUrl(callback, state), 302);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/social/handle',
      summary: "Trade the provider's callback code for a provider access token",
      tags,
      query: z.looseObject({
        provider: z.enum(socialProviders, { error: 'Unknown provider.' }),
        code: z.string().max(2048).optional(),
      }),
      response: socialHandleSchema,
    },
    async ({ query, request, reply }) => {
      const cookie = new RegExp(`(?:^|;\\s*)${stateCookie}=([^;]+)`).exec(request.headers.cookie ?? '')?.[1];
      if (!cookie || typeof query.state !== 'string' || cookie !== `${query.provider}.${query.state}`)
        throw new HttpError(400, staleStateMessage);
      void reply.header('set-cookie', `${stateCookie}=; Path=/social; HttpOnly; SameSite=Lax; Max-Age=0`);
      const params = Object.fromEntries(
        Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length <= 4096),
      );
      const callback = `${siteOrigin(deps.config)}/auth/${query.provider}`;
      return { provider: query.provider, provider_access_token: await get(query.provider).exchange(params, callback) };
    },
  );

  const dev = (name: string): DevSocialProvider => {
    const p = deps.social[name as keyof typeof deps.social];
    if (deps.config.env === 'production' || !(p instanceof DevSocialProvider)) throw new HttpError(404, 'Not found.');
    return p;
  };
  const consentQuery = z.object({
    redirect_uri: z.string().max(500),
    state: z.string().max(200).optional().default(''),
  });
  const safeCallback = (origin: string, provider: string, uri: string) => {
    if (uri !== `${origin}/auth/${provider}`) throw new HttpError(400, 'The redirect address is not allowed.');
    return uri;
  };

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/dev/social/:provider/consent',
      summary: 'Development provider: consent page',
      tags: ['development'],
      params: providerParams,
      query: consentQuery,
    },
    async ({ params, query, reply }) => {
      dev(params.provider);
      const uri = safeCallback(siteOrigin(deps.config), params.provider, query.redirect_uri);
      void reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development ${esc(params.provider)} sign-in</title></head>
<body><main><h1>Development ${esc(params.provider)} sign-in</h1><p>This local page stands in for ${esc(params.provider)} (no credentials configured).</p>
<form method="post"><input type="hidden" name="redirect_uri" value="${esc(uri)}"><input type="hidden" name="state" value="${esc(query.state)}">
<label>Name <input name="name" required maxlength="64" value="Dev Player"></label>
<label>Email <input name="email" type="email" required maxlength="254"></label>
<button type="submit">Allow</button></form></main></body></html>`;
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/dev/social/:provider/consent',
      summary: 'Development provider: grant consent',
      tags: ['development'],
      params: providerParams,
      body: consentQuery.extend({ name: z.string().trim().min(1, 'Name is required').max(64), email: emailField() }),
    },
    async ({ params, body, reply }) => {
      const provider = dev(params.provider);
      const uri = safeCallback(siteOrigin(deps.config), params.provider, body.redirect_uri);
      const code = provider.grant(body.name, body.email, Date.now());
      return reply.redirect(
        `${uri}?${new URLSearchParams({ provider: params.provider, code, state: body.state })}`,
        302,
      );
    },
  );
}
