// The pure part of an upgrade, shared by the Kysely transaction (upgrade.service.ts) and SQLite's
// synchronous job (upgrade.sqlite-bet.ts): the chance of a stake against a target, the fair roll,
// the upgrades row, and the refusals both paths give.
import { fieldError } from '../../http/errors.ts';
import type { Upgrade } from '../../../shared/api/upgrade.ts';
import {
  UPGRADE_EDGE_BP,
  bpToPercent,
  upgradeChance,
  upgradeChanceError,
} from '../../../shared/games/upgrade/upgrade.odds.ts';
import { upgradeOutcome } from '../../../shared/games/upgrade/upgrade.outcome.ts';

/** What an upgrade did. */
export interface PlacedUpgrade {
  upgrade: Upgrade;
  balanceCents: number; // after the upgrade
  balanceMoved: boolean; // publish balanceUpdated only then
}

export const GONE = 'Some of these items are no longer in your inventory.';
export const NO_TARGET = 'This target item does not exist.';

type Pair = { server_seed: string; server_seed_hash: string; client_seed: string; nonce: number };

/** What rolling an upgrade needs: the stake taken (steps 1–2) and the target's prices now. */
export interface UpgradeStake {
  userId: number;
  ids: number[]; // staked item ids, ascending
  itemsCents: number; // their price snapshots
  balanceCents: number;
  target: { id: number; price_cents: number; sale_price_cents: number };
  pair: Pair; // with the nonce taken
  now: number;
}

/** Refuses (400 on target_product_id) a stake whose chance of reaching the target is out of bounds. */
export function assertUpgradeChance(u: Pick<UpgradeStake, 'itemsCents' | 'balanceCents' | 'target'>): void {
  const problem = upgradeChanceError(u.itemsCents + u.balanceCents, Number(u.target.price_cents));
  if (problem) throw fieldError('target_product_id', problem);
}

/** Steps 3–4: the chance (a field error when out of bounds), the roll and the upgrades row. */
export function rollUpgrade(u: UpgradeStake) {
  const targetCents = Number(u.target.price_cents);
  assertUpgradeChance(u);
  const { chanceBp } = upgradeChance(u.itemsCents + u.balanceCents, targetCents);
  const { pair } = u;
  const outcome = upgradeOutcome(
    { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: pair.nonce },
    bpToPercent(chanceBp),
  );
  const row = {
    user_id: u.userId,
    stake_item_ids: JSON.stringify(u.ids),
    stake_items_cents: u.itemsCents,
    stake_balance_cents: u.balanceCents,
    target_product_id: u.target.id,
    target_price_cents: targetCents,
    target_sale_price_cents: Number(u.target.sale_price_cents),
    chance_bp: chanceBp,
    edge_bp: UPGRADE_EDGE_BP,
    roll: outcome.roll,
    win: outcome.win ? 1 : 0,
    inventory_item_id: null,
    server_seed_hash: pair.server_seed_hash,
    client_seed: pair.client_seed,
    nonce: pair.nonce,
    created_at: u.now,
  };
  return { row, win: outcome.win };
}
