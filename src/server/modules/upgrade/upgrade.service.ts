// An upgrade in ONE transaction, taking locks in the order every money transaction uses (the user
// row, then the seed pair, then items in ascending id; wallet README) so parallel requests cannot deadlock:
// 1. the next nonce of the player's active seed pair;
// 2. each staked item flips owned → used_in_upgrade with a conditional UPDATE; a row not
//    updated (not the player's, already sold, already staked by a parallel upgrade) → 409 and
//    the whole transaction rolls back, so an item is never consumed twice nor lost;
// 3. chance from the stake (item price snapshots + balance) and the target's current price;
// 4. roll = fair float × 100, win iff roll < chance %; the upgrades row;
// 5. the balance part debited through the ledger (kind 'upgrade', key upgrade:{hash}:{nonce});
// 6. on a win the target is granted (source 'upgrade') with its price snapshot.
// Without an Idempotency-Key an upgrade runs on PostgreSQL as one statement instead
// (upgrade.pg-bet.ts), on SQLite as one synchronous job of the group commit (upgrade.sqlite-bet.ts):
// the same steps, rows and errors.
import type { Database } from '../../db/database.ts';
import { canTransactSync, transact, transactSync } from '../../db/transact.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import { applyMoveIn, lockUserRows } from '../wallet/ledger.ts';
import { assertPlayAllowed } from '../responsible-play/exclusion.ts';
import type { Remember } from '../wallet/idempotency.ts';
import { takeNextNonce } from '../fair/fair.service.ts';
import { grantItem } from '../inventory/inventory.service.ts';
import type { UpgradeBody } from '../../../shared/api/upgrade.ts';
import { findUpgrade } from './upgrade.repository.ts';
import { GONE, NO_TARGET, rollUpgrade, type PlacedUpgrade } from './upgrade.roll.ts';
import { settleUpgradeSync } from './upgrade.sqlite-bet.ts';
import { placeUpgradePg } from './upgrade.pg-bet.ts';

/** Runs one upgrade for `userId` (see the file comment). */
export async function placeUpgrade(
  database: Database,
  userId: number,
  body: UpgradeBody,
  now: number,
  remember?: Remember<PlacedUpgrade>, // stores the first answer of an Idempotency-Key in this transaction
): Promise<PlacedUpgrade> {
  const ids = [...body.item_ids].sort((a, b) => a - b);
  const balanceCents = Math.round(body.balance * 100);
  const asked = { userId, ids, balanceCents, targetProductId: body.target_product_id, now };
  // one statement (upgrade.pg-bet.ts); Idempotency-Key calls stay below
  if (!remember && database.dialect === 'postgres') return placeUpgradePg(database, asked);
  if (!remember && canTransactSync(database)) {
    // SQLite: one synchronous job in the group commit; Idempotency-Key calls stay below
    const placed = await transactSync(database, (sqlite) => settleUpgradeSync(sqlite, asked));
    if (placed) return placed; // null: no seed pair yet, the path below creates it
  }
  return transact(database, async (trx) => {
    await lockUserRows(trx, [userId]); // lock order: the user row before the seed row (wallet README)
    if (balanceCents === 0) await assertPlayAllowed(trx, userId, now); // items only: the ledger sees no wager
    const target = await trx
      .selectFrom('products')
      .select(['id', 'price_cents', 'sale_price_cents'])
      .where('id', '=', body.target_product_id)
      .executeTakeFirst();
    if (!target) throw fieldError('target_product_id', NO_TARGET);
    const pair = await takeNextNonce(trx, userId, now);
    let itemsCents = 0;
    for (const id of ids) {
      const row = await trx
        .updateTable('inventory_items')
        .set({ status: 'used_in_upgrade', updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', '=', 'owned')
        .returning('price_cents')
        .executeTakeFirst();
      if (!row) throw new HttpError(409, GONE, { item_ids: [GONE] });
      itemsCents += Number(row.price_cents);
    }
    const { row, win } = rollUpgrade({ userId, ids, itemsCents, balanceCents, target, pair, now });
    const { id } = await trx.insertInto('upgrades').values(row).returning('id').executeTakeFirstOrThrow();
    let balanceAfter: number;
    if (balanceCents > 0) {
      const key = `upgrade:${pair.server_seed_hash}:${pair.nonce}`;
      ({ balanceAfterCents: balanceAfter } = await applyMoveIn(trx, {
        userId,
        deltaCents: -balanceCents,
        kind: 'upgrade',
        reference: `upgrade:${id}`,
        idempotencyKey: key,
        now,
        settlesOn: '', // the upgrade settles in this transaction
      }));
    } else {
      balanceAfter = Number(
        (await trx.selectFrom('users').select('balance_cents').where('id', '=', userId).executeTakeFirstOrThrow())
          .balance_cents,
      );
    }
    if (win) {
      const itemId = await grantItem(trx, {
        userId,
        productId: target.id,
        source: 'upgrade',
        sourceRef: `upgrade:${id}`,
        now,
        priceCents: row.target_price_cents,
        salePriceCents: row.target_sale_price_cents,
      });
      await trx.updateTable('upgrades').set({ inventory_item_id: itemId }).where('id', '=', id).execute();
    }
    const placed = { upgrade: await findUpgrade(trx, id), balanceCents: balanceAfter, balanceMoved: balanceCents > 0 };
    await remember?.(trx, placed);
    return placed;
  });
}

export type { PlacedUpgrade } from './upgrade.roll.ts';
