// The Fastify plugin stack: outside plugins -> app plugins -> modules; error handler; OpenAPI.
// Built by a function so tests drive it with `inject` and no port.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { nulGuard } from './http/nul-guard.ts';
import { drainInFlight } from './http/in-flight.ts';
import { jsonBodyParser } from './http/json-body.ts';
import { handleClientError } from './http/client-error.ts';
import { handleError, handleFrameworkError } from './http/errors.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerClient } from './http/static.ts';
import { securityHeaders } from './http/security-headers.ts';
import { loggerOptions } from './http/log-redaction.ts';
import { clientAddressHooks, trustProxyOption } from './http/client-address.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { boxesModule } from './modules/boxes/boxes.module.ts';
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { fairRoutes } from './modules/fair/fair.routes.ts';
import { diceRoutes } from './modules/dice/dice.routes.ts';
import { plinkoRoutes } from './modules/plinko/plinko.routes.ts';
import { openingsRoutes } from './modules/openings/openings.routes.ts';
import { boxFairRoutes } from './modules/openings/box-fair.routes.ts';
import { upgradeRoutes } from './modules/upgrade/upgrade.routes.ts';
import { freeLootRoutes } from './modules/free-loot/free-loot.routes.ts';
import { userBoxesRoutes } from './modules/user-boxes/user-boxes.routes.ts';
import { walletModule } from './modules/wallet/wallet.module.ts';
import { accountsDeps, accountsModule, type AccountsOverrides } from './modules/accounts/accounts.module.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { channelsRoutes } from './modules/channels/channels.routes.ts';
import { eventsApiRoutes } from './modules/channels/events-api.routes.ts';
import { profileModule } from './modules/profile/profile.module.ts';
import { affiliatesRoutes } from './modules/affiliates/affiliates.routes.ts';
import { supportModule } from './modules/support/support.module.ts';
import { responsiblePlayRoutes } from './modules/responsible-play/responsible-play.routes.ts';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.ts';
import { cashbackRoutes } from './modules/cashback/cashback.routes.ts';
import { battlesModule } from './modules/battles/battles.module.ts';
import { wheelModule } from './modules/wheel/wheel.module.ts';
import { LocalPublisher, type Publisher } from './realtime/publisher.ts';
import { crashModule } from './modules/crash/crash.module.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { replaysRoutes } from './modules/replays/replays.routes.ts';
import { replayPageHead } from './modules/replays/replays.og.ts';
import { replayContext } from './modules/replays/replays.context.ts';
import { RoundGames } from './rounds/round-games.ts';
import { systemClock, type Clock } from './rounds/clock.ts';
import { useNodeHmac } from './modules/fair/node-hmac.ts';
import { countedPublisher, observeModules, opsModule } from './ops/ops.module.ts';
import { requestIdOf } from './ops/request-id.ts';
import type { ModuleContext, ServerModule } from './module-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Channel events go out through this (after the transaction commits). */
    publisher: Publisher;
    /** The round games' loops (main.ts attaches socket.io and starts them; closing the app stops them). */
    rounds: RoundGames;
  }
}

/** What the app needs from outside. */
export interface AppDeps {
  config: Config;
  database: Database;
  clientDir?: string | null; // built client to serve; null in API-only tests
  logger?: boolean;
  logStream?: NodeJS.WritableStream; // log (redacted) to this stream instead of stdout (tests)
  publisher?: Publisher; // defaults to an in-process LocalPublisher
  accounts?: AccountsOverrides; // test doubles for mail, captcha, rate-limit store, social providers
  clock?: Clock; // the app's one time source (rounds, battles, programmes); a fake one in tests
}

/** Every area, registered in this order through the one signature (modules/README.md). */
const MODULES: readonly ServerModule[] = [
  healthRoutes,
  configRoutes,
  fairRoutes,
  diceRoutes,
  plinkoRoutes,
  walletModule,
  accountsModule,
  socialRoutes,
  trackingRoutes,
  channelsRoutes,
  eventsApiRoutes, // only when this server is the channel server (no PUSHER_HTTP)
  boxesModule,
  inventoryRoutes,
  deliveryRoutes,
  openingsRoutes,
  boxFairRoutes,
  upgradeRoutes,
  freeLootRoutes,
  userBoxesRoutes,
  profileModule, // the accounts' hash queue and password backoff
  affiliatesRoutes,
  supportModule,
  responsiblePlayRoutes,
  leaderboardRoutes,
  cashbackRoutes,
  battlesModule, // its runner resumes running battles when ready
  crashModule,
  wheelModule,
  chatRoutes,
  replaysRoutes,
];

/** The built app; a wrapper object, because a Fastify instance is thenable. */
export interface App {
  fastify: FastifyInstance;
}

/** Builds the whole HTTP app (not listening). */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  useNodeHmac(); // fair rolls through OpenSSL: the same bytes as the browser's verifier, faster
  const fastify = Fastify({
    logger: deps.logger || deps.logStream ? loggerOptions(config.logLevel, deps.logStream) : false,
    bodyLimit: 1024 * 1024, // per-route limits are smaller (defineRoute's bodyLimit)
    // Slow-body / slow-header clients are cut (Fastify sets server.requestTimeout from its own option).
    requestTimeout: config.http.requestTimeoutMs,
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: config.http.timeoutCheckMs,
    },
    trustProxy: trustProxyOption(config.trustProxy), // TRUST_PROXY; none by default
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: handleFrameworkError, // router refusals in the spec's error shape too
    clientErrorHandler: handleClientError, // slow, oversized or garbled requests: 408/431/400 in that shape
    genReqId: requestIdOf, // a safe incoming X-Request-Id, else a UUID: in every log line of the request
  });
  fastify.setErrorHandler(handleError);
  const ops = opsModule(fastify, database, config); // request ids, readiness, metrics, the money self-check
  securityHeaders(fastify, config);
  jsonBodyParser(fastify); // JSON nested deeper than a request ever is: 400 before parsing
  nulGuard(fastify); // a NUL in a parameter or body is refused before it reaches the database
  clientAddressHooks(fastify); // peer address in logs; development tools for loopback only
  const instance = config.instanceId;
  if (instance) fastify.addHook('onRequest', async (_req, reply) => void reply.header('x-instance', instance)); // which cluster instance answered
  // pusher-js and OAuth clients post forms; parse them into plain objects.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  fastify.decorate('publisher', countedPublisher(deps.publisher ?? new LocalPublisher(), ops.metrics));
  authPlugin(fastify, database, config.secrets.appSecret);
  fastify.decorate('rounds', new RoundGames());
  fastify.addHook('onClose', () => fastify.rounds.stop());

  const clock = deps.clock ?? systemClock;
  const now = () => clock.now();
  registerOpenApi(fastify, () => config.publicUrl ?? `http://localhost:${config.port}`);
  const accounts = accountsDeps(fastify, database.db, config, deps.accounts);
  const ctx: ModuleContext = { database, config, clock, now, accounts };
  for (const register of MODULES) register(fastify, ctx);
  observeModules(fastify, database, accounts.hashes); // round loops, the password-hash queue
  drainInFlight(fastify); // last: its onClose runs first, waiting for handlers whose client hung up

  await registerClient(fastify, deps.clientDir ?? null, {
    devPages: config.env !== 'production',
    pageHead: replayPageHead(replayContext(ctx)), // link previews of /bets/{game}/{id}
  });
  await fastify.ready();
  return { fastify };
}
