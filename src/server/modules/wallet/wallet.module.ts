// The wallet area: deposit, withdrawal, held-funds and sandbox routes, the outbox poller that
// publishes balance changes made by other processes (the operator CLI), and the held-funds release job.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import { walletRoutes } from './wallet.routes.ts';
import { withdrawalRoutes } from './withdrawals.routes.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import { startOutboxPoller } from './outbox.ts';
import { heldFundsRoutes, startHeldFundsJob } from './held-funds.routes.ts';

/** Registers everything of the wallet on `app`. */
export function walletModule(app: FastifyInstance, db: DB, config: Config, outboxIntervalMs = 1000): void {
  walletRoutes(app, db, config);
  withdrawalRoutes(app, db);
  sandboxRoutes(app, db, config);
  heldFundsRoutes(app, db);
  startOutboxPoller(app, db, outboxIntervalMs);
  startHeldFundsJob(app, db);
}
