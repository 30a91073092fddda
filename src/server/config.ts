// Environment variables, validated once at start. Local defaults need no outside service;
// development secrets are generated into DATA_DIR and refused in production.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { z } from 'zod';
import { CRASH_TIMING } from '../shared/games/crash/crash.timing.ts';
import { WHEEL_TIMING } from '../shared/games/wheel/wheel.timing.ts';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z.string().url().optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v) || /^sqlite:/.test(v), 'must be a postgres:// URL or sqlite:<file>')
    .optional(),
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// URL')
    .optional(),
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(validTrustProxy, 'must be a number of proxy hops (0-10) or a comma-separated list of IP addresses/CIDRs')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  HTTP_TIMEOUT_CHECK_MS: z.coerce.number().int().min(50).max(30_000).default(5_000),
  WS_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(10_000).default(50),
  WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(100_000).default(50),
  WS_IDLE_UNSUBSCRIBED_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  BATTLE_ROUND_MS: z.coerce.number().int().min(100).max(60_000).default(4500),
  BATTLE_LEAD_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUSHER_APP_KEY: z.string().min(1).optional(),
  PUSHER_APP_SECRET: z.string().min(16).optional(),
  OAUTH_CLIENT_SECRET: z.string().min(16).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  // spec §7: a page host name containing "stage" connects its sockets here (unset: the page's own origin)
  SOCKET_URL_STAGING: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), 'must be an http:// or https:// URL')
    .optional(),
  // spec §7 third-party scripts: the rating widget's script, loaded (and allowed by the CSP) only when set
  RATING_WIDGET_URL: z
    .string()
    .url()
    .refine((v) => /^https:\/\//i.test(v), 'must be an https:// URL')
    .optional(),
  GIFTCARD_RESELLER_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), 'must be an http:// or https:// URL')
    .optional(),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX')
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(100_000).default(1),
  MAIL_FROM: z.string().min(3).default('Loot Arcade <no-reply@lootarcade.local>'),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  PUSHER_APP_ID: z.string().min(1).optional(),
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/, 'must be 1-40 letters, digits, dots, dashes or underscores')
    .optional(),
  PUSHER_HOST: z.string().url().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  STEAM_API_KEY: z.string().min(1).optional(),
  CRASH_CHAIN_GAMES: z.coerce.number().int().min(1000).max(100_000_000).default(1_000_000),
  CRASH_MAX_ROUND_PAYOUT: z.coerce.number().int().min(100).max(10_000_000).optional(),
  // the round games' pace (the spec's by default; browser tests run them faster): Rocket's betting window
  // and pause after the bust, the Crazy Wheel's betting window and its ended phase (the landing, 3.5 s,
  // plays inside it, so it is never shorter than 4.5 s)
  CRASH_BETTING_MS: z.coerce.number().int().min(1000).max(60_000).default(CRASH_TIMING.bettingMs),
  CRASH_ENDED_MS: z.coerce.number().int().min(500).max(60_000).default(CRASH_TIMING.endedMs),
  WHEEL_BETTING_MS: z.coerce.number().int().min(1000).max(60_000).default(WHEEL_TIMING.bettingMs),
  WHEEL_ENDED_MS: z.coerce.number().int().min(4500).max(60_000).default(WHEEL_TIMING.endedMs),
  // browser tests only (NODE_ENV=test): Rocket plays only the chain's games whose crash point is in
  // this range, skipping the others (each round stays a verifiable game of the chain), so no test waits
  // on a one-minute flight nor loses its cash-out to an instant bust
  CRASH_TEST_POINTS: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,2})?-\d{1,3}(\.\d{1,2})?$/, 'must be <min>-<max> multipliers, e.g. 1.7-2')
    .optional(),
  // Support bounds (issue 24 item 4), see src/server/modules/support/README.md.
  SUPPORT_MAX_OPEN_TICKETS: z.coerce.number().int().min(1).max(1000).default(5),
  SUPPORT_ATTACHMENTS_PER_DAY: z.coerce.number().int().min(0).max(10_000).default(20),
  SUPPORT_PLAYER_STORAGE_MB: z.coerce.number().int().min(1).max(100_000).default(50),
  SUPPORT_STORAGE_MB: z.coerce.number().int().min(1).max(10_000_000).default(2048),
  // Chat (issue 29): mask profanity in messages (obscenity's English list) or leave them as sent.
  CHAT_PROFANITY: z.enum(['mask', 'off']).default('mask'),
  // Operations (issue 28): Prometheus metrics and the money self-check, see README "Operating Loot Arcade".
  METRICS: z.enum(['on', 'off']).default('on'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: port.optional(),
  LEDGER_CHECK_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  LEDGER_FULL_CHECK_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  LEDGER_CHECK_WINDOW_PLAYERS: z.coerce.number().int().min(1).max(100_000).default(500),
});

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One trusted proxy: an IP address, a CIDR (address/prefix) or one of proxy-addr's names. */
function validProxyEntry(entry: string): boolean {
  if (proxyNames.has(entry)) return true;
  const [addr = '', prefix, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function validTrustProxy(v: string): boolean {
  if (/^\d+$/.test(v)) return Number(v) <= 10;
  return v.split(',').every((e) => validProxyEntry(e.trim()));
}

/** TRUST_PROXY as Fastify takes it: false (default: trust no forwarded header), hop count or address list. */
function parseTrustProxy(v: string | undefined): false | number | string[] {
  if (v === undefined || v === '' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((e) => e.trim());
}

/** The development origin when PUBLIC_URL is unset: the listen address (localhost for a wildcard). */
function localOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Secrets the server signs and hashes with; generated per machine in development. */
export interface Secrets {
  appSecret: string; // HMAC key for tokens, webhooks and addresses
  pusherKey: string; // public Pusher app key
  pusherSecret: string; // Pusher channel-auth HMAC key
  oauthClientSecret: string; // first-party OAuth client secret (public: the SPA sends it)
}

/** The validated configuration the whole server reads. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string; // absolute path
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize?: number };
  redisUrl: string | undefined;
  publicUrl: string | undefined; // PUBLIC_URL as given (required in production)
  siteUrl: string; // the origin players reach: PUBLIC_URL, else http://HOST:PORT (never a request header)
  trustProxy: false | number | string[]; // whose X-Forwarded-For counts (TRUST_PROXY); false = nobody
  logLevel: string;
  /** Slow clients: the whole request (headers + body) must arrive within requestTimeoutMs, the headers
   * within headersTimeoutMs; Node checks every timeoutCheckMs, so a request is cut by their sum. */
  http: { requestTimeoutMs: number; headersTimeoutMs: number; timeoutCheckMs: number };
  /** Realtime quotas: channels per Pusher connection, connections per client address (Pusher and
   * socket.io each; 0 = no cap), and how long a Pusher connection may stay without any channel. */
  realtime: { maxSubscriptions: number; maxConnectionsPerIp: number; idleUnsubscribedMs: number };
  /** Battles: the server's pace (one round every roundMs) and the pause between the start and round 0. */
  battles: { roundMs: number; leadMs: number };
  secrets: Secrets;
  secretsFromDevFile: boolean; // true when any secret came from DATA_DIR/dev-secrets.json
  oauthClientId: string;
  recaptchaSiteKey: string | null;
  socketUrlStaging: string | null; // socket.io origin for pages on a host name containing "stage"
  ratingWidgetUrl: string | null; // the rating widget's script (spec §7), none when unset
  gtmId: string | null;
  giftCardResellerUrl: string; // the gift-card Buy links' target (GIFTCARD_RESELLER_URL, else the site's /contacts)
  accessTtlSeconds: number; // access-token lifetime (ACCESS_TOKEN_TTL_SECONDS; tests shorten it)
  scryptLogN: number; // log2 of the scrypt cost N for new password hashes (17 = OWASP; lower only outside production)
  /** Support: tickets not closed per player, images a player attaches in any 24 h, bytes of images
   * one player and all players may have stored (past them: 429, 429, 413, 413). */
  support: { maxOpenTickets: number; attachmentsPerDay: number; playerStorageBytes: number; storageBytes: number };
  chat: { profanity: 'mask' | 'off' }; // CHAT_PROFANITY
  /** Rocket: games in the installation's hash chain (generated once); the most paid per round (cents). */
  crash: {
    chainGames: number;
    maxRoundPayoutCents: number | null;
    bettingMs: number;
    endedMs: number;
    testPoints: { minCents: number; maxCents: number } | null; // CRASH_TEST_POINTS
  };
  /** The Crazy Wheel's pace: its betting window and ended phase (CRASH_/WHEEL_BETTING_MS, _ENDED_MS). */
  wheel: { bettingMs: number; endedMs: number };
  /** Prometheus metrics (METRICS=off drops the hooks; benchmarks compare); /metrics beyond this machine
   * needs METRICS_TOKEN; METRICS_PORT serves them on a port of their own too. */
  metrics: { enabled: boolean; token: string | null; port: number | null };
  /** The money self-check (leader only): every intervalMs the players changed since the last run (at
   * most windowPlayers), and every fullEveryMs the whole database. */
  ledgerCheck: { intervalMs: number; fullEveryMs: number; windowPlayers: number };
  rateLimitScale: number; // multiplies every rate-limit allowance (benchmarks raise it; 1 in production)
  mailFrom: string;
  smtpUrl: string | null; // SMTP through nodemailer when set, else the outbox table
  recaptchaSecret: string | null; // enables reCAPTCHA v3 siteverify
  recaptchaVerifyUrl: string;
  pusherHttp: { appId: string; host: string } | null; // publish through a Pusher-compatible HTTP API
  instanceId: string | null; // INSTANCE_ID: names this process in an X-Instance response header (clusters)
  pusherAppId: string; // the embedded channel server's app id in its HTTP events API (PUSHER_APP_ID, default loot-arcade)
  social: {
    google: { clientId: string; clientSecret: string } | null;
    facebook: { clientId: string; clientSecret: string } | null;
    steam: { apiKey: string } | null;
  };
}

/** A configuration problem: one line naming the variable and what is wrong. */
export class ConfigError extends Error {}

function devSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const made: Secrets = {
    appSecret: randomBytes(32).toString('hex'),
    pusherKey: `dev-${randomBytes(8).toString('hex')}`,
    pusherSecret: randomBytes(24).toString('hex'),
    oauthClientSecret: randomBytes(20).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(made, null, 2), { mode: 0o600 });
  return made;
}

/** Parses and validates the environment; throws ConfigError with one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  const database: Config['database'] =
    url && /^postgres/.test(url)
      ? { kind: 'postgres', url, poolSize: e.PG_POOL_SIZE }
      : { kind: 'sqlite', file: url ? resolve(url.replace(/^sqlite:/, '')) : join(dataDir, 'loot-arcade.db') };

  const given = [e.APP_SECRET, e.PUSHER_APP_KEY, e.PUSHER_APP_SECRET, e.OAUTH_CLIENT_SECRET];
  const allGiven = given.every(Boolean);
  if (e.NODE_ENV === 'production' && !allGiven) {
    const missing = ['APP_SECRET', 'PUSHER_APP_KEY', 'PUSHER_APP_SECRET', 'OAUTH_CLIENT_SECRET'].find(
      (_, i) => !given[i],
    );
    throw new ConfigError(
      `Invalid configuration: ${missing} is required in production (development secrets are refused)`,
    );
  }
  if (e.NODE_ENV === 'production' && e.SCRYPT_LOG_N < 17) {
    throw new ConfigError('Invalid configuration: SCRYPT_LOG_N below 17 is refused in production (OWASP scrypt cost)');
  }
  if (e.NODE_ENV === 'production' && e.RATE_LIMIT_SCALE > 1) {
    throw new ConfigError('Invalid configuration: RATE_LIMIT_SCALE above 1 is refused in production');
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL is required in production (links in mail are never built from request headers)',
    );
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
  }
  if (Boolean(e.FACEBOOK_CLIENT_ID) !== Boolean(e.FACEBOOK_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET go together');
  }
  const testPoints = e.CRASH_TEST_POINTS?.split('-').map((x) => Math.round(Number(x) * 100));
  if (testPoints && (e.NODE_ENV !== 'test' || testPoints[0]! < 100 || testPoints[0]! > testPoints[1]!)) {
    throw new ConfigError(
      'Invalid configuration: CRASH_TEST_POINTS is for tests only (NODE_ENV=test), min ≥ 1 and ≤ max',
    );
  }
  if (e.PUSHER_HOST && !e.PUSHER_APP_ID) {
    throw new ConfigError('Invalid configuration: PUSHER_HOST needs PUSHER_APP_ID');
  }
  const dev = allGiven ? null : devSecrets(dataDir);
  const secrets: Secrets = {
    appSecret: e.APP_SECRET ?? dev!.appSecret,
    pusherKey: e.PUSHER_APP_KEY ?? dev!.pusherKey,
    pusherSecret: e.PUSHER_APP_SECRET ?? dev!.pusherSecret,
    oauthClientSecret: e.OAUTH_CLIENT_SECRET ?? dev!.oauthClientSecret,
  };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    siteUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : localOrigin(e.HOST, e.PORT),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      timeoutCheckMs: e.HTTP_TIMEOUT_CHECK_MS,
    },
    realtime: {
      maxSubscriptions: e.WS_MAX_SUBSCRIPTIONS,
      maxConnectionsPerIp: e.WS_MAX_CONNECTIONS_PER_IP,
      idleUnsubscribedMs: e.WS_IDLE_UNSUBSCRIBED_SECONDS * 1000,
    },
    battles: { roundMs: e.BATTLE_ROUND_MS, leadMs: e.BATTLE_LEAD_MS },
    secrets,
    secretsFromDevFile: dev !== null,
    oauthClientId: '1',
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY ?? null,
    socketUrlStaging: e.SOCKET_URL_STAGING ? new URL(e.SOCKET_URL_STAGING).origin : null,
    ratingWidgetUrl: e.RATING_WIDGET_URL ?? null,
    gtmId: e.GTM_ID ?? null,
    giftCardResellerUrl:
      e.GIFTCARD_RESELLER_URL ??
      `${e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : localOrigin(e.HOST, e.PORT)}/contacts`,
    accessTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    scryptLogN: e.SCRYPT_LOG_N,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    chat: { profanity: e.CHAT_PROFANITY },
    metrics: { enabled: e.METRICS === 'on', token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null },
    ledgerCheck: {
      intervalMs: e.LEDGER_CHECK_SECONDS * 1000,
      fullEveryMs: e.LEDGER_FULL_CHECK_MINUTES * 60_000,
      windowPlayers: e.LEDGER_CHECK_WINDOW_PLAYERS,
    },
    support: {
      maxOpenTickets: e.SUPPORT_MAX_OPEN_TICKETS,
      attachmentsPerDay: e.SUPPORT_ATTACHMENTS_PER_DAY,
      playerStorageBytes: e.SUPPORT_PLAYER_STORAGE_MB * 1024 * 1024,
      storageBytes: e.SUPPORT_STORAGE_MB * 1024 * 1024,
    },
    crash: {
      chainGames: e.CRASH_CHAIN_GAMES,
      maxRoundPayoutCents: e.CRASH_MAX_ROUND_PAYOUT === undefined ? null : e.CRASH_MAX_ROUND_PAYOUT * 100,
      bettingMs: e.CRASH_BETTING_MS,
      endedMs: e.CRASH_ENDED_MS,
      testPoints: testPoints ? { minCents: testPoints[0]!, maxCents: testPoints[1]! } : null,
    },
    wheel: { bettingMs: e.WHEEL_BETTING_MS, endedMs: e.WHEEL_ENDED_MS },
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL ?? null,
    recaptchaSecret: e.RECAPTCHA_SECRET ?? null,
    recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    instanceId: e.INSTANCE_ID ?? null,
    pusherAppId: e.PUSHER_APP_ID ?? 'loot-arcade',
    pusherHttp:
      e.PUSHER_APP_ID && e.PUSHER_HOST ? { appId: e.PUSHER_APP_ID, host: e.PUSHER_HOST.replace(/\/$/, '') } : null,
    social: {
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
          : null,
      facebook:
        e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
          ? { clientId: e.FACEBOOK_CLIENT_ID, clientSecret: e.FACEBOOK_CLIENT_SECRET }
          : null,
      steam: e.STEAM_API_KEY ? { apiKey: e.STEAM_API_KEY } : null,
    },
  };
}
