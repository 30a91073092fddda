// Read-side queries for verifying openings; each takes the database or a transaction first.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { openingsWithBox } from '../../db/box-queries.ts';

type Q = Kysely<Tables>;

/** A user's recorded reels, newest first, optionally of one box; with the total count. */
export async function findOpenings(db: Q, opts: { userId: number; boxSlug?: string; limit: number; offset: number }) {
  let base = openingsWithBox(db).where('box_openings.user_id', '=', opts.userId);
  if (opts.boxSlug) base = base.where('boxes.slug', '=', opts.boxSlug);
  const rows = await base
    .select([
      'box_openings.id',
      'box_openings.ticket',
      'box_openings.price_cents',
      'box_openings.nonce',
      'box_openings.client_seed',
      'box_openings.server_seed_hash',
      'box_openings.created_at',
      'box_versions.version',
      'boxes.slug as box_slug',
      'boxes.name as box_name',
      'boxes.img_url as box_img_url',
      'boxes.box_type',
      'products.id as product_id',
      'products.slug as product_slug',
      'products.name as product_name',
      'products.img_url as product_img_url',
      'products.rarity',
    ])
    .orderBy('box_openings.id', 'desc')
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
  const count = await base.select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** A box and one of its versions by number (current or not), or undefined. */
export async function findBoxVersion(db: Q, slug: string, version: number) {
  return db
    .selectFrom('box_versions')
    .innerJoin('boxes', 'boxes.id', 'box_versions.box_id')
    .select([
      'boxes.slug',
      'boxes.name',
      'boxes.img_url',
      'boxes.box_type',
      'boxes.current_version_id',
      'box_versions.id as version_id',
      'box_versions.version',
      'box_versions.price_cents',
      'box_versions.ev_cents',
      'box_versions.house_edge_bp',
      'box_versions.created_at',
    ])
    .where('boxes.slug', '=', slug)
    .where('box_versions.version', '=', version)
    .executeTakeFirst();
}
