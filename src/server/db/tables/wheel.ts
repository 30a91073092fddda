// Crazy Wheel rows (migration 0015): day seeds, rounds, bets. Money in cents, times epoch ms.
import type { Generated } from 'kysely';
import type { WheelColor } from '../../../shared/api/rounds.ts';
import type { RoundColumns } from './rounds.ts';

/** A UTC day's committed seeds; server_seed is shown only once the day is over. */
export interface WheelDaySeedsTable {
  date: string; // YYYY-MM-DD
  server_seed: string;
  server_seed_hash: string;
  public_seed: string;
  created_at: number;
}

/** One round: the generic round columns, the day whose seeds drew it, its segment (secret until ended). */
export interface WheelRoundsTable extends RoundColumns {
  seed_date: string;
  segment: number;
}

/** A bet on one colour of one round. */
export interface WheelBetsTable {
  id: Generated<number>;
  round_id: number;
  user_id: number;
  color: WheelColor;
  amount_cents: number;
  status: 'active' | 'canceled' | 'won' | 'lost';
  payout_cents: number | null;
  created_at: number;
  settled_at: number | null;
}

/** Crazy Wheel tables. */
export interface WheelTables {
  wheel_day_seeds: WheelDaySeedsTable;
  wheel_rounds: WheelRoundsTable;
  wheel_bets: WheelBetsTable;
}
