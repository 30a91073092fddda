// A box opening on SQLite as ONE synchronous job of the group commit (transactSync): per reel the
// same steps, rows, keys and errors as openBox's Kysely transaction (rollReel, payCreatorShare),
// on prepared statements (db/hot/statements.ts).
import type SQLite from 'better-sqlite3';
import { insertedId, writerStatements } from '../../db/hot/statements.ts';
import type { ReelResult } from '../../../shared/api/box-open.ts';
import { applyMoveSync, assertDebitSync } from '../wallet/ledger-sync.ts';
import { takeNonceSync } from '../fair/fair.repository.ts';
import { payCreatorShareSync, type CreatorCredit } from '../user-boxes/creator-share.ts';
import type { LoadedBox } from './box-load.ts';
import { openingShard } from '../boxes/boxes.repository.ts';
import { openingBox, reelResult, roll, type Opening } from './opening-result.ts';

/** A paid opening ready to settle (openBox checked the box). */
export interface CheckedOpening {
  userId: number;
  loaded: LoadedBox;
  count: number; // reels, 1–5
  source: 'box' | 'user_box';
  now: number; // epoch ms
}

/** Settles the opening; null (nothing written) when the player has no active seed pair yet: the
 * caller then takes the Kysely path, which creates the pairs. */
export function settleOpeningSync(sqlite: SQLite.Database, o: CheckedOpening): Opening | null {
  const s = writerStatements(sqlite);
  const { box, items } = o.loaded;
  const priceCents = Number(box.price_cents);
  const reels: ReelResult[] = [];
  const dropIds: number[] = [];
  let balanceCents = 0;
  let creditedCreator: CreatorCredit | null = null;
  assertDebitSync(sqlite, o.userId, priceCents * o.count, o.source, o.now); // every reel's refusal before the first write
  for (let reel = 0; reel < o.count; reel++) {
    const pair = takeNonceSync(sqlite, o.userId);
    if (!pair) return null; // only at reel 0: nothing is written before
    const key = `${o.source}:${pair.server_seed_hash}:${pair.nonce}`;
    ({ balanceAfterCents: balanceCents } = applyMoveSync(sqlite, {
      userId: o.userId,
      deltaCents: -priceCents,
      kind: o.source,
      reference: `${o.source}:${box.slug}:v${box.version}`,
      idempotencyKey: key,
      now: o.now,
      freshKey: true,
      settlesOn: '', // a reel settles as it is opened
    }));
    const { ticket, won } = roll(items, {
      serverSeed: pair.server_seed,
      clientSeed: pair.client_seed,
      nonce: pair.nonce,
    });
    const { userId, now } = o;
    const inventoryItemId = insertedId(
      s.insertInventoryItem.run(
        userId,
        won.id,
        won.item_price_cents,
        won.item_sale_price_cents,
        o.source,
        key,
        now,
        now, // created, updated
      ),
    );
    const dropId = insertedId(
      s.insertDrop.run(userId, box.id, box.version_id, won.id, inventoryItemId, o.source, ticket, now),
    );
    s.countOpening.run(box.id, openingShard(userId));
    s.insertBoxOpening.run(
      userId,
      box.id,
      box.version_id,
      won.id,
      inventoryItemId,
      dropId,
      priceCents,
      ticket,
      pair.server_seed_hash,
      pair.client_seed,
      pair.nonce,
      now,
    );
    const result = reelResult(o.loaded, reel, { ticket, won, inventoryItemId, pair });
    reels.push(result);
    dropIds.push(dropId);
    creditedCreator = payCreatorShareSync(sqlite, box, o.userId, priceCents, result, o.now) ?? creditedCreator;
  }
  return {
    box: openingBox(o.loaded),
    source: o.source,
    createdAt: o.now,
    costCents: priceCents * o.count,
    reels,
    balanceCents,
    dropIds,
    creditedCreator,
  };
}
