// An upgrade, check → plan → apply: the target and the staked items are read and checked here (a
// target that does not exist 422, an item not owned 409, a chance out of bounds 422), then placed
// through the instant bets engine (src/server/bets/): planned once from the shared outcome
// (bets/games/upgrade.plan.ts) and applied by the executor that fits (a Kysely transaction,
// SQLite's synchronous job, PostgreSQL's la_apply_bet), which takes the items only where they are
// still owned (a parallel upgrade staking one of them: 409) and refuses a self-excluded player
// (items only, too) or a short balance. Published only after commit (upgrade.routes.ts).
import type { Database } from '../../db/database.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import type { UpgradeBody, Upgrade } from '../../../shared/api/upgrade.ts';
import { upgradeChanceError } from '../../../shared/games/upgrade/upgrade.odds.ts';
import { productColumns } from '../boxes/catalog.view.ts';
import { placeBet, type BetCall } from '../../bets/place.ts';
import { GONE, upgradePlan } from '../../bets/games/upgrade.plan.ts';
import { newUpgrade } from './upgrade.repository.ts';
import { centsField } from '../../http/cents-field.ts';

/** What an upgrade did. */
export interface PlacedUpgrade {
  upgrade: Upgrade;
  balanceCents: number; // after the upgrade
  balanceMoved: boolean; // publish balanceUpdated only then
}

export const NO_TARGET = 'This target item does not exist.';

/** Runs one upgrade for `userId` (see the file comment). */
export async function placeUpgrade(
  database: Database,
  userId: number,
  body: UpgradeBody,
  now: number,
  call: BetCall<PlacedUpgrade> = {}, // an Idempotency-Key's `remember`, a pending token (bets/place.ts)
): Promise<PlacedUpgrade> {
  const ids = [...body.item_ids].sort((a, b) => a - b);
  const balanceCents = centsField('balance', body.balance);
  const { db } = database;
  const target = await db
    .selectFrom('products')
    .select(productColumns)
    .where('products.id', '=', body.target_product_id)
    .executeTakeFirst();
  if (!target) throw fieldError('target_product_id', NO_TARGET);
  const items = await db
    .selectFrom('inventory_items')
    .select(['id', 'price_cents'])
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where('status', '=', 'owned')
    .orderBy('id')
    .execute();
  if (items.length !== ids.length) throw new HttpError(409, GONE, { item_ids: [GONE] });
  const itemsCents = items.reduce((sum, i) => sum + Number(i.price_cents), 0);
  const problem = upgradeChanceError(itemsCents + balanceCents, Number(target.price_cents));
  if (problem) throw fieldError('target_product_id', problem);
  const bet = { userId, items, balanceCents, target, now };
  return placeBet(database, {
    userId,
    now,
    nonces: 1,
    remember: call.remember,
    token: call.token,
    plan: (pair) => upgradePlan(bet, pair),
    answer: (plan, applied): PlacedUpgrade => {
      const { row, win } = plan.outcome!;
      return {
        upgrade: newUpgrade(target, row, applied.ids[0]!, win ? applied.ids[1]! : null),
        balanceCents: applied.balances.get(userId)!,
        balanceMoved: balanceCents > 0,
      };
    },
  });
}
