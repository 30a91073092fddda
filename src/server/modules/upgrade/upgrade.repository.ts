// Upgrade queries and row → API mapping; each query takes the database or a transaction first.
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { Upgrade, UpgradeTargetsQuery } from '../../../shared/api/upgrade.ts';
import type { ItemStatus } from '../../../shared/api/inventory.ts';
import { toDollars } from '../../../shared/money.ts';
import { bpToPercent } from '../../../shared/games/upgrade/upgrade.odds.ts';
import { containsText } from '../boxes/boxes.repository.ts';
import { iso, productColumns, productView, type ProductRow } from '../boxes/catalog.view.ts';
import { withRevealedSeeds } from '../fair/fair.repository.ts';
import { centsField } from '../../http/cents-field.ts';

type Q = Kysely<Tables>;

/** An upgrade row joined with its target product and (when won) the granted item. */
export interface UpgradeRow extends ProductRow {
  upgrade_id: number;
  stake_item_ids: string;
  stake_items_cents: number;
  stake_balance_cents: number;
  target_price_cents: number;
  chance_bp: number;
  edge_bp: number;
  roll: number;
  win: number;
  inventory_item_id: number | null;
  item_status: string | null;
  item_price_cents: number | null;
  item_sale_price_cents: number | null;
  item_created_at: number | null;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  created_at: number;
}

/** An upgrade row as the API shows it; `serverSeed` once the pair is revealed. */
export function toUpgrade(r: UpgradeRow, serverSeed: string | null): Upgrade {
  const product = productView(r);
  const items = Number(r.stake_items_cents);
  const balance = Number(r.stake_balance_cents);
  return {
    id: Number(r.upgrade_id),
    roll: Number(r.roll),
    win: Number(r.win) === 1,
    chance: bpToPercent(Number(r.chance_bp)),
    edge: bpToPercent(Number(r.edge_bp)),
    stake: {
      item_ids: JSON.parse(r.stake_item_ids) as number[],
      items_value: toDollars(items),
      balance: toDollars(balance),
      total: toDollars(items + balance),
    },
    target: { ...product, price: toDollars(Number(r.target_price_cents)) },
    new_item:
      r.inventory_item_id === null
        ? null
        : {
            id: Number(r.inventory_item_id),
            status: (r.item_status ?? 'owned') as ItemStatus,
            price: toDollars(Number(r.item_price_cents)),
            sale_price: toDollars(Number(r.item_sale_price_cents)),
            size: null,
            source: 'upgrade',
            created_at: iso(Number(r.item_created_at)),
            product,
          },
    nonce: Number(r.nonce),
    client_seed: r.client_seed,
    server_seed_hash: r.server_seed_hash,
    server_seed: serverSeed,
    created_at: iso(r.created_at),
  };
}

/** The upgrades row's own values, as an upgrade writes them. */
export type NewUpgradeRow = Pick<
  UpgradeRow,
  | 'stake_item_ids'
  | 'stake_items_cents'
  | 'stake_balance_cents'
  | 'target_price_cents'
  | 'chance_bp'
  | 'edge_bp'
  | 'roll'
  | 'win'
  | 'server_seed_hash'
  | 'client_seed'
  | 'nonce'
  | 'created_at'
> & { target_sale_price_cents: number };

/** A just-made upgrade as the API shows it, from what it wrote (no read back): its row, its id and
 * the granted item's id (the target at its price snapshot) when it won. */
export function newUpgrade(target: ProductRow, row: NewUpgradeRow, id: number, itemId: number | null): Upgrade {
  const won = itemId !== null;
  return toUpgrade(
    {
      ...target,
      ...row,
      upgrade_id: id,
      inventory_item_id: itemId,
      item_status: won ? 'owned' : null,
      item_price_cents: won ? row.target_price_cents : null,
      item_sale_price_cents: won ? row.target_sale_price_cents : null,
      item_created_at: won ? row.created_at : null,
    },
    null,
  );
}

function upgradeRows(db: Q) {
  return db
    .selectFrom('upgrades')
    .innerJoin('products', 'products.id', 'upgrades.target_product_id')
    .leftJoin('inventory_items', 'inventory_items.id', 'upgrades.inventory_item_id')
    .select([
      ...productColumns,
      'upgrades.id as upgrade_id',
      'upgrades.stake_item_ids',
      'upgrades.stake_items_cents',
      'upgrades.stake_balance_cents',
      'upgrades.target_price_cents',
      'upgrades.chance_bp',
      'upgrades.edge_bp',
      'upgrades.roll',
      'upgrades.win',
      'upgrades.inventory_item_id',
      'upgrades.server_seed_hash',
      'upgrades.client_seed',
      'upgrades.nonce',
      'upgrades.created_at',
      'inventory_items.status as item_status',
      'inventory_items.price_cents as item_price_cents',
      'inventory_items.sale_price_cents as item_sale_price_cents',
      'inventory_items.created_at as item_created_at',
    ]);
}

/** One upgrade by id (the replay page's; its server seed is joined by the caller once revealed). */
export async function findUpgrade(db: Q, id: number): Promise<Upgrade> {
  const row = await upgradeRows(db).where('upgrades.id', '=', id).executeTakeFirstOrThrow();
  return toUpgrade(row, null);
}

/** A player's latest upgrades, newest first, with the server seed once revealed. */
export async function listUpgrades(db: Q, userId: number, limit: number): Promise<Upgrade[]> {
  const rows = await upgradeRows(db)
    .where('upgrades.user_id', '=', userId)
    .orderBy('upgrades.id', 'desc')
    .limit(limit)
    .execute();
  return withRevealedSeeds(db, rows, toUpgrade);
}

/** Catalog products a player can aim at, filtered by name and price (cents), sorted by price. */
export async function findTargets(db: Q, q: UpgradeTargetsQuery) {
  let query = db.selectFrom('products').select([...productColumns]);
  if (q.search) query = query.where(containsText('products.name', q.search));
  if (q.min_price !== undefined)
    query = query.where('products.price_cents', '>=', centsField('min_price', q.min_price));
  if (q.max_price !== undefined)
    query = query.where('products.price_cents', '<=', centsField('max_price', q.max_price));
  return query
    .orderBy('products.price_cents', q.sort === 'price_desc' ? 'desc' : 'asc')
    .orderBy('products.id', 'asc')
    .limit(q.limit)
    .execute();
}
