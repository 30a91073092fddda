// Catalog vocabulary shared by the server and the browser: rarities, categories, sizes.

/** Rarity tiers, cheapest first. */
export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
/** A product's rarity. */
export type Rarity = (typeof RARITIES)[number];

/** Product categories of the catalog. */
export const CATEGORIES = ['fashion', 'sneakers', 'electronics', 'gaming', 'accessories'] as const;
/** A product's category. */
export type Category = (typeof CATEGORIES)[number];

/** Which size scale a product uses, if any. */
export const SIZE_KINDS = ['shoe', 'clothing'] as const;
/** A size scale. */
export type SizeKind = (typeof SIZE_KINDS)[number];

/** Shoe sizes 5 to 15.5 in half steps (spec §3). */
export const SHOE_SIZES: readonly string[] = Array.from({ length: 22 }, (_, i) => String(5 + i / 2));
/** Clothing sizes (spec §3). */
export const CLOTHING_SIZES: readonly string[] = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

/** The sizes a product offers: none when it has no size scale. */
export function sizesFor(kind: SizeKind | null): readonly string[] {
  return kind === 'shoe' ? SHOE_SIZES : kind === 'clothing' ? CLOTHING_SIZES : [];
}

/** Rarity by price (cents): under $20 common, $100 uncommon, $400 rare, $1,200 epic, above legendary. */
export function rarityForPrice(priceCents: number): Rarity {
  if (priceCents < 2_000) return 'common';
  if (priceCents < 10_000) return 'uncommon';
  if (priceCents < 40_000) return 'rare';
  if (priceCents < 120_000) return 'epic';
  return 'legendary';
}
