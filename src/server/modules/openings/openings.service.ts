// Box openings. A real opening is ONE transaction: per reel it takes the next nonce of the
// player's active seed pair (each reel is a separate bet: reel i of an opening uses nonce n+i),
// debits the box price through the ledger (idempotency key `box:{server seed hash}:{nonce}`),
// maps the fair ticket onto the box version's ranges, grants the item and records the drop.
// A demo rolls from a throwaway server seed revealed at once and writes nothing.
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { transact } from '../../db/transact.ts';
import type { Tables } from '../../db/tables.ts';
import { HttpError } from '../../http/errors.ts';
import type { OpenBody, ReelResult } from '../../../shared/api/box-open.ts';
import type { SeedInput } from '../../../shared/fair/index.ts';
import { boxOutcome } from '../../../shared/games/boxes/boxes.outcome.ts';
import { findBoxBySlug, findVersionItems } from '../boxes/boxes.repository.ts';
import { productView } from '../boxes/catalog.view.ts';
import { recordDrop } from '../boxes/boxes.service.ts';
import { grantItem } from '../inventory/inventory.service.ts';
import { applyMoveIn } from '../wallet/ledger.ts';
import type { Remember } from '../wallet/idempotency.ts';
import { newServerSeed } from '../fair/fair.repository.ts';
import { takeNextNonce } from '../fair/fair.service.ts';
import { lockShareParties, payCreatorShare, type CreatorCredit } from '../user-boxes/creator-share.ts';
import { openBoxPg } from './openings.pg-open.ts';

/** What an opening did. */
export interface Opening {
  box: { slug: string; version: number; priceCents: number };
  costCents: number;
  reels: ReelResult[];
  balanceCents: number | null; // null for a demo
  dropIds: number[]; // recorded drops, to publish after commit
  creditedCreator?: CreatorCredit | null; // a custom box's creator paid their share (publish their balance after commit)
}

type VersionItems = Awaited<ReturnType<typeof findVersionItems>>;

/** The box `slug` and its current version's items; 404 / 409 when it cannot be opened. */
export async function loadBox(database: Database, slug: string) {
  const box = await findBoxBySlug(database.db, slug);
  if (!box) throw new HttpError(404, 'Box not found.');
  const items = await findVersionItems(database.db, box.version_id);
  if (!items.length) throw new HttpError(409, 'This box has no items.');
  return { box, items };
}

/** The reel's ticket (shared box outcome) and the version item it wins. */
function roll(items: VersionItems, seeds: SeedInput) {
  const ranges = items.map((i) => ({ from: i.ticket_from, to: i.ticket_to }));
  const { ticket, index } = boxOutcome(seeds, ranges);
  if (index < 0) throw new Error(`ticket ${ticket} is outside every range`);
  return { ticket, won: items[index]! };
}

export function itemView(it: VersionItems[number]): ReelResult['item'] {
  // the version's price snapshot is the prize's value
  return {
    ...productView({ ...it, price_cents: it.item_price_cents, sale_price_cents: it.item_sale_price_cents }),
    ticket_from: it.ticket_from,
    ticket_to: it.ticket_to,
  };
}

/** A box as an opening needs it (from `loadBox`). */
export type LoadedBox = Awaited<ReturnType<typeof loadBox>>;

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
  const reel: ReelResult = {
    reel: r.reel,
    ticket,
    item: itemView(won),
    inventory_item_id: inventoryItemId,
    nonce: pair.nonce,
    client_seed: pair.client_seed,
    server_seed_hash: pair.server_seed_hash,
    server_seed: null,
    box_version: box.version,
  };
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
  if (!remember && database.dialect === 'postgres') return openBoxPg(database, userId, loaded, body, now); // one round trip
  const priceCents = Number(loaded.box.price_cents);
  return transact(database, async (trx) => {
    const reels: ReelResult[] = [];
    const dropIds: number[] = [];
    let balanceCents = 0;
    let creditedCreator: CreatorCredit | null = null;
    // a box with a creator is a custom box: its reels are 'user_box' bets and pay the creator's share
    const source = loaded.box.creator_id === null ? 'box' : 'user_box';
    await lockShareParties(trx, loaded.box, userId); // lock order: user rows before the seed row (wallet README)
    for (let reel = 0; reel < body.count; reel++) {
      const out = await rollReel(trx, { userId, loaded, reel, source, debitCents: priceCents, now });
      reels.push(out.reel);
      dropIds.push(out.dropId);
      balanceCents = out.balanceCents!;
      creditedCreator = (await payCreatorShare(trx, loaded.box, userId, priceCents, out.reel, now)) ?? creditedCreator;
    }
    const { box } = loaded;
    const opening: Opening = {
      box: { slug: box.slug, version: box.version, priceCents },
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
  const { box, items } = await loadBox(database, slug);
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
    box: { slug: box.slug, version: box.version, priceCents: Number(box.price_cents) },
    costCents: 0,
    reels,
    balanceCents: null,
    dropIds: [],
  };
}
