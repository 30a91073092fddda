// Box openings. A real opening is ONE transaction: per reel it takes the next nonce of the
// player's active seed pair (each reel is a separate bet: reel i of an opening uses nonce n+i),
// debits the box price through the ledger (idempotency key `box:{server seed hash}:{nonce}`),
// maps the fair ticket onto the box version's ranges, grants the item and records the drop.
// A demo rolls from a throwaway server seed revealed at once and writes nothing. On SQLite an
// opening without an Idempotency-Key runs as one synchronous job of the group commit instead
// (openings.sqlite-open.ts), on PostgreSQL as one statement (openings.pg-open.ts): the same rows,
// keys and errors.
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { canTransactSync, transact, transactSync } from '../../db/transact.ts';
import type { Tables } from '../../db/tables.ts';
import { HttpError } from '../../http/errors.ts';
import type { OpenBody, ReelResult } from '../../../shared/api/box-open.ts';
import { recordDrop } from '../boxes/boxes.service.ts';
import { grantItem } from '../inventory/inventory.service.ts';
import { applyMoveIn } from '../wallet/ledger.ts';
import type { Remember } from '../wallet/idempotency.ts';
import { newServerSeed } from '../fair/fair.repository.ts';
import { takeNextNonce } from '../fair/fair.service.ts';
import { lockShareParties, payCreatorShare, type CreatorCredit } from '../user-boxes/creator-share.ts';
import { loadBox, type LoadedBox } from './box-load.ts';
import { itemView, openingBox, reelResult, roll, type Opening } from './opening-result.ts';
import { settleOpeningSync } from './openings.sqlite-open.ts';
import { openBoxPg } from './openings.pg-open.ts';

export { loadBox, type LoadedBox } from './box-load.ts';
export { openingBox, type Opening } from './opening-result.ts';

/** One reel to roll inside an opening's transaction. */
export interface ReelInput {
  userId: number;
  loaded: LoadedBox;
  reel: number; // 0-based reel index within the opening
  source: 'box' | 'free_box' | 'user_box';
  debitCents: number; // what this reel costs (0 for a free box: no ledger move)
  now: number; // epoch ms
}

/** What one reel did. */
export interface ReelOutcome {
  reel: ReelResult;
  dropId: number;
  balanceCents: number | null; // after the debit; null when nothing was debited
}

/**
 * Rolls one reel in `trx`: next nonce of the player's seed pair, the debit (ledger key
 * `{source}:{server seed hash}:{nonce}`), the fair ticket, the item, the drop and the
 * `box_openings` row that lets anyone verify it.
 */
export async function rollReel(trx: Transaction<Tables>, r: ReelInput): Promise<ReelOutcome> {
  const { box, items } = r.loaded;
  const pair = await takeNextNonce(trx, r.userId, r.now);
  const key = `${r.source}:${pair.server_seed_hash}:${pair.nonce}`;
  let balanceCents: number | null = null;
  if (r.debitCents > 0) {
    ({ balanceAfterCents: balanceCents } = await applyMoveIn(trx, {
      userId: r.userId,
      deltaCents: -r.debitCents,
      kind: r.source,
      reference: `${r.source}:${box.slug}:v${box.version}`,
      idempotencyKey: key,
      now: r.now,
      settlesOn: '', // a reel settles as it is opened
    }));
  }
  const { ticket, won } = roll(items, {
    serverSeed: pair.server_seed,
    clientSeed: pair.client_seed,
    nonce: pair.nonce,
  });
  const inventoryItemId = await grantItem(trx, {
    userId: r.userId,
    productId: won.id,
    source: r.source,
    sourceRef: key,
    now: r.now,
    priceCents: won.item_price_cents,
    salePriceCents: won.item_sale_price_cents,
  });
  const dropId = await recordDrop(trx, {
    userId: r.userId,
    boxId: box.id,
    boxVersionId: box.version_id,
    productId: won.id,
    inventoryItemId,
    source: r.source,
    ticket,
    now: r.now,
  });
  await trx
    .insertInto('box_openings')
    .values({
      user_id: r.userId,
      box_id: box.id,
      box_version_id: box.version_id,
      product_id: won.id,
      inventory_item_id: inventoryItemId,
      drop_id: dropId,
      price_cents: r.debitCents,
      ticket,
      server_seed_hash: pair.server_seed_hash,
      client_seed: pair.client_seed,
      nonce: pair.nonce,
      created_at: r.now,
    })
    .execute();
  const reel = reelResult(r.loaded, r.reel, { ticket, won, inventoryItemId, pair });
  return { reel, dropId, balanceCents };
}

