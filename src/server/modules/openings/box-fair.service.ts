// Verification views of box openings: a player's recorded reels (with the server seed once the
// pair was revealed by rotation) and any version of a box, so old openings check against the
// ranges they rolled on even after publishBoxVersion made a newer one.
import type { DB } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { BoxVersion, OpeningsQuery, OpeningsResponse } from '../../../shared/api/box-fair.ts';
import { TOTAL_TICKETS } from '../../../shared/games/boxes/boxes.odds.ts';
import { toDollars } from '../../../shared/money.ts';
import { findVersionItems } from '../boxes/boxes.repository.ts';
import { boxUrl, iso, versionItemView } from '../boxes/catalog.view.ts';
import { withRevealedSeeds } from '../fair/fair.repository.ts';
import { findBoxVersion, findOpenings } from './openings.repository.ts';
import { bpToPercent } from '../../../shared/units.ts';

/** GET /api/boxes/openings for `userId`. */
export async function listOpenings(db: DB, userId: number, q: OpeningsQuery): Promise<OpeningsResponse> {
  const { rows, total } = await findOpenings(db, {
    userId,
    boxSlug: q.box || undefined,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return {
    // the server seed of rotated pairs only, never of the active or next pair
    data: await withRevealedSeeds(db, rows, (r, serverSeed) => ({
      id: Number(r.id),
      box: { slug: r.box_slug, name: r.box_name, img_url: r.box_img_url, url: boxUrl(r.box_type, r.box_slug) },
      version: Number(r.version),
      ticket: Number(r.ticket),
      item: {
        id: Number(r.product_id),
        slug: r.product_slug,
        name: r.product_name,
        img_url: r.product_img_url,
        rarity: r.rarity,
      },
      price: toDollars(Number(r.price_cents)),
      nonce: Number(r.nonce),
      client_seed: r.client_seed,
      server_seed_hash: r.server_seed_hash,
      server_seed: serverSeed,
      created_at: iso(r.created_at),
    })),
    meta: { page: q.page, per_page: q.per_page, total },
  };
}

/** GET /api/boxes/{slug}/versions/{version}; 404 when the box or the version is unknown. */
export async function boxVersion(db: DB, slug: string, version: number): Promise<BoxVersion> {
  const v = await findBoxVersion(db, slug, version);
  if (!v) throw new HttpError(404, 'Box version not found.');
  const items = await findVersionItems(db, v.version_id);
  return {
    box: { slug: v.slug, name: v.name, img_url: v.img_url, url: boxUrl(v.box_type, v.slug) },
    version: Number(v.version),
    current: v.current_version_id === v.version_id,
    price: toDollars(Number(v.price_cents)),
    expected_value: toDollars(Number(v.ev_cents)),
    house_edge: bpToPercent(v.house_edge_bp),
    total_tickets: TOTAL_TICKETS,
    created_at: iso(v.created_at),
    items: items.map((it) => ({
      ...versionItemView(it),
      tickets: it.tickets,
      ticket_from: it.ticket_from,
      ticket_to: it.ticket_to,
    })),
  };
}
