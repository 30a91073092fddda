// The seeded catalog: made-up, brand-free products and the boxes built from them. The art
// script (scripts/generate-art.ts) draws one SVG per product and box from the same data.
import type { Category, SizeKind } from '../../../shared/games/boxes/boxes.types.ts';
import { timesHundredths, toCents } from '../../../shared/money.ts';

/** What a product drawing shows (scripts/art/*). */
export type ProductKind =
  | 'sneaker'
  | 'hightop'
  | 'boot'
  | 'tee'
  | 'hoodie'
  | 'jacket'
  | 'pants'
  | 'phone'
  | 'laptop'
  | 'headphones'
  | 'watch'
  | 'camera'
  | 'tablet'
  | 'speaker'
  | 'earbuds'
  | 'console'
  | 'gamepad'
  | 'keyboard'
  | 'mouse'
  | 'headset'
  | 'vr'
  | 'bag'
  | 'backpack'
  | 'sunglasses'
  | 'wallet'
  | 'keychain'
  | 'stickers'
  | 'cap'
  | 'necklace'
  | 'belt';

/** One seeded product. */
export interface SeedProduct {
  slug: string; // unique; image file name
  name: string;
  category: Category;
  kind: ProductKind;
  color: string; // main colour of the drawing, #rrggbb
  priceCents: number;
  salePriceCents: number; // instant sell-back value: 90% of the price, rounded
  sizeKind: SizeKind | null;
}

/** Instant sell-back share of the price, in percent (documented in the box page). */
export const SALE_PERCENT = 90;

type Row = [name: string, kind: ProductKind, color: string, dollars: number];

