// The plan of a box opening (bets/plan.ts): per reel i, nonce n+i and the ticket from the shared
// outcome the verifiers call (shared/games/boxes boxOutcome), the item won at the version's price
// snapshot, its drop, the box_openings row that verifies it, the debit of the price (kind `box` or
// `user_box`, key `{source}:{server seed hash}:{nonce}`, settling at once) and, for another player's
// custom box, the creator's share (key `creator_share:{hash}:{nonce}`); the openings counter shard
// once by the reel count; the box row checked to still be at the version planned on (a custom box:
// its creator's earnings added there).
import { boxOutcome } from '../../../shared/games/boxes/boxes.outcome.ts';
import { creatorShareCents } from '../../../shared/games/boxes/custom-box.quote.ts';
import { wagerEdgeUnits } from '../../../shared/economics/house-edge.ts';
import type { BetPlan, PlanMove, PlanRow, SeedPair } from '../plan.ts';

/** An opening of a loaded box version (openings.service checked it can be opened). */
export interface BoxOpening {
  userId: number;
  count: number; // reels, 1–5
  source: 'box' | 'user_box';
  shard: number; // the opener's box_open_counts shard (boxes.repository openingShard)
  box: {
    id: number;
    slug: string;
    version: number;
    version_id: number;
    price_cents: number;
    creator_id: number | null;
    creator_share_bp: number;
  };
  items: readonly {
    id: number;
    ticket_from: number;
    ticket_to: number;
    item_price_cents: number;
    item_sale_price_cents: number;
  }[];
  now: number;
}

/** Per reel: its ticket, the index of the item won in the version's items, its nonce. */
export type BoxReels = { ticket: number; index: number; nonce: number }[];

/** The creator's share of one paid reel, 0 for a catalog box, a zero share or the creator's own opening. */
export function shareOf(o: BoxOpening): number {
  const { box } = o;
  if (box.creator_id === null || Number(box.creator_id) === o.userId || Number(box.price_cents) <= 0) return 0;
  return creatorShareCents(Number(box.price_cents), box.creator_share_bp);
}

/** The plan of `o` on `pair` (its nonce is reel 0's). */
export function boxPlan(o: BoxOpening, pair: SeedPair): BetPlan<BoxReels> {
  const { box, userId, now, source } = o;
  const price = Number(box.price_cents);
  const share = shareOf(o);
  const ranges = o.items.map((i) => ({ from: i.ticket_from, to: i.ticket_to }));
  const rows: PlanRow[] = [];
  const moves: PlanMove[] = [];
  const reels: BoxReels = [];
  for (let reel = 0; reel < o.count; reel++) {
    const nonce = pair.nonce + reel;
    const { ticket, index } = boxOutcome({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce }, ranges);
    if (index < 0) throw new Error(`ticket ${ticket} is outside every range`);
    const won = o.items[index]!;
    const key = `${source}:${pair.serverSeedHash}:${nonce}`;
    const item = rows.length;
    // what the reel's drop and box_openings rows both record
    const drawn = {
      user_id: userId,
      box_id: box.id,
      box_version_id: box.version_id,
      product_id: won.id,
      inventory_item_id: `{#${item}}`,
      ticket,
      created_at: now,
    };
    rows.push(
      {
        table: 'inventory_items',
        values: {
          user_id: userId,
          product_id: won.id,
          status: 'owned',
          price_cents: won.item_price_cents,
          sale_price_cents: won.item_sale_price_cents,
          size: null,
          source,
          source_ref: key,
          created_at: now,
          updated_at: now,
        },
      },
      {
        table: 'drops',
        values: { ...drawn, source },
      },
      {
        table: 'box_openings',
        values: {
          ...drawn,
          drop_id: `{#${item + 1}}`,
          price_cents: price,
          server_seed_hash: pair.serverSeedHash,
          client_seed: pair.clientSeed,
          nonce,
        },
      },
    );
    if (price > 0)
      moves.push({
        userId,
        deltaCents: -price,
        kind: source,
        reference: `${source}:${box.slug}:v${box.version}`,
        key,
        settles: { table: '', edgeUnits: wagerEdgeUnits(source, '', price) },
      });
    if (share > 0)
      moves.push({
        userId: Number(box.creator_id),
        deltaCents: share,
        kind: 'creator_share',
        reference: `user_box:${box.slug}:v${box.version}`,
        key: `creator_share:${pair.serverSeedHash}:${nonce}`,
      });
    reels.push({ ticket, index, nonce });
  }
  return {
    userId,
    pair,
    nonces: o.count,
    rows,
    counters: [{ table: 'box_open_counts', key: { box_id: box.id, shard: o.shard }, add: { n: o.count } }],
    updates: [
      {
        table: 'boxes',
        where: { id: box.id, current_version_id: box.version_id },
        add: share > 0 ? { creator_earnings_cents: share * o.count } : {},
      },
    ],
    moves,
    now,
    outcome: reels,
  };
}
