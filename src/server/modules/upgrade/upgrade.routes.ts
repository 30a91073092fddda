// HTTP for the upgrade game. Publishes balanceUpdated only after the transaction commits and only
// when a balance stake moved money.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import {
  upgradeBodySchema,
  upgradeHistoryQuerySchema,
  upgradeHistorySchema,
  upgradeResponseSchema,
  upgradeTargetsQuerySchema,
  upgradeTargetsResponseSchema,
} from '../../../shared/api/upgrade.ts';
import { toDollars } from '../../../shared/money.ts';
import {
  UPGRADE_EDGE_BP,
  UPGRADE_MAX_CHANCE_BP,
  UPGRADE_MAX_ITEMS,
  UPGRADE_MIN_CHANCE_BP,
  bpToPercent,
} from '../../../shared/games/upgrade/upgrade.odds.ts';
import { productView } from '../boxes/catalog.view.ts';
import { findTargets, listUpgrades } from './upgrade.repository.ts';
import { defineBetRoute } from '../../http/bet-route.ts';
import { placeUpgrade } from './upgrade.service.ts';
import type { ModuleContext } from '../../module-context.ts';

const rules = {
  edge: bpToPercent(UPGRADE_EDGE_BP),
  min_chance: bpToPercent(UPGRADE_MIN_CHANCE_BP),
  max_chance: bpToPercent(UPGRADE_MAX_CHANCE_BP),
  max_items: UPGRADE_MAX_ITEMS,
};
const summary =
  `Stake owned items (1–${UPGRADE_MAX_ITEMS}) and optionally balance for a pricier catalog item. chance = stake / target × (1 − ${rules.edge}%), ` +
  `rounded down to 0.01%, capped at ${rules.max_chance}%, refused below ${rules.min_chance}%. roll = fair float × 100 (next nonce of the active seed pair); ` +
  'win iff roll < chance. The stake is consumed either way; a win adds the target to the inventory. One transaction; an item already used answers 409. ' +
  'Optional Idempotency-Key header: a retry returns the first answer.';

/** Registers POST /api/upgrade, GET /api/upgrade/history and GET /api/upgrade/targets. */
export function upgradeRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { database } = ctx;
  const tags = ['Upgrade'];
  defineBetRoute(app, ctx, {
    url: '/api/upgrade',
    summary,
    tags,
    scope: 'upgrade',
    body: upgradeBodySchema,
    response: upgradeResponseSchema,
    place: placeUpgrade,
    view: (placed) => ({ data: placed.upgrade, balance: toDollars(placed.balanceCents) }),
    after: async (placed, userId) => {
      if (placed.balanceMoved)
        await afterCommit(app.log, 'balanceUpdated', () => publishBalance(app.publisher, userId, placed.balanceCents));
    },
  });
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/upgrade/history',
      summary: 'Your latest upgrades with seeds to verify them (server seed once revealed)',
      tags,
      auth: true,
      query: upgradeHistoryQuerySchema,
      response: upgradeHistorySchema,
    },
    async ({ user, query }) => ({ data: await listUpgrades(database.db, user.id, query.limit) }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/upgrade/targets',
      summary:
        'Catalog products to upgrade into (search by name, price range in dollars, sort by price) and the chance rules',
      tags,
      query: upgradeTargetsQuerySchema,
      response: upgradeTargetsResponseSchema,
    },
    async ({ query }) => ({ data: (await findTargets(database.db, query)).map(productView), rules }),
  );
}
