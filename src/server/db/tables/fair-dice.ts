// Provably-fair seed pairs and dice bets.
import type { Generated } from 'kysely';

/** A provably-fair seed pair: the active one, the committed next one, or a revealed one. */
export interface FairSeedsTable {
  id: Generated<number>;
  user_id: number;
  slot: 'active' | 'next' | null; // null once revealed
  server_seed: string; // 64 hex chars; secret until revealed
  server_seed_hash: string; // SHA-256 of server_seed (hex), shown before use
  client_seed: string;
  nonce: number; // bets made with this pair = the next bet's nonce
  created_at: number; // epoch ms
  revealed_at: number | null; // epoch ms
}

/** One dice bet with everything needed to verify it. */
export interface DiceBetsTable {
  id: Generated<number>;
  user_id: number;
  amount_cents: number;
  payout_cents: number; // 0 when lost
  target_bp: number; // target × 100
  direction: 'over' | 'under';
  roll_bp: number; // roll × 100
  multiplier: number;
  win: number; // 0 | 1
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  created_at: number; // epoch ms
}

/** Fair and dice tables. */
export interface FairDiceTables {
  fair_seeds: FairSeedsTable;
  dice_bets: DiceBetsTable;
}
