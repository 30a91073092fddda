// The PostgreSQL hot path of an upgrade: ONE round trip, a call of la_upgrade (migration
// 0023-upgrade-pg), which locks the user row, the active seed pair and the staked items (ascending
// id), checks everything before writing, then takes the nonce, consumes the items, rolls
// (HMAC-SHA256 in SQL, the same bytes as shared/fair), grants the target on a win, writes the
// upgrades row and debits a balance stake through the ledger's rules, in the statement's own
// transaction. It answers what placeUpgrade answers, with the same errors. The chance is computed
// in SQL (the items' price snapshots are only known there) from the same constants and integer
// rounding as upgradeChance; a refused chance is worded here by upgradeChanceError. A player's very
// first upgrade creates the seed pairs first (one more trip, once).
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import { wagerEdgeUnits } from '../../../shared/economics/house-edge.ts';
import {
  UPGRADE_EDGE_BP,
  UPGRADE_MAX_CHANCE_BP,
  UPGRADE_MIN_CHANCE_BP,
  upgradeChanceError,
} from '../../../shared/games/upgrade/upgrade.odds.ts';
import type { ProductRow } from '../boxes/catalog.view.ts';
import { refusal, withSeedPairs, withSettledStakes, type Refused } from '../wallet/pg-bet.ts';
import { newUpgrade } from './upgrade.repository.ts';
import { GONE, NO_TARGET, type PlacedUpgrade } from './upgrade.roll.ts';
import type { AskedUpgrade } from './upgrade.sqlite-bet.ts';

type Answer =
  | Refused
  | { status: 'no_target' | 'gone' }
  | { status: 'chance'; items_cents: number; target_cents: number }
  | {
      status: 'ok';
      id: number;
      target: ProductRow;
      items_cents: number;
      chance_bp: number;
      roll: number;
      win: boolean;
      inventory_item_id: number | null;
      nonce: number;
      client_seed: string;
      server_seed_hash: string;
      balance_cents: number;
    };

async function call(database: Database, u: AskedUpgrade): Promise<Answer> {
  const edge = wagerEdgeUnits('upgrade', '', u.balanceCents);
  const fn = sql`la_upgrade(${u.userId}, ${u.ids}::bigint[],
    ${JSON.stringify(u.ids)}, ${u.balanceCents}, ${u.targetProductId}, ${UPGRADE_EDGE_BP}, ${UPGRADE_MIN_CHANCE_BP},
    ${UPGRADE_MAX_CHANCE_BP}, ${edge}, ${u.now})`;
  const { rows } = await withSettledStakes<Answer>(fn, {
    userId: u.userId,
    kind: 'upgrade',
    table: '',
    stakeCents: u.balanceCents,
    edgeUnits: edge,
    keyPrefix: 'upgrade:',
    keySuffix: '',
    perReel: false,
    now: u.now,
  }).execute(database.db);
  return rows[0]!.answer;
}

/** Settles the upgrade on PostgreSQL in one round trip (see the file comment). */
export async function placeUpgradePg(database: Database, u: AskedUpgrade): Promise<PlacedUpgrade> {
  const answer = await withSeedPairs(database, u.userId, u.now, () => call(database, u));
  switch (answer.status) {
    case 'ok':
      return placed(u, answer);
    case 'no_target':
      throw fieldError('target_product_id', NO_TARGET);
    case 'gone':
      throw new HttpError(409, GONE, { item_ids: [GONE] });
    case 'chance': {
      const problem = upgradeChanceError(answer.items_cents + u.balanceCents, answer.target_cents);
      if (!problem) throw new Error('la_upgrade: refused a chance upgradeChanceError allows');
      throw fieldError('target_product_id', problem);
    }
    default:
      refusal(answer, 'la_upgrade');
  }
}

/** The answer of placeUpgrade from the statement's answer, as findUpgrade would read it back. */
function placed(u: AskedUpgrade, a: Answer & { status: 'ok' }): PlacedUpgrade {
  const row = {
    stake_item_ids: JSON.stringify(u.ids),
    stake_items_cents: a.items_cents,
    stake_balance_cents: u.balanceCents,
    target_price_cents: a.target.price_cents,
    target_sale_price_cents: a.target.sale_price_cents,
    chance_bp: a.chance_bp,
    edge_bp: UPGRADE_EDGE_BP,
    roll: a.roll,
    win: a.win ? 1 : 0,
    server_seed_hash: a.server_seed_hash,
    client_seed: a.client_seed,
    nonce: a.nonce,
    created_at: u.now,
  };
  const upgrade = newUpgrade(a.target, row, a.id, a.inventory_item_id);
  return { upgrade, balanceCents: a.balance_cents, balanceMoved: u.balanceCents > 0 };
}
