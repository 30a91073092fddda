// Box openings. A real opening is ONE transaction: per reel it takes the next nonce of the
// player's active seed pair (each reel is a separate bet: reel i of an opening uses nonce n+i),
// debits the box price through the ledger (idempotency key `box:{server seed hash}:{nonce}`),
// maps the fair ticket onto the box version's ranges, grants the item and records the drop.
// A demo rolls from a throwaway server seed revealed at once and writes nothing. A paid opening
// goes through the instant bets engine (src/server/bets/, box.plan.ts): planned once, applied by
// the executor that fits; a version published since the box was loaded makes it reload and re-plan.
// rollReel is free loot's reel (a Kysely transaction of its own checks).
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Tables } from '../../db/tables.ts';
import { HttpError } from '../../http/errors.ts';
import type { OpenBody, ReelResult } from '../../../shared/api/box-open.ts';
import { recordDrop } from '../boxes/boxes.service.ts';
import { grantItem } from '../inventory/inventory.service.ts';
import { applyMoveIn } from '../wallet/ledger.ts';
import type { Remember } from '../wallet/idempotency.ts';
import { newServerSeed } from '../fair/fair.repository.ts';
import { takeNextNonce } from '../fair/fair.service.ts';
import { forgetOpenableBox, loadBox, openableBox, type LoadedBox } from './box-load.ts';
import { itemView, openingBox, reelResult, roll, type Opening } from './opening-result.ts';
import { openingShard } from '../boxes/boxes.repository.ts';
import { placeBet } from '../../bets/place.ts';
import { StaleRow } from '../../bets/plan.ts';
import { boxPlan, shareOf, type BoxOpening } from '../../bets/games/box.plan.ts';

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
  openingId: number; // the reel's box_openings row
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
  const opening = await trx
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
    .returning('id')
    .executeTakeFirstOrThrow();
  const reel = reelResult(r.loaded, r.reel, { ticket, won, inventoryItemId, pair });
  return { reel, dropId, openingId: Number(opening.id), balanceCents };
}

/** Openings made again on a reloaded box before giving up with a 409 (each needs a new version published). */
const STALE_RETRIES = 3;

/** Opens `count` reels of the box `slug` for `userId` (see the file comment). */
export async function openBox(
  database: Database,
  userId: number,
  slug: string,
  body: OpenBody,
  now: number,
  remember?: Remember<Opening>, // stores the first answer of an Idempotency-Key in the opening's transaction
): Promise<Opening> {
  const loaded = await openableBox(database, slug);
  if (loaded.box.box_type === 'free') throw new HttpError(403, 'Free boxes open on the Free loot page.'); // never sold
  return openLoadedBox(database, userId, loaded, body.count, now, remember);
}

/** Opens `count` reels of a loaded box; when a version was published since it was loaded, reloads
 * the box and opens the current version. */
export async function openLoadedBox(
  database: Database,
  userId: number,
  loaded: LoadedBox,
  count: number,
  now: number,
  remember?: Remember<Opening>,
): Promise<Opening> {
  const call = { userId, count, now, remember };
  for (let attempt = 0; ; attempt++) {
    try {
      return await openLoaded(database, call, loaded);
    } catch (e) {
      if (!(e instanceof StaleRow)) throw e;
      if (attempt === STALE_RETRIES) throw new HttpError(409, 'The box changed while opening; please try again.');
      forgetOpenableBox(database, loaded.box.slug);
      loaded = await openableBox(database, loaded.box.slug);
    }
  }
}

/** Opens the loaded version: check → plan (bets/games/box.plan.ts) → one of the bets/ executors. */
function openLoaded(
  database: Database,
  call: { userId: number; count: number; now: number; remember?: Remember<Opening> },
  loaded: LoadedBox,
): Promise<Opening> {
  const { userId, count, now, remember } = call;
  const { box, items } = loaded;
  const priceCents = Number(box.price_cents);
  // a box with a creator is a custom box: its reels are 'user_box' bets and pay the creator's share
  const source = box.creator_id === null ? 'box' : 'user_box';
  const creator = box.creator_id === null ? null : Number(box.creator_id);
  const opening: BoxOpening = {
    userId,
    count,
    source,
    shard: openingShard(userId),
    box: {
      id: Number(box.id),
      slug: box.slug,
      version: Number(box.version),
      version_id: Number(box.version_id),
      price_cents: priceCents,
      creator_id: creator,
      creator_share_bp: Number(box.creator_share_bp),
    },
    items,
    now,
  };
  const paysCreator = shareOf(opening) > 0;
  return placeBet(database, {
    userId,
    now,
    nonces: count,
    remember,
    lockUserIds: paysCreator ? [creator!] : [],
    plan: (pair) => boxPlan(opening, pair),
    answer: (plan, applied): Opening => {
      const pair = { server_seed_hash: plan.pair.serverSeedHash, client_seed: plan.pair.clientSeed };
      const reels = plan.outcome!.map((r, reel) =>
        reelResult(loaded, reel, {
          ticket: r.ticket,
          won: items[r.index]!,
          inventoryItemId: applied.ids[3 * reel]!,
          pair: { server_seed_hash: pair.server_seed_hash, client_seed: pair.client_seed, nonce: r.nonce },
        }),
      );
      return {
        box: openingBox(loaded),
        source,
        createdAt: now,
        costCents: priceCents * count,
        reels,
        balanceCents: applied.balances.get(userId) ?? null,
        dropIds: reels.map((_, reel) => applied.ids[3 * reel + 1]!),
        openingIds: reels.map((_, reel) => applied.ids[3 * reel + 2]!),
        creditedCreator: paysCreator ? { userId: creator!, balanceCents: applied.balances.get(creator!)! } : null,
      };
    },
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
    openingIds: [],
  };
}
