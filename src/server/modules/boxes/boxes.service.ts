// Box catalog logic: immutable versions (a change of items makes a new version), the idempotent
// catalog seed, and the API views of boxes and drops.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Tables } from '../../db/tables.ts';
import type { BoxDetail, BoxListQuery, BoxListResponse, Drop } from '../../../shared/api/boxes.ts';
import {
  HOUSE_EDGE_BP,
  TOTAL_TICKETS,
  boxPriceCents,
  chancePercent,
  expectedValueCents,
  rangeProblems,
  sellBackValueCents,
  ticketRanges,
  ticketsFromWeights,
} from '../../../shared/games/boxes/boxes.odds.ts';
import { toDollars } from '../../../shared/money.ts';
import { rarityForPrice } from '../../../shared/games/boxes/boxes.types.ts';
import { HttpError } from '../../http/errors.ts';
import {
  findBoxBySlug,
  findBoxTypes,
  findBoxes,
  findDrops,
  findVersionItems,
  openingShard,
} from './boxes.repository.ts';
import { seedBoxes, seedProducts } from './catalog.data.ts';
import { boxUrl, iso, versionItemView } from './catalog.view.ts';
import { bumpCatalogEpoch } from './catalog-cache.ts';
import { bpToPercent } from '../../../shared/units.ts';

/** One item of a new version: product, tickets and the product's prices now. */
export interface VersionItem {
  productId: number;
  tickets: number; // integer ≥ 1; all items sum to 100,000
  priceCents: number;
  salePriceCents: number;
}

