// What an opening answers, built the same way by every path that opens a box (the Kysely
// transaction, SQLite's synchronous job, free loot): the reel's fair ticket and item, the reel
// result that verifies it, and the opening's box.
import type { ReelResult } from '../../../shared/api/box-open.ts';
import type { SeedInput } from '../../../shared/fair/index.ts';
import { boxOutcome } from '../../../shared/games/boxes/boxes.outcome.ts';
import { versionItemView } from '../boxes/catalog.view.ts';
import type { LoadedBox, VersionItems } from './box-load.ts';

/** A credit made to a custom box's creator, to publish their balanceUpdated after commit. */
export interface CreatorCredit {
  userId: number;
  balanceCents: number;
}

/** What an opening did. */
export interface Opening {
  box: { slug: string; name: string; img_url: string; version: number; priceCents: number };
  source: 'box' | 'free_box' | 'user_box';
  createdAt: number; // epoch ms
  costCents: number;
  reels: ReelResult[];
  balanceCents: number | null; // null for a demo
  dropIds: number[]; // recorded drops, to publish after commit
  openingIds: number[]; // their box_openings rows (the reels' replays), in reel order
  creditedCreator?: CreatorCredit | null; // a custom box's creator paid their share (publish their balance after commit)
}

/** The reel's ticket (shared box outcome) and the version item it wins. */
export function roll(items: VersionItems, seeds: SeedInput) {
  const ranges = items.map((i) => ({ from: i.ticket_from, to: i.ticket_to }));
  const { ticket, index } = boxOutcome(seeds, ranges);
  if (index < 0) throw new Error(`ticket ${ticket} is outside every range`);
  return { ticket, won: items[index]! };
}

export function itemView(it: VersionItems[number]): ReelResult['item'] {
  // the version's price snapshot is the prize's value
  return Object.assign(versionItemView(it), { ticket_from: it.ticket_from, ticket_to: it.ticket_to });
}

/** What a real reel answers: the ticket, the item won, and what verifies it. */
export function reelResult(
  loaded: LoadedBox,
  reel: number,
  r: {
    ticket: number;
    won: VersionItems[number];
    inventoryItemId: number;
    pair: { server_seed_hash: string; client_seed: string; nonce: number };
  },
): ReelResult {
  return {
    reel,
    ticket: r.ticket,
    item: itemView(r.won),
    inventory_item_id: r.inventoryItemId,
    nonce: r.pair.nonce,
    client_seed: r.pair.client_seed,
    server_seed_hash: r.pair.server_seed_hash,
    server_seed: null,
    box_version: loaded.box.version,
  };
}

/** The opening's box as the answer and the live feed show it. */
export function openingBox(loaded: LoadedBox): Opening['box'] {
  const { box } = loaded;
  return {
    slug: box.slug,
    name: box.name,
    img_url: box.img_url,
    version: box.version,
    priceCents: Number(box.price_cents),
  };
}
