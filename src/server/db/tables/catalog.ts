// Catalog, inventory, drops and shipments.
import type { Generated } from 'kysely';
import type { UserBoxColumns } from './user-boxes.ts';

/** A catalog product; its price and sale price are the current ones (items keep a snapshot). */
export interface ProductsTable {
  id: Generated<number>;
  slug: string; // unique
  name: string;
  category: string; // fashion | sneakers | electronics | gaming | accessories
  kind: string; // what the drawing shows (sneaker, hoodie, phone, …)
  rarity: string; // common | uncommon | rare | epic | legendary
  price_cents: number; // integer cents
  sale_price_cents: number; // instant sell-back value, integer cents
  size_kind: string | null; // shoe | clothing | null
  img_url: string; // served path, e.g. /img/products/x.svg
  created_at: number; // epoch ms
}

/** A box; its odds live in immutable versions, the current one referenced here. */
export interface BoxesTable extends UserBoxColumns {
  id: Generated<number>;
  slug: string; // unique box name: URL /{box_type}/{slug} and /boxes/{slug}
  name: string;
  box_type: string; // first URL segment
  img_url: string;
  current_version_id: number | null; // box_versions row players open now
  price_cents: number; // price of the current version, integer cents
  openings: number; // openings counted before migration 0022; later ones are in box_open_counts
  created_at: number; // epoch ms
}

/** One immutable set of odds of a box; changing items makes a new version. */
export interface BoxVersionsTable {
  id: Generated<number>;
  box_id: number;
  version: number; // 1, 2, … per box
  price_cents: number; // EV × (1 + edge), rounded up
  ev_cents: number; // expected value, rounded half up
  sell_back_cents: number; // expected sale value, rounded half up
  house_edge_bp: number; // basis points
  created_at: number; // epoch ms
}

/** An item of a box version with its inclusive ticket range out of 100,000 and price snapshot. */
export interface BoxItemsTable {
  id: Generated<number>;
  box_version_id: number;
  product_id: number;
  position: number; // 0-based order of the ranges
  tickets: number; // ticket_to - ticket_from + 1
  ticket_from: number; // 1-based, inclusive
  ticket_to: number; // inclusive
  price_cents: number; // product price when the version was made
  sale_price_cents: number;
}

/** One item a player owns or owned. */
export interface InventoryItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  status: string; // owned | sold | used_in_upgrade | delivery_requested | shipped | delivered
  price_cents: number; // value when won, integer cents
  sale_price_cents: number; // what selling credits, integer cents
  size: string | null; // chosen for delivery
  source: string; // box | free_box | user_box | upgrade | admin
  source_ref: string | null; // e.g. "opening:12"
  created_at: number; // epoch ms
  updated_at: number; // epoch ms
}

/** One item won from a box (the live feed). */
export interface DropsTable {
  id: Generated<number>;
  user_id: number;
  box_id: number;
  box_version_id: number;
  product_id: number;
  inventory_item_id: number | null;
  source: string; // box | free_box | user_box
  ticket: number; // 1..100,000
  created_at: number; // epoch ms
}

/** One reel of a box opening with everything needed to verify it. */
export interface BoxOpeningsTable {
  id: Generated<number>;
  user_id: number;
  box_id: number;
  box_version_id: number;
  product_id: number;
  inventory_item_id: number;
  drop_id: number;
  price_cents: number; // what this reel cost
  ticket: number; // 1..100,000
  server_seed_hash: string;
  client_seed: string;
  nonce: number; // unique per server seed: each reel is a bet
  created_at: number; // epoch ms
}

/** A delivery request and its address. */
export interface ShipmentsTable {
  id: Generated<number>;
  user_id: number;
  status: string; // new | processing | shipped | delivered | canceled
  tracking_number: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country: string;
  country_state: string;
  city: string;
  postal_code: string;
  street_address: string;
  street_address_2: string | null;
  created_at: number; // epoch ms
  updated_at: number; // epoch ms
}

/** An inventory item in a shipment, with the size chosen. */
export interface ShipmentItemsTable {
  id: Generated<number>;
  shipment_id: number;
  inventory_item_id: number;
  size: string | null;
}

/** Catalog tables. */
/** A shard of a box's openings counter (migration 0022): reels opened by players whose id mod 64 is `shard`. */
export interface BoxOpenCountsTable {
  box_id: number;
  shard: number;
  n: number;
}

export interface CatalogTables {
  products: ProductsTable;
  boxes: BoxesTable;
  box_open_counts: BoxOpenCountsTable;
  box_versions: BoxVersionsTable;
  box_items: BoxItemsTable;
  inventory_items: InventoryItemsTable;
  drops: DropsTable;
  box_openings: BoxOpeningsTable;
  shipments: ShipmentsTable;
  shipment_items: ShipmentItemsTable;
}
