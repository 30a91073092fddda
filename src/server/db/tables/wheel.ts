// Crazy Wheel rows (migration 0015): day seeds, rounds, bets. Money in cents, times epoch ms.
import type { Generated } from 'kysely';
import type { RoundStatus, WheelColor } from '../../../shared/api/rounds.ts';

/** A UTC day's committed seeds; server_seed is shown only once the day is over. */
export interface WheelDaySeedsTable {
  date: string; // YYYY-MM-DD
  server_seed: string;
  server_seed_hash: string;
  public_seed: string;
  created_at: number;
}

/** One round: the time each status began; segment set when ended. */
export interface WheelRoundsTable {
  id: Generated<number>;
  status: RoundStatus;
  seed_date: string;
  created_at: number;
  starting_at: number | null;
  betting_ends_at: number | null;
  pending_at: number | null;
  in_progress_at: number | null;
  ended_at: number | null;
  segment: number | null;
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
