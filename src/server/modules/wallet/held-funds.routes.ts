// GET /api/wallet/held (releases what is due first, then shows what stays held and why) and the job
// that releases due held funds of every player.
import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from '../../http/periodic-job.ts';
import type { DB } from '../../db/database.ts';
import { defineRoute } from '../../http/route.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import { heldFundsView, releaseDueHeldFunds } from './held-funds.service.ts';
import { heldFundsResponse } from '../../../shared/api/held-funds.ts';

/** Registers GET /api/wallet/held. */
export function heldFundsRoutes(app: FastifyInstance, db: DB): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/wallet/held',
      summary:
        'Crypto held over a deposit limit or during a self-exclusion (withdrawable now; released into the balance once the limits allow, then also by this call)',
      tags: ['wallet'],
      auth: true,
      response: heldFundsResponse,
    },
    async ({ user }) => {
      const { releasedCents, balanceCents, ...data } = await heldFundsView(db, user.id, Date.now());
      if (releasedCents > 0 && balanceCents !== null)
        await afterCommit(app.log, 'balanceUpdated', () => publishBalance(app.publisher, user.id, balanceCents));
      return { data };
    },
  );
}

/** Releases due held funds every `intervalMs` while the app runs (each row once, whichever instance runs it). */
export function startHeldFundsJob(app: FastifyInstance, db: DB, intervalMs = 60_000): void {
  startPeriodicJob(app, intervalMs, 'held funds release', async () => {
    for (const m of await releaseDueHeldFunds(db, Date.now()))
      await afterCommit(app.log, 'balanceUpdated', () => publishBalance(app.publisher, m.userId, m.balanceCents));
  });
}
