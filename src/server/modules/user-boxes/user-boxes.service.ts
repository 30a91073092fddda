// Custom boxes: a player picks 2–20 catalog products with chances summing to exactly 100 %; the
// box is a normal `boxes` row (type 'custom', with a creator) and an immutable version made by
// publishBoxVersion, priced like every box. Openings go through POST /api/boxes/{slug}/open.
import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type {
  CustomBoxCreateBody,
  CustomBoxDetail,
  CustomBoxListQuery,
  CustomBoxListResponse,
  CustomBoxSummary,
  MyCustomBoxesResponse,
} from '../../../shared/api/user-boxes.ts';
import { CUSTOM_BOX_TYPE, customBoxImageUrl } from '../../../shared/api/user-boxes.ts';
import { HOUSE_EDGE_BP } from '../../../shared/games/boxes/boxes.odds.ts';
import { toDollars } from '../../../shared/money.ts';
import { CREATOR_SHARE_BP, quoteCustomBox, type CustomBoxQuote } from '../../../shared/games/boxes/custom-box.quote.ts';
import { boxDetail, publishBoxVersion, type VersionItem } from '../boxes/boxes.service.ts';
import { boxUrl, iso } from '../boxes/catalog.view.ts';
import { findBoxesOf, findCustomBoxCreator, findCustomBoxes, findProductsByIds } from './user-boxes.repository.ts';
import { bpToPercent } from '../../../shared/units.ts';

type Picked = { product_id: number; chance: number };

/** Prices `items` from today's product prices; 422 (nothing written) for unknown or repeated products. */
async function quote(
  db: DB,
  items: readonly Picked[],
): Promise<{ quote: CustomBoxQuote; versionItems: VersionItem[] }> {
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  items.forEach((it, i) => {
    if (seen.has(it.product_id)) errors[`items.${i}.product_id`] = ['Each product can be picked once.'];
    seen.add(it.product_id);
  });
  const products = new Map((await findProductsByIds(db, [...seen])).map((p) => [Number(p.id), p]));
  items.forEach((it, i) => {
    if (!products.has(it.product_id)) errors[`items.${i}.product_id`] = ['Unknown product.'];
  });
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0]!, errors);
  const rows = items.map((it) => products.get(it.product_id)!);
  const q = quoteCustomBox(
    items.map((it, i) => ({
      chance: it.chance,
      priceCents: Number(rows[i]!.price_cents),
      salePriceCents: Number(rows[i]!.sale_price_cents),
    })),
  );
  const versionItems = rows.map((p, i) => ({
    productId: Number(p.id),
    tickets: q.tickets[i]!,
    priceCents: Number(p.price_cents),
    salePriceCents: Number(p.sale_price_cents),
  }));
  return { quote: q, versionItems };
}

/** POST /api/user-boxes/preview: the price and EV these items would make, without saving. */
export async function previewCustomBox(db: DB, items: readonly Picked[]) {
  const { quote: q } = await quote(db, items);
  return {
    price: toDollars(q.priceCents),
    expected_value: toDollars(q.evCents),
    sell_back_value: toDollars(q.sellBackCents),
    house_edge: bpToPercent(HOUSE_EDGE_BP),
    creator_share: toDollars(q.creatorShareCents),
    total_chance: q.sumPercent,
    valid: q.problems.length === 0,
    problems: q.problems,
  };
}

/** A URL-safe slug from a box name plus a random suffix (names need not be unique). */
function slugFor(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${base || 'box'}-${randomBytes(3).toString('hex')}`;
}

/** POST /api/user-boxes: validates, then writes the box and its first version in one transaction. */
export async function createCustomBox(
  db: DB,
  creatorId: number,
  body: CustomBoxCreateBody,
  now: number,
): Promise<CustomBoxDetail> {
  const { quote: q, versionItems } = await quote(db, body.items);
  if (q.problems.length) {
    const errors: Record<string, string[]> = { items: q.problems };
    for (const [i, message] of Object.entries(q.itemProblems)) errors[`items.${i}.chance`] = [message];
    throw new HttpError(422, q.problems[0]!, errors);
  }
  const slug = await db.transaction().execute(async (trx) => {
    let candidate = slugFor(body.name);
    while (await trx.selectFrom('boxes').select('id').where('slug', '=', candidate).executeTakeFirst())
      candidate = slugFor(body.name);
    const box = await trx
      .insertInto('boxes')
      .values({
        slug: candidate,
        name: body.name,
        box_type: CUSTOM_BOX_TYPE,
        img_url: customBoxImageUrl(body.img),
        current_version_id: null,
        price_cents: 0,
        openings: 0,
        created_at: now,
        creator_id: creatorId,
        creator_share_bp: CREATOR_SHARE_BP,
        creator_earnings_cents: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await publishBoxVersion(trx, box.id, versionItems, now);
    return candidate;
  });
  return customBoxDetail(db, slug);
}

/** GET /api/user-boxes/{slug}: the box with odds (as GET /api/boxes/{slug}) and its creator; 404 unless a custom box. */
export async function customBoxDetail(db: DB, slug: string): Promise<CustomBoxDetail> {
  const creator = await findCustomBoxCreator(db, slug);
  if (!creator) throw new HttpError(404, 'Custom box not found.');
  const detail = await boxDetail(db, slug);
  return {
    ...detail,
    creator: { id: Number(creator.creator_id), name: creator.creator_name },
    creator_share: bpToPercent(creator.creator_share_bp),
  };
}

/** 404 unless `slug` is a custom box (its last drops are then the box's own). */
export async function assertCustomBox(db: DB, slug: string): Promise<void> {
  if (!(await findCustomBoxCreator(db, slug))) throw new HttpError(404, 'Custom box not found.');
}

type SummaryRow = Awaited<ReturnType<typeof findBoxesOf>>[number];

function summaryView(b: SummaryRow): CustomBoxSummary {
  return {
    id: Number(b.id),
    slug: b.slug,
    name: b.name,
    type: b.box_type,
    url: boxUrl(b.box_type, b.slug),
    img_url: b.img_url,
    price: toDollars(Number(b.price_cents)),
    items_count: Number(b.items_count ?? 0),
    openings: Number(b.openings),
    creator: { id: Number(b.creator_id), name: b.creator_name },
    created_at: iso(b.created_at),
  };
}

/** GET /api/user-boxes. */
export async function listCustomBoxes(db: DB, q: CustomBoxListQuery): Promise<CustomBoxListResponse> {
  const { rows, total } = await findCustomBoxes(db, q);
  return { data: rows.map(summaryView), total, page: q.page, limit: q.limit };
}

/** GET /api/user-boxes/mine: the player's boxes with openings and what each earned them. */
export async function myCustomBoxes(db: DB, creatorId: number): Promise<MyCustomBoxesResponse> {
  const rows = await findBoxesOf(db, creatorId);
  const earned = rows.reduce((a, b) => a + Number(b.creator_earnings_cents), 0);
  return {
    data: rows.map((b) => ({ ...summaryView(b), earnings: toDollars(Number(b.creator_earnings_cents)) })),
    total_earnings: toDollars(earned),
    total_openings: rows.reduce((a, b) => a + Number(b.openings), 0),
  };
}
