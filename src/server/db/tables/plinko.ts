// Plinko drops.
import type { Generated } from 'kysely';

/** One settled drop. */
export interface PlinkoBetsTable {
  id: Generated<number>;
  user_id: number;
  amount_cents: number; // stake, integer cents
  payout_cents: number; // amount × multiplier rounded down, integer cents
  rows: number; // 8 … 16
  risk: 'low' | 'medium' | 'high';
  path: string; // "L"/"R" per row
  bucket: number; // 0 … rows, left to right
  multiplier: number;
  server_seed_hash: string;
  client_seed: string;
  nonce: number; // unique per server seed
  created_at: number; // epoch ms
}

/** Plinko tables. */
export interface PlinkoTables {
  plinko_bets: PlinkoBetsTable;
}
