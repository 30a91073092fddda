// Wires the accounts area: its adapters (mail, captcha, rate limits, social providers, the password-hash
// queue) from config, overridable by tests — built by app.ts before any module, as the modules'
// `ctx.accounts` (social and profile routes use them) — and the accounts routes.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import { createCaptcha, type CaptchaVerifier } from '../captcha/captcha.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import {
  LoginBackoff,
  MemoryRateLimitStore,
  RateLimiter,
  RedisRateLimitStore,
  type RateLimitStore,
} from '../../plugins/rate-limit.ts';
import {
  DevSocialProvider,
  OAuth2Provider,
  SteamProvider,
  facebookEndpoints,
  googleEndpoints,
  type SocialProvider,
} from '../social/providers.ts';
import { accountsRoutes, type AccountsDeps } from './accounts.routes.ts';
import { verificationRoutes } from './verification.routes.ts';
import { HashQueue, defaultHashLimits } from '../auth/hash-queue.ts';
import { prepareDecoy } from '../auth/password.ts';
import type { SocialProviderName } from '../../../shared/api/auth.ts';
import { redisNamespace } from '../../realtime/redis-namespace.ts';
import type { ModuleContext } from '../../module-context.ts';

/** Adapters a test may replace. */
export interface AccountsOverrides {
  mailer?: Mailer;
  captcha?: CaptchaVerifier;
  rateLimitStore?: RateLimitStore;
  social?: Partial<Record<SocialProviderName, SocialProvider>>;
  hashes?: HashQueue;
}

/** Real adapters where configured; the development provider elsewhere (never in production). */
function socialProviders(config: Config, store: RateLimitStore): Partial<Record<SocialProviderName, SocialProvider>> {
  const dev = config.env !== 'production';
  const { google, facebook, steam } = config.social;
  const out: Partial<Record<SocialProviderName, SocialProvider>> = {};
  if (google) out.google = new OAuth2Provider(google.clientId, google.clientSecret, googleEndpoints);
  else if (dev) out.google = new DevSocialProvider('google', config.secrets.appSecret, store);
  if (facebook) out.facebook = new OAuth2Provider(facebook.clientId, facebook.clientSecret, facebookEndpoints);
  else if (dev) out.facebook = new DevSocialProvider('facebook', config.secrets.appSecret, store);
  if (steam) out.steam = new SteamProvider(steam.apiKey, config.secrets.appSecret);
  else if (dev) out.steam = new DevSocialProvider('steam', config.secrets.appSecret, store);
  return out;
}

/** The accounts' adapters for `ctx.accounts`: test doubles from `overrides`, else from config. */
export function accountsDeps(
  app: FastifyInstance,
  db: DB,
  config: Config,
  overrides: AccountsOverrides = {},
): AccountsDeps {
  const store =
    overrides.rateLimitStore ??
    (config.redisUrl
      ? new RedisRateLimitStore(config.redisUrl, redisNamespace(config.database))
      : new MemoryRateLimitStore());
  app.addHook('onClose', async () => store.close());
  const deps: AccountsDeps = {
    db,
    config,
    secret: config.secrets.appSecret,
    scrypt: { logN: config.scryptLogN, r: 8, p: 1 },
    accessTtl: config.accessTtlSeconds,
    mailer: overrides.mailer ?? createMailer(db, config.smtpUrl, config.mailFrom),
    captcha: overrides.captcha ?? createCaptcha(config.recaptchaSecret, config.recaptchaVerifyUrl),
    limiter: new RateLimiter(store, config.rateLimitScale),
    backoff: new LoginBackoff(store, Math.ceil(5 * config.rateLimitScale)),
    hashes:
      overrides.hashes ??
      new HashQueue({
        ...defaultHashLimits(),
        perOwner: Math.ceil(defaultHashLimits().perOwner * config.rateLimitScale),
      }),
    siteUrl: config.siteUrl,
    social: { ...socialProviders(config, store), ...overrides.social },
  };
  return deps;
}

/** Registers the accounts routes (sign-up, sign-in, verification) with `ctx.accounts`. */
export function accountsModule(app: FastifyInstance, { accounts }: ModuleContext): void {
  app.addHook('onReady', async () => void (await prepareDecoy(accounts.scrypt)));
  accountsRoutes(app, accounts);
  verificationRoutes(app, accounts);
}