/** Opens `count` reels of the box `slug` for `userId` (see the file comment). */
export async function openBox(
  database: Database,
  userId: number,
  slug: string,
  body: OpenBody,
  now: number,
  remember?: Remember<Opening>, // stores the first answer of an Idempotency-Key in this transaction
): Promise<Opening> {
  const loaded = await loadBox(database, slug);
  if (loaded.box.box_type === 'free') throw new HttpError(403, 'Free boxes open on the Free loot page.'); // never sold
  const priceCents = Number(loaded.box.price_cents);
  // a box with a creator is a custom box: its reels are 'user_box' bets and pay the creator's share
  const source = loaded.box.creator_id === null ? 'box' : 'user_box';
  // PostgreSQL: one statement (openings.pg-open.ts); Idempotency-Key calls stay below
  if (!remember && database.dialect === 'postgres') return openBoxPg(database, userId, loaded, body, now);
  if (!remember && canTransactSync(database)) {
    // SQLite: one synchronous job in the group commit; Idempotency-Key calls stay below
    const checked = { userId, loaded, count: body.count, source, now } as const;
    const opened = await transactSync(database, (sqlite) => settleOpeningSync(sqlite, checked));
    if (opened) return opened; // null: no seed pair yet, the path below creates it
  }
  return transact(database, async (trx) => {
    const reels: ReelResult[] = [];
    const dropIds: number[] = [];
    let balanceCents = 0;
    let creditedCreator: CreatorCredit | null = null;
    await lockShareParties(trx, loaded.box, userId); // lock order: user rows before the seed row (wallet README)
    for (let reel = 0; reel < body.count; reel++) {
      const out = await rollReel(trx, { userId, loaded, reel, source, debitCents: priceCents, now });
      reels.push(out.reel);
      dropIds.push(out.dropId);
      balanceCents = out.balanceCents!;
      creditedCreator = (await payCreatorShare(trx, loaded.box, userId, priceCents, out.reel, now)) ?? creditedCreator;
    }
    const opening: Opening = {
      box: openingBox(loaded),
      source,
      createdAt: now,
      costCents: priceCents * body.count,
      reels,
      balanceCents,
      dropIds,
      creditedCreator,
    };
    await remember?.(trx, opening);
    return opening;
  });
}

/** A demo spin: a throwaway server seed (revealed in the result), nonces 0…count−1; no writes. */
export async function demoOpen(database: Database, slug: string, body: OpenBody): Promise<Opening> {
  const loaded = await loadBox(database, slug);
  const { box, items } = loaded;
  const { server_seed, server_seed_hash } = newServerSeed();
  const clientSeed = randomBytes(8).toString('hex');
  const reels = Array.from({ length: body.count }, (_, reel): ReelResult => {
    const { ticket, won } = roll(items, { serverSeed: server_seed, clientSeed, nonce: reel });
    return {
      reel,
      ticket,
      item: itemView(won),
      inventory_item_id: null,
      nonce: reel,
      client_seed: clientSeed,
      server_seed_hash,
      server_seed,
      box_version: box.version,
    };
  });
  return {
    box: openingBox(loaded),
    source: 'box',
    createdAt: Date.now(),
    costCents: 0,
    reels,
    balanceCents: null,
    dropIds: [],
  };
}
