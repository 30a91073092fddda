// The wallet area: deposit, withdrawal, held-funds and sandbox routes, the outbox poller that
// publishes balance changes made by other processes (the operator CLI), and the held-funds release job.
import type { FastifyInstance } from 'fastify';
import { walletRoutes } from './wallet.routes.ts';
import { withdrawalRoutes } from './withdrawals.routes.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import { startOutboxPoller } from './outbox.ts';
import { heldFundsRoutes, startHeldFundsJob } from './held-funds.routes.ts';
import type { ModuleContext } from '../../module-context.ts';

/** Registers everything of the wallet on `app`. */
export function walletModule(app: FastifyInstance, { database: { db }, config }: ModuleContext): void {
  walletRoutes(app, db, config);
  withdrawalRoutes(app, db);
  sandboxRoutes(app, db, config);
  heldFundsRoutes(app, db);
  startOutboxPoller(app, db, 1000);
  startHeldFundsJob(app, db);
}