/** Writes a new version of a box (next number) with contiguous ranges and makes it current. */
export async function publishBoxVersion(
  trx: Transaction<Tables> | Kysely<Tables>,
  boxId: number,
  items: VersionItem[],
  now: number,
): Promise<number> {
  const ranges = ticketRanges(items.map((i) => i.tickets));
  const problems = rangeProblems(ranges);
  if (problems.length) throw new HttpError(422, problems[0]!, { items: problems });
  const last = await trx
    .selectFrom('box_versions')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('box_id', '=', boxId)
    .executeTakeFirst();
  const price = boxPriceCents(items, HOUSE_EDGE_BP);
  const version = await trx
    .insertInto('box_versions')
    .values({
      box_id: boxId,
      version: Number(last?.v ?? 0) + 1,
      price_cents: price,
      ev_cents: expectedValueCents(items),
      sell_back_cents: sellBackValueCents(items),
      house_edge_bp: HOUSE_EDGE_BP,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('box_items')
    .values(
      items.map((it, position) => ({
        box_version_id: version.id,
        product_id: it.productId,
        position,
        tickets: it.tickets,
        ticket_from: ranges[position]!.from,
        ticket_to: ranges[position]!.to,
        price_cents: it.priceCents,
        sale_price_cents: it.salePriceCents,
      })),
    )
    .execute();
  await trx
    .updateTable('boxes')
    .set({ current_version_id: version.id, price_cents: price })
    .where('id', '=', boxId)
    .execute();
  bumpCatalogEpoch();
  return version.id;
}

/** The version items a seeded box should have now (odds ∝ 1 / price unless weights are given). */
function desiredItems(
  box: (typeof seedBoxes)[number],
  products: Map<string, { id: number; price_cents: number; sale_price_cents: number }>,
): VersionItem[] {
  const rows = box.items.map((slug) => {
    const p = products.get(slug);
    if (!p) throw new Error(`box ${box.slug}: unknown product ${slug}`);
    return p;
  });
  const tickets = ticketsFromWeights(box.weights ?? rows.map((p) => 1 / p.price_cents));
  return rows.map((p, i) => ({
    productId: p.id,
    tickets: tickets[i]!,
    priceCents: p.price_cents,
    salePriceCents: p.sale_price_cents,
  }));
}

/** Seeds products and boxes, idempotent: missing rows are added; a box whose items changed gets a new version. */
export async function seedCatalog(db: DB, now: number): Promise<void> {
  await db
    .insertInto('products')
    .values(
      seedProducts.map((p) => ({
        slug: p.slug,
        name: p.name,
        category: p.category,
        kind: p.kind,
        rarity: rarityForPrice(p.priceCents),
        price_cents: p.priceCents,
        sale_price_cents: p.salePriceCents,
        size_kind: p.sizeKind,
        img_url: `/img/products/${p.slug}.svg`,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  const products = new Map(
    (await db.selectFrom('products').select(['id', 'slug', 'price_cents', 'sale_price_cents']).execute()).map((p) => [
      p.slug,
      p,
    ]),
  );
  for (const [i, box] of seedBoxes.entries()) {
    const seeded = { slug: box.slug, name: box.name, type: box.type, art: box.slug, createdAt: now + i };
    await db.transaction().execute((trx) => upsertSeedBox(trx, seeded, desiredItems(box, products), now));
  }
}

/** A seeded box: its row is added when missing, and a new version is published only when its items or odds
 * differ from `want` (the catalog and the free boxes both seed this way). Returns the box id. */
export async function upsertSeedBox(
  trx: Transaction<Tables>,
  box: { slug: string; name: string; type: string; art: string; createdAt: number },
  want: VersionItem[],
  now: number,
): Promise<number> {
  await trx
    .insertInto('boxes')
    .values({
      slug: box.slug,
      name: box.name,
      box_type: box.type,
      img_url: `/img/boxes/${box.art}.svg`,
      current_version_id: null,
      price_cents: 0,
      openings: 0,
      created_at: box.createdAt,
    })
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  const row = await trx
    .selectFrom('boxes')
    .select(['id', 'current_version_id'])
    .where('slug', '=', box.slug)
    .executeTakeFirstOrThrow();
  if (row.current_version_id !== null) {
    const have = await trx
      .selectFrom('box_items')
      .select(['product_id', 'tickets', 'price_cents', 'sale_price_cents'])
      .where('box_version_id', '=', row.current_version_id)
      .orderBy('position')
      .execute();
    const same =
      have.length === want.length &&
      have.every(
        (h, k) =>
          h.product_id === want[k]!.productId &&
          h.tickets === want[k]!.tickets &&
          h.price_cents === want[k]!.priceCents &&
          h.sale_price_cents === want[k]!.salePriceCents,
      );
    if (same) return row.id;
  }
  await publishBoxVersion(trx, row.id, want, now);
  return row.id;
}

/** GET /api/boxes. */
export async function listBoxes(db: DB, q: BoxListQuery): Promise<BoxListResponse> {
  const [rows, types] = await Promise.all([findBoxes(db, q), findBoxTypes(db)]);
  return {
    types,
    data: rows.map((b) => ({
      id: b.id,
      slug: b.slug,
      name: b.name,
      type: b.box_type,
      url: boxUrl(b.box_type, b.slug),
      img_url: b.img_url,
      price: toDollars(b.price_cents),
      items_count: Number(b.items_count ?? 0),
      openings: Number(b.openings),
    })),
  };
}

/** GET /api/boxes/{slug}: the current version with every item's chance; 404 when unknown. */
export async function boxDetail(db: DB, slug: string): Promise<BoxDetail> {
  const box = await findBoxBySlug(db, slug);
  if (!box) throw new HttpError(404, 'Box not found.');
  const items = await findVersionItems(db, box.version_id);
  return {
    id: box.id,
    slug: box.slug,
    name: box.name,
    type: box.box_type,
    url: boxUrl(box.box_type, box.slug),
    img_url: box.img_url,
    price: toDollars(box.price_cents),
    items_count: items.length,
    openings: Number(box.openings),
    version: box.version,
    version_id: box.version_id,
    expected_value: toDollars(box.ev_cents),
    sell_back_value: toDollars(box.sell_back_cents),
    house_edge: bpToPercent(box.house_edge_bp),
    total_tickets: TOTAL_TICKETS,
    items: items.map((it) => ({
      ...versionItemView(it),
      tickets: it.tickets,
      ticket_from: it.ticket_from,
      ticket_to: it.ticket_to,
      chance: chancePercent(it.tickets),
    })),
  };
}

/** Recent drops as the API shows them; `slug` limits them to one box (404 when unknown), `source` to one kind of opening. */
export async function lastDrops(
  db: DB,
  opts: { slug?: string; best: boolean; limit: number; source?: string },
): Promise<Drop[]> {
  let boxId: number | undefined;
  if (opts.slug !== undefined) {
    const box = await db.selectFrom('boxes').select('id').where('slug', '=', opts.slug).executeTakeFirst();
    if (!box) throw new HttpError(404, 'Box not found.');
    boxId = box.id;
  }
  const rows = await findDrops(db, { boxId, best: opts.best, limit: opts.limit, source: opts.source });
  return rows.map(dropView);
}

function dropView(d: Awaited<ReturnType<typeof findDrops>>[number]): Drop {
  return {
    id: d.id,
    source: d.source,
    created_at: iso(d.created_at),
    box: { slug: d.box_slug, name: d.box_name, img_url: d.box_img_url },
    item: {
      id: d.product_id,
      name: d.product_name,
      img_url: d.product_img_url,
      rarity: d.rarity,
      price: toDollars(d.won_price_cents ?? d.price_cents),
      sale_price: toDollars(d.won_sale_price_cents ?? d.sale_price_cents),
    },
    user: { id: d.user_id, name: d.user_name, avatar_url: d.avatar_url },
    opening_id: d.opening_id === null ? null : Number(d.opening_id),
  };
}

/** What an opening records per reel (inside its transaction). */
export interface DropRecord {
  userId: number;
  boxId: number;
  boxVersionId: number;
  productId: number;
  inventoryItemId: number | null;
  source: 'box' | 'free_box' | 'user_box';
  ticket: number; // 1..100,000, from the fair roll
  now: number; // epoch ms
}

/** Records a drop for the live feed and counts the opening on the box (its opener's counter shard); returns the drop id. */
export async function recordDrop(trx: Kysely<Tables>, d: DropRecord): Promise<number> {
  const row = await trx
    .insertInto('drops')
    .values({
      user_id: d.userId,
      box_id: d.boxId,
      box_version_id: d.boxVersionId,
      product_id: d.productId,
      inventory_item_id: d.inventoryItemId,
      source: d.source,
      ticket: d.ticket,
      created_at: d.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('box_open_counts')
    .values({ box_id: d.boxId, shard: openingShard(d.userId), n: 1 })
    .onConflict((oc) => oc.columns(['box_id', 'shard']).doUpdateSet((eb) => ({ n: eb('box_open_counts.n', '+', 1) })))
    .execute();
  return row.id;
}
