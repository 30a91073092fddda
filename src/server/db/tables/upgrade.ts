// Upgrade rows: what was staked, what was aimed at, and everything needed to verify the roll.
import type { Generated } from 'kysely';

/** One upgrade (stake items are consumed whatever the result). */
export interface UpgradesTable {
  id: Generated<number>;
  user_id: number;
  stake_item_ids: string; // JSON array of inventory item ids, ascending
  stake_items_cents: number; // sum of the staked items' price snapshots, integer cents
  stake_balance_cents: number; // balance debited (ledger kind 'upgrade'), integer cents
  target_product_id: number;
  target_price_cents: number; // target price the chance was computed from (granted as the snapshot)
  target_sale_price_cents: number;
  chance_bp: number; // chance in basis points of a percent (7500 = 75.00%), after the cap
  edge_bp: number; // house edge used, basis points
  roll: number; // fair float × 100, in [0, 100)
  win: number; // 1 when roll < chance_bp / 100
  inventory_item_id: number | null; // the granted target when won
  server_seed_hash: string;
  client_seed: string;
  nonce: number; // unique per server seed: the upgrade is one bet
  created_at: number; // epoch ms
}

/** Upgrade tables. */
export interface UpgradeTables {
  upgrades: UpgradesTable;
}
