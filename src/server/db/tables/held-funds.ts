// Held funds and the withdrawals column of migration 0029 (issue 24 item 6).
import type { Generated } from 'kysely';

/**
 * Crypto credited as held funds: the part of a confirmed transfer over a deposit limit, or all of it
 * while the player was self-excluded. Withdrawable at once; released into the balance by ONE ledger
 * move per row (key `held-release:{id}`) once the limits allow.
 */
export interface HeldFundsTable {
  id: Generated<number>;
  user_id: number;
  payment_id: number | null; // the crypto payment the coins came with
  source: string; // deposit (at confirmation) | remainder (of a partial release) | refund (a canceled withdrawal's held part)
  reason: string; // deposit_limit | self_exclusion: why it was held when it arrived
  reference: string; // crypto:{tx hash}, held:{row split}, withdrawal:{id}
  amount_cents: number; // held in this row when it was made
  left_cents: number; // still held (amount − withdrawn − released)
  released_cents: number | null; // moved into the balance (once)
  released_at: number | null; // epoch ms of that move
  created_at: number; // epoch ms
}

/** withdrawals columns of migration 0029. */
export interface WithdrawalsHeldColumns {
  held_cents: Generated<number>; // the part of amount_cents drawn from held funds (returned there on cancel)
}

/** One counted visit: a referral link, a browser's random id, a UTC day (UNIQUE together). */
export interface ReferralVisitsTable {
  id: Generated<number>;
  link_id: number;
  visitor: string; // random id of the la_visitor cookie (no other data about the visitor)
  day: number; // UTC days since 1970-01-01
}
