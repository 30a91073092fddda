// The free boxes, one per level tier (1, 10 … 110): cheap boxes of box_type 'free' built from the
// seeded products with the catalog's version code. Idempotent like seedCatalog: missing rows are
// added and a box gets a new version only when its items or odds changed. Run after seedCatalog.
import type { DB } from '../../db/database.ts';
import { ticketsFromWeights } from '../../../shared/games/boxes/boxes.odds.ts';
import { LEVEL_TIERS } from '../../../shared/levels.ts';
import { publishBoxVersion, type VersionItem } from '../boxes/boxes.service.ts';
import { seedBoxes } from '../boxes/catalog.data.ts';

/** The box type of free boxes (kept out of the paid catalog). */
export const FREE_BOX_TYPE = 'free';
/** Relative odds inside a free box: mostly the cheapest item, rarely the best. */
const WEIGHTS = [800, 120, 50, 20, 8, 2];
const STEP = 6; // each tier starts this many products further up the price list

/** The slug of the free box of level tier `tier`. */
export const freeBoxSlug = (tier: number): string => `free-level-${tier}`;

/** Seeds the free boxes and their `free_boxes` rows (min_level = the tier). */
export async function seedFreeBoxes(db: DB, now: number): Promise<void> {
  const products = await db
    .selectFrom('products')
    .select(['id', 'slug', 'price_cents', 'sale_price_cents'])
    .orderBy('price_cents')
    .orderBy('slug')
    .execute();
  if (products.length < STEP * (LEVEL_TIERS.length - 1) + WEIGHTS.length)
    throw new Error('seed the catalog before the free boxes');
  const tickets = ticketsFromWeights(WEIGHTS);
  for (const [i, tier] of LEVEL_TIERS.entries()) {
    const slug = freeBoxSlug(tier);
    const art = seedBoxes[i % seedBoxes.length]!.slug; // reuse the catalog's box art
    const want: VersionItem[] = products.slice(i * STEP, i * STEP + WEIGHTS.length).map((p, k) => ({
      productId: p.id,
      tickets: tickets[k]!,
      priceCents: p.price_cents,
      salePriceCents: p.sale_price_cents,
    }));
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('boxes')
        .values({
          slug,
          name: tier === 1 ? 'Starter Free Box' : `Level ${tier} Free Box`,
          box_type: FREE_BOX_TYPE,
          img_url: `/img/boxes/${art}.svg`,
          current_version_id: null,
          price_cents: 0,
          openings: 0,
          created_at: now + i,
        })
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
      const box = await trx
        .selectFrom('boxes')
        .select(['id', 'current_version_id'])
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('free_boxes')
        .values({ box_id: box.id, min_level: tier, created_at: now })
        .onConflict((oc) => oc.column('box_id').doNothing())
        .execute();
      if (box.current_version_id !== null) {
        const have = await trx
          .selectFrom('box_items')
          .select(['product_id', 'tickets', 'price_cents'])
          .where('box_version_id', '=', box.current_version_id)
          .orderBy('position')
          .execute();
        if (
          have.length === want.length &&
          have.every(
            (h, k) =>
              h.product_id === want[k]!.productId &&
              h.tickets === want[k]!.tickets &&
              h.price_cents === want[k]!.priceCents,
          )
        )
          return;
      }
      await publishBoxVersion(trx, box.id, want, now);
    });
  }
}
