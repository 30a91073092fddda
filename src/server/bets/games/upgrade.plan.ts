// The plan of an upgrade (bets/plan.ts): the chance of the stake against the target
// (shared/games/upgrade upgradeChance), the roll from the shared outcome the verifiers call
// (upgradeOutcome), the upgrades row, the staked items taken (a claim: owned → used_in_upgrade, a
// taken one refuses the bet 409), the balance part debited (kind `upgrade`, key
// `upgrade:{server seed hash}:{nonce}`, settling at once) and, on a win, the target granted at its
// price snapshot (source `upgrade`, source_ref `upgrade:{upgrade id}`), the upgrades row linked to it.
import { wagerEdgeUnits } from '../../../shared/economics/house-edge.ts';
import { UPGRADE_EDGE_BP, bpToPercent, upgradeChance } from '../../../shared/games/upgrade/upgrade.odds.ts';
import { upgradeOutcome } from '../../../shared/games/upgrade/upgrade.outcome.ts';
import type { BetPlan, PlanMove, PlanRow, SeedPair } from '../plan.ts';

/** The refusal of a stake whose items are no longer the player's (spec: 409). */
export const GONE = 'Some of these items are no longer in your inventory.';

/** An upgrade checked by upgrade.service (the target exists, the items were owned, the chance is
 * within bounds). */
export interface UpgradeBet {
  userId: number;
  items: readonly { id: number; price_cents: number }[]; // staked, ascending id
  balanceCents: number;
  target: { id: number; price_cents: number; sale_price_cents: number };
  now: number;
}

/** The upgrades row an upgrade writes (its inventory_item_id is linked on a win). */
export interface UpgradeRowValues {
  user_id: number;
  stake_item_ids: string;
  stake_items_cents: number;
  stake_balance_cents: number;
  target_product_id: number;
  target_price_cents: number;
  target_sale_price_cents: number;
  chance_bp: number;
  edge_bp: number;
  roll: number;
  win: number;
  inventory_item_id: null;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  created_at: number;
}

/** What the answer needs besides the ids: the upgrades row as written. */
export interface UpgradeOutcome {
  row: UpgradeRowValues;
  win: boolean;
}

/** The plan of `u` on `pair` (its nonce is the upgrade's). */
export function upgradePlan(u: UpgradeBet, pair: SeedPair): BetPlan<UpgradeOutcome> {
  const { userId, target, now } = u;
  const itemsCents = u.items.reduce((sum, i) => sum + Number(i.price_cents), 0);
  const targetCents = Number(target.price_cents);
  const { chanceBp } = upgradeChance(itemsCents + u.balanceCents, targetCents);
  const { roll, win } = upgradeOutcome(
    { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce },
    bpToPercent(chanceBp),
  );
  const ids = u.items.map((i) => i.id);
  const row: UpgradeRowValues = {
    user_id: userId,
    stake_item_ids: JSON.stringify(ids),
    stake_items_cents: itemsCents,
    stake_balance_cents: u.balanceCents,
    target_product_id: target.id,
    target_price_cents: targetCents,
    target_sale_price_cents: Number(target.sale_price_cents),
    chance_bp: chanceBp,
    edge_bp: UPGRADE_EDGE_BP,
    roll,
    win: win ? 1 : 0,
    inventory_item_id: null,
    server_seed_hash: pair.serverSeedHash,
    client_seed: pair.clientSeed,
    nonce: pair.nonce,
    created_at: now,
  };
  const rows: PlanRow[] = [{ table: 'upgrades', values: { ...row } }];
  if (win) {
    rows[0]!.link = { inventory_item_id: '{#1}' };
    rows.push({
      table: 'inventory_items',
      values: {
        user_id: userId,
        product_id: target.id,
        status: 'owned',
        price_cents: row.target_price_cents,
        sale_price_cents: row.target_sale_price_cents,
        size: null,
        source: 'upgrade',
        source_ref: 'upgrade:{#0}',
        created_at: now,
        updated_at: now,
      },
    });
  }
  const moves: PlanMove[] = [];
  if (u.balanceCents > 0)
    moves.push({
      userId,
      deltaCents: -u.balanceCents,
      kind: 'upgrade',
      reference: 'upgrade:{#0}',
      key: `upgrade:${pair.serverSeedHash}:${pair.nonce}`,
      settles: { table: '', edgeUnits: wagerEdgeUnits('upgrade', '', u.balanceCents) },
    });
  return {
    userId,
    pair,
    nonces: 1,
    rows,
    counters: [],
    updates: [],
    claims: [
      {
        table: 'inventory_items',
        ids,
        where: { user_id: userId, status: 'owned' },
        set: { status: 'used_in_upgrade', updated_at: now },
        refusal: { status: 409, message: GONE, errors: { item_ids: [GONE] } },
      },
    ],
    moves,
    now,
    plays: true, // staking items only is playing too: refused while self-excluded
    outcome: { row, win },
  };
}