const rows: Record<Category, Row[]> = {
  sneakers: [
    ['Aero Runner "Volt"', 'sneaker', '#c6f432', 189],
    ['Aero Runner "Midnight"', 'sneaker', '#24305e', 179],
    ['Cloudstep Low "Chalk"', 'sneaker', '#f1ede4', 129],
    ['Cloudstep Low "Ember"', 'sneaker', '#e4572e', 139],
    ['Court Classic "Bone"', 'sneaker', '#e8dcc4', 99],
    ['Court Classic "Forest"', 'sneaker', '#2e6b3f', 109],
    ['Skyline High "Royal"', 'hightop', '#2146c7', 249],
    ['Skyline High "Bred"', 'hightop', '#b3141d', 420],
    ['Skyline High "Shadow"', 'hightop', '#4a4a55', 310],
    ['Retro Jumper "Aqua"', 'hightop', '#2fb8c6', 560],
    ['Retro Jumper "Gold Rush"', 'hightop', '#e0b12b', 1450],
    ['Trail Hiker Boot "Moss"', 'boot', '#6b7a3a', 229],
    ['Trail Hiker Boot "Sand"', 'boot', '#c9a66b', 219],
    ['Street Slip "Lilac"', 'sneaker', '#b59ee8', 69],
    ['Street Slip "Coal"', 'sneaker', '#2b2b2b', 59],
    ['Vapor Knit "Coral"', 'sneaker', '#ff7f66', 159],
    ['Vapor Knit "Ice"', 'sneaker', '#bfe6ff', 175],
    ['Summit Boot "Onyx"', 'boot', '#1c1c22', 340],
  ],
  fashion: [
    ['Basic Logo Tee "White"', 'tee', '#f4f4f4', 29],
    ['Basic Logo Tee "Black"', 'tee', '#1d1d1d', 29],
    ['Box Tee "Tangerine"', 'tee', '#ff9a1f', 45],
    ['Box Tee "Sage"', 'tee', '#93a97c', 45],
    ['Heavy Hoodie "Heather"', 'hoodie', '#9a9aa3', 89],
    ['Heavy Hoodie "Crimson"', 'hoodie', '#a3162b', 95],
    ['Tech Fleece Hoodie "Navy"', 'hoodie', '#1f2f57', 139],
    ['Puffer Jacket "Arctic"', 'jacket', '#e9f1f7', 349],
    ['Puffer Jacket "Black"', 'jacket', '#141414', 329],
    ['Varsity Jacket "Maroon"', 'jacket', '#6b1d2a', 420],
    ['Windbreaker "Neon"', 'jacket', '#e7ff3a', 119],
    ['Down Parka "Glacier"', 'jacket', '#9fc9e0', 980],
    ['Cargo Pants "Olive"', 'pants', '#66703b', 110],
    ['Cargo Pants "Stone"', 'pants', '#b9ad97', 110],
    ['Track Pants "Cobalt"', 'pants', '#2351c9', 79],
    ['Denim Jeans "Indigo"', 'pants', '#2d3d74', 149],
    ['Silk Bomber "Jade"', 'jacket', '#1e8f6e', 1250],
  ],
  electronics: [
    ['Nova Phone 15 "Graphite"', 'phone', '#3a3d44', 999],
    ['Nova Phone 15 Pro "Titan"', 'phone', '#8d8a85', 1399],
    ['Pixelon 8 "Mint"', 'phone', '#9fe3c8', 699],
    ['Budget Phone S "Blue"', 'phone', '#3b7fe0', 199],
    ['Ultrabook Air 13 "Silver"', 'laptop', '#c8ccd2', 1299],
    ['Creator Book 16 "Space"', 'laptop', '#4a4d55', 2499],
    ['Slate Tab 11 "Rose"', 'tablet', '#e8b4b8', 599],
    ['Slate Tab Mini "Sky"', 'tablet', '#9cc8f0', 449],
    ['Studio Cans ANC "Black"', 'headphones', '#222222', 349],
    ['Studio Cans ANC "Cream"', 'headphones', '#efe6d2', 349],
    ['Pulse Buds "White"', 'earbuds', '#f7f7f7', 129],
    ['Pulse Buds Pro "Night"', 'earbuds', '#2a2a3a', 249],
    ['Orbit Watch 9 "Midnight"', 'watch', '#1b2236', 399],
    ['Orbit Watch Ultra "Orange"', 'watch', '#ff7a1a', 799],
    ['Fitband 5 "Lime"', 'watch', '#a6e22e', 49],
    ['Snap Mirrorless Z "Black"', 'camera', '#1e1e1e', 1899],
    ['Snap Instant "Peach"', 'camera', '#ffc3a0', 89],
    ['Boom Speaker Go "Teal"', 'speaker', '#1a9c9c', 69],
    ['Boom Speaker Max "Grey"', 'speaker', '#6f7277', 299],
  ],
  gaming: [
    ['Playbox 5 Console "White"', 'console', '#f2f2f2', 499],
    ['Playbox 5 Digital "Black"', 'console', '#181818', 449],
    ['Switchit Handheld "Neon"', 'console', '#ff3c5a', 349],
    ['Core Controller "Carbon"', 'gamepad', '#2c2c2c', 69],
    ['Core Controller "Volcanic"', 'gamepad', '#d13a1a', 75],
    ['Elite Pad Pro "Stealth"', 'gamepad', '#3d3f47', 179],
    ['Clicky Mech Keyboard "RGB"', 'keyboard', '#6b3cff', 159],
    ['Clicky Mech Keyboard "Frost"', 'keyboard', '#dfe9f5', 149],
    ['Compact 60 Keyboard "Pink"', 'keyboard', '#ff8cc6', 99],
    ['Featherlight Mouse "Black"', 'mouse', '#1b1b1b', 59],
    ['Featherlight Mouse "White"', 'mouse', '#f0f0f0', 59],
    ['Sniper Mouse Pro "Red"', 'mouse', '#c8102e', 129],
    ['Surround Headset "Camo"', 'headset', '#5c6b3d', 99],
    ['Surround Headset Pro "Arctic"', 'headset', '#e5eef7', 249],
    ['Immersa VR 3 "Ghost"', 'vr', '#eaeaea', 499],
    ['Immersa VR Pro "Onyx"', 'vr', '#202020', 1499],
    ['Mousepad XL "Galaxy"', 'keyboard', '#2b1d5c', 25],
  ],
  accessories: [
    ['City Tote "Caramel"', 'bag', '#b5773a', 220],
    ['City Tote "Noir"', 'bag', '#171717', 240],
    ['Quilted Shoulder Bag "Blush"', 'bag', '#f2b8c6', 1650],
    ['Monogram Duffel "Tan"', 'bag', '#a87b4f', 2200],
    ['Daypack 22L "Slate"', 'backpack', '#56616e', 120],
    ['Daypack 22L "Sunset"', 'backpack', '#ff6f3c', 120],
    ['Aviator Shades "Gold"', 'sunglasses', '#d4af37', 189],
    ['Wayfare Shades "Tortoise"', 'sunglasses', '#7a4a23', 159],
    ['Bifold Wallet "Cognac"', 'wallet', '#9a4e1c', 85],
    ['Card Holder "Black"', 'wallet', '#222222', 45],
    ['Dad Cap "Navy"', 'cap', '#1f2a4d', 35],
    ['Dad Cap "Khaki"', 'cap', '#bfae85', 35],
    ['Snapback "Fire"', 'cap', '#e62e2e', 45],
    ['Chain Necklace "Silver"', 'necklace', '#c0c0c0', 149],
    ['Chain Necklace "Gold"', 'necklace', '#e3b53a', 890],
    ['Leather Belt "Espresso"', 'belt', '#3b2314', 95],
    ['Sticker Pack "Arcade"', 'stickers', '#7b2cff', 5],
    ['Keychain "Loot Crate"', 'keychain', '#ffcf4a', 3],
  ],
};

