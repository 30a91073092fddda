// The one signature every area registers through: `(app, ctx) => void`, called by app.ts in order.
// The context carries what the app was built with (modules/README.md "Registering a module").
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Clock } from './rounds/clock.ts';
import type { AccountsDeps } from './modules/accounts/accounts.routes.ts';

/** What a module may use to register its routes, hooks and jobs. */
export interface ModuleContext {
  database: Database; // `database.db` for Kysely; `database` itself for the instant-bet executors
  config: Config;
  clock: Clock; // the app's one time source (round loops, battles)
  now: () => number; // clock.now, for handlers that only need the time (epoch ms)
  accounts: AccountsDeps; // built before the modules: mail, captcha, rate limits, hash queue, social providers
}

/** An area's registration: its routes, hooks and jobs on `app`. */
export type ServerModule = (app: FastifyInstance, ctx: ModuleContext) => void;
