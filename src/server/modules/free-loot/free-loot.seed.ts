// The free boxes, one per level tier (1, 10 … 110): cheap boxes of box_type 'free' built from the
// seeded products with the catalog's version code. Idempotent like seedCatalog: missing rows are
// added and a box gets a new version only when its items or odds changed. Run after seedCatalog.
import type { DB } from '../../db/database.ts';
import { ticketsFromWeights } from '../../../shared/games/boxes/boxes.odds.ts';
import { LEVEL_TIERS } from '../../../shared/levels.ts';
import { upsertSeedBox, type VersionItem } from '../boxes/boxes.service.ts';
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
    const name = tier === 1 ? 'Starter Free Box' : `Level ${tier} Free Box`;
    const seeded = { slug, name, type: FREE_BOX_TYPE, art, createdAt: now + i };
    await db.transaction().execute(async (trx) => {
      const boxId = await upsertSeedBox(trx, seeded, want, now);
      await trx
        .insertInto('free_boxes')
        .values({ box_id: boxId, min_level: tier, created_at: now })
        .onConflict((oc) => oc.column('box_id').doNothing())
        .execute();
    });
  }
}
