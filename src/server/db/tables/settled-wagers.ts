// Settled wagers (migration 0025): what every programme counts. Money is integer cents; times are epoch ms.
import type { Generated } from 'kysely';

/** One wager that settled (won, lost or cashed out; never one refunded), written as it settled. */
export interface SettledWagersTable {
  id: Generated<number>;
  user_id: number; // who staked it (a battle's bot seats: the player who paid them)
  kind: string; // the stake's ledger kind: bet, plinko_bet, crash_bet, wheel_bet, box, user_box, upgrade, battle
  table_key: string; // plinko 'rows:risk', wheel colour; '' for one-table games
  stake_cents: number;
  edge_units: number; // stake × the table's edge in bp (shared/economics/house-edge.ts); XP × 10,000
  wager_key: string; // the stake debit's ledger idempotency key: once per wager (wallet/settled-wagers.ts SETTLED_WITH_STAKE)
  settled_at: number; // epoch ms
}
