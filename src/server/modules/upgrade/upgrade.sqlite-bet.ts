// An upgrade on SQLite as ONE synchronous job of the group commit (transactSync): the same steps,
// rows and errors as placeUpgrade's Kysely transaction, on prepared statements (db/hot/statements.ts).
import type SQLite from 'better-sqlite3';
import { insertedId, writerStatements } from '../../db/hot/statements.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import { assertPlayAllowedSync } from '../responsible-play/exclusion.ts';
import { applyMoveSync, assertDebitSync } from '../wallet/ledger-sync.ts';
import { takeNonceSync } from '../fair/fair.repository.ts';
import type { ProductRow } from '../boxes/catalog.view.ts';
import { newUpgrade } from './upgrade.repository.ts';
import { GONE, NO_TARGET, assertUpgradeChance, rollUpgrade, type PlacedUpgrade } from './upgrade.roll.ts';

/** An upgrade as asked (placeUpgrade sorted the item ids and converted the balance to cents). */
export interface AskedUpgrade {
  userId: number;
  ids: number[]; // ascending
  balanceCents: number;
  targetProductId: number;
  now: number; // epoch ms
}

/** Settles the upgrade; null (nothing written) when the player has no active seed pair yet: the
 * caller then takes the Kysely path, which creates the pairs. */
export function settleUpgradeSync(sqlite: SQLite.Database, u: AskedUpgrade): PlacedUpgrade | null {
  const s = writerStatements(sqlite);
  const { userId, ids, balanceCents, now } = u;
  if (balanceCents === 0) assertPlayAllowedSync(sqlite, userId, now); // items only: the ledger sees no wager
  const target = s.productById.get(u.targetProductId) as ProductRow | undefined;
  if (!target) throw fieldError('target_product_id', NO_TARGET);
  // every refusal before the first write, in the Kysely path's order (the group commit runs this
  // job without a savepoint): staked items gone, the chance out of bounds, then the debit's
  let itemsCents = 0;
  for (const id of ids) {
    const item = s.ownedItem.get(id, userId) as { price_cents: number } | undefined;
    if (!item) throw new HttpError(409, GONE, { item_ids: [GONE] });
    itemsCents += Number(item.price_cents);
  }
  assertUpgradeChance({ itemsCents, balanceCents, target });
  if (balanceCents > 0) assertDebitSync(sqlite, userId, balanceCents, 'upgrade', now);
  const pair = takeNonceSync(sqlite, userId);
  if (!pair) return null; // nothing is written before
  for (const id of ids)
    if (s.stakeItem.run(now, id, userId).changes === 0) throw new HttpError(409, GONE, { item_ids: [GONE] });
  const { row, win } = rollUpgrade({ userId, ids, itemsCents, balanceCents, target, pair, now });
  const id = insertedId(s.insertUpgrade.run(row));
  let balanceAfter: number;
  if (balanceCents > 0) {
    ({ balanceAfterCents: balanceAfter } = applyMoveSync(sqlite, {
      userId,
      deltaCents: -balanceCents,
      kind: 'upgrade',
      reference: `upgrade:${id}`,
      idempotencyKey: `upgrade:${pair.server_seed_hash}:${pair.nonce}`,
      now,
      freshKey: true, // the nonce this job just took
      settlesOn: '', // the upgrade settles in this job
    }));
  } else {
    balanceAfter = Number((s.userRow.get(userId) as { balance_cents: number }).balance_cents);
  }
  let itemId: number | null = null;
  if (win) {
    itemId = insertedId(
      s.insertInventoryItem.run(
        userId,
        target.id,
        row.target_price_cents,
        row.target_sale_price_cents,
        'upgrade',
        `upgrade:${id}`,
        now,
        now, // created, updated
      ),
    );
    s.setUpgradeItem.run(itemId, id);
  }
  const upgrade = newUpgrade(target, row, id, itemId);
  return { upgrade, balanceCents: balanceAfter, balanceMoved: balanceCents > 0 };
}
