// HTTP for the player's inventory: list with filters and total value; sell one or many.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import {
  inventoryQuerySchema,
  inventoryResponseSchema,
  sellBodySchema,
  sellResponseSchema,
} from '../../../shared/api/inventory.ts';
import { formatUsd, toDollars } from '../../../shared/money.ts';
import { idempotentCall, runOnce, type Remember } from '../wallet/idempotency.ts';
import { listInventory, sellItems, type SaleResult } from './inventory.service.ts';
import type { ModuleContext } from '../../module-context.ts';

/** Registers GET /api/inventory and POST /api/inventory/sell. */
export function inventoryRoutes(app: FastifyInstance, { database: { db } }: ModuleContext): void {
  const tags = ['inventory'];
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/inventory',
      summary:
        "The player's items (status, category, rarity, search, sort, pages) and the sale value of everything owned",
      tags,
      auth: true,
      query: inventoryQuerySchema,
      response: inventoryResponseSchema,
    },
    ({ user, query }) => listInventory(db, user.id, query),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/inventory/sell',
      summary:
        'Sell owned items at their sale price to the balance (all or nothing; each item credits once); optional Idempotency-Key header',
      tags,
      auth: true,
      body: sellBodySchema,
      response: sellResponseSchema,
      bodyLimit: 16 * 1024,
    },
    async ({ user, body, request }) =>
      runOnce(db, idempotentCall(request, user.id, 'inventory:sell', body), {
        work: (remember: Remember<SaleResult>) => sellItems(db, user.id, body.ids, Date.now(), remember),
        view: (r) => {
          const n = r.sold.length;
          return {
            msg: `Sold ${n} item${n === 1 ? '' : 's'} for ${formatUsd(r.amountCents)}.`,
            sold: r.sold,
            amount: toDollars(r.amountCents),
            balance: toDollars(r.balanceCents),
          };
        },
        after: (r) =>
          afterCommit(app.log, 'balanceUpdated', () => publishBalance(app.publisher, user.id, r.balanceCents)),
      }),
  );
}
