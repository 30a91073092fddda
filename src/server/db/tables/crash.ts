// Rocket (crash): the chain, the rounds and the bets (migration 0014).
import type { Generated } from 'kysely';
import type { RoundColumns } from './rounds.ts';

/** The installation's crash chain (one row, id 1). */
export interface CrashChainTable {
  id: number;
  terminating_hash: string; // published
  salt: string; // published
  games: number; // hashes before the terminating one = games the chain can play
  checkpoint_every: number;
  created_at: number;
}

/** Every checkpoint_every-th hash of the chain (index 0 = the secret seed); secret. */
export interface CrashChainCheckpointsTable {
  chain_index: number;
  hash: string;
}

/** A crash round: its game hash and crash point are fixed at creation and shown only once ended. */
export interface CrashRoundsTable extends RoundColumns {
  game_number: number;
  hash: string;
  crash_point_cents: number;
  heartbeat_at: number | null; // the leader's last beat while in progress (epoch ms; migration 0028)
  voided_at: number | null; // set when the round was voided (its leader gone too long): bets refunded
}

/** One bet per player per round. */
export interface CrashBetsTable {
  id: Generated<number>;
  round_id: number;
  user_id: number;
  amount_cents: number;
  auto_cashout_cents: number | null;
  status: 'active' | 'cashed_out' | 'lost' | 'refunded'; // refunded: its round was voided
  multiplier_cents: number | null;
  payout_cents: number | null;
  created_at: number;
  settled_at: number | null;
}

/** Crash tables. */
export interface CrashTables {
  crash_chain: CrashChainTable;
  crash_chain_checkpoints: CrashChainCheckpointsTable;
  crash_rounds: CrashRoundsTable;
  crash_bets: CrashBetsTable;
}