function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/["']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const sizeKindOf = (category: Category, kind: ProductKind): SizeKind | null =>
  category === 'sneakers' ? 'shoe' : ['tee', 'hoodie', 'jacket', 'pants'].includes(kind) ? 'clothing' : null;

/** Every seeded product. */
export const seedProducts: SeedProduct[] = (Object.entries(rows) as [Category, Row[]][]).flatMap(([category, list]) =>
  list.map(([name, kind, color, dollars]) => {
    const priceCents = toCents(dollars);
    return {
      slug: slugify(name),
      name,
      category,
      kind,
      color,
      priceCents,
      salePriceCents: timesHundredths(priceCents, SALE_PERCENT),
      sizeKind: sizeKindOf(category, kind),
    };
  }),
);

/** One seeded box: its items by product slug; odds follow 1 / price (each item adds the same EV) unless weights are given. */
export interface SeedBox {
  slug: string; // unique box name; URL /{type}/{slug}, also /boxes/{slug}
  name: string;
  type: string; // box type, first URL segment
  color: string; // theme colour of the box art
  items: string[]; // product slugs
  weights?: number[]; // optional relative weights, same order as items
}

const bySlug = (pred: (p: SeedProduct) => boolean) => seedProducts.filter(pred).map((p) => p.slug);

/** Every seeded box (≥ 12, across several types). */
export const seedBoxes: SeedBox[] = [
  {
    slug: 'sneakerhead',
    name: 'Sneakerhead',
    type: 'sneakers',
    color: '#e4572e',
    items: bySlug((p) => p.category === 'sneakers').slice(0, 12),
  },
  {
    slug: 'high-tops',
    name: 'High Tops',
    type: 'sneakers',
    color: '#2146c7',
    items: bySlug((p) => p.kind === 'hightop' || p.kind === 'boot'),
  },
  {
    slug: 'budget-kicks',
    name: 'Budget Kicks',
    type: 'sneakers',
    color: '#c6f432',
    items: bySlug((p) => p.category === 'sneakers' && p.priceCents < 20_000).concat('retro-jumper-gold-rush'),
  },
  {
    slug: 'streetwear',
    name: 'Streetwear',
    type: 'fashion',
    color: '#ff9a1f',
    items: bySlug((p) => p.category === 'fashion'),
  },
  {
    slug: 'winter-drip',
    name: 'Winter Drip',
    type: 'fashion',
    color: '#9fc9e0',
    items: bySlug((p) => p.kind === 'jacket' || p.kind === 'hoodie'),
  },
  {
    slug: 'luxury-closet',
    name: 'Luxury Closet',
    type: 'fashion',
    color: '#d4af37',
    items: [
      'silk-bomber-jade',
      'quilted-shoulder-bag-blush',
      'monogram-duffel-tan',
      'chain-necklace-gold',
      'down-parka-glacier',
      'varsity-jacket-maroon',
      'aviator-shades-gold',
      'city-tote-noir',
      'basic-logo-tee-black',
      'dad-cap-navy',
    ],
  },
  {
    slug: 'tech-titans',
    name: 'Tech Titans',
    type: 'tech',
    color: '#c8ccd2',
    items: bySlug((p) => p.category === 'electronics' && p.priceCents >= 12_900).concat(
      'fitband-5-lime',
      'boom-speaker-go-teal',
    ),
  },
  {
    slug: 'gadget-grab',
    name: 'Gadget Grab',
    type: 'tech',
    color: '#1a9c9c',
    items: bySlug((p) => p.category === 'electronics' && p.priceCents < 80_000),
  },
  {
    slug: 'creator-kit',
    name: 'Creator Kit',
    type: 'tech',
    color: '#4a4d55',
    items: [
      'creator-book-16-space',
      'snap-mirrorless-z-black',
      'slate-tab-11-rose',
      'studio-cans-anc-cream',
      'snap-instant-peach',
      'pulse-buds-white',
      'fitband-5-lime',
      'keychain-loot-crate',
    ],
  },
  {
    slug: 'console-wars',
    name: 'Console Wars',
    type: 'gaming',
    color: '#6b3cff',
    items: bySlug((p) => p.category === 'gaming'),
  },
  {
    slug: 'pro-setup',
    name: 'Pro Setup',
    type: 'gaming',
    color: '#c8102e',
    items: bySlug((p) => ['keyboard', 'mouse', 'headset'].includes(p.kind)).concat('immersa-vr-pro-onyx'),
  },
  {
    slug: 'accessory-vault',
    name: 'Accessory Vault',
    type: 'accessories',
    color: '#b5773a',
    items: bySlug((p) => p.category === 'accessories'),
  },
  {
    slug: 'penny-box',
    name: 'Penny Box',
    type: 'mixed',
    color: '#ffcf4a',
    items: [
      'keychain-loot-crate',
      'sticker-pack-arcade',
      'mousepad-xl-galaxy',
      'basic-logo-tee-white',
      'dad-cap-khaki',
      'fitband-5-lime',
      'street-slip-coal',
      'core-controller-carbon',
      'nova-phone-15-pro-titan',
    ],
  },
  {
    slug: 'everything-box',
    name: 'Everything Box',
    type: 'mixed',
    color: '#7b2cff',
    items: [
      'nova-phone-15-graphite',
      'playbox-5-console-white',
      'skyline-high-bred',
      'puffer-jacket-black',
      'studio-cans-anc-black',
      'aviator-shades-gold',
      'heavy-hoodie-heather',
      'core-controller-volcanic',
      'pulse-buds-white',
      'box-tee-sage',
      'card-holder-black',
      'sticker-pack-arcade',
      'creator-book-16-space',
    ],
  },
];
