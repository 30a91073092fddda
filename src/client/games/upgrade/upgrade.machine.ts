// Upgrade's instant-bet machine: the shared machine typed with the upgrade's stake and result.
// `amount` is the balance part of the stake (dollars); `payout` the target's price when won.
import { createInstantBetMachine } from '../../engine/machines/instant-bet.machine.ts';
import type { Upgrade, UpgradeBody } from '../../../shared/api/upgrade.ts';
import type { UpgradeScript } from '../../../shared/games/upgrade/upgrade.script.ts';

/** What the HUD stakes. */
export interface UpgradeParams {
  amount: number; // dollars of balance staked (0 for items only)
  item_ids: number[]; // owned inventory items
  target_product_id: number;
}

/** A settled upgrade with the animation computed for it. */
export interface UpgradeResult {
  win: boolean;
  payout: number; // dollars: the target's price when won, else 0
  upgrade: Upgrade;
  balance: number; // dollars after the upgrade
  script: UpgradeScript;
}

/** The POST /api/upgrade body for the HUD's parameters. */
export function upgradeRequest(params: UpgradeParams): UpgradeBody {
  return { item_ids: params.item_ids, balance: params.amount, target_product_id: params.target_product_id };
}

/** The upgrade machine. */
export const upgradeMachine = createInstantBetMachine<UpgradeParams, UpgradeResult>();
