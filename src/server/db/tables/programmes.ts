// Responsible play and the programmes (migration 0018). Money is integer cents; times are epoch ms.
import type { Generated } from 'kysely';

/** Columns migration 0018 adds to `users`. */
export interface UsersProgrammeColumns {
  self_excluded_until: number | null; // epoch ms; no bets, openings or deposits before it
  hide_public_stats: Generated<number>; // 0 | 1: the leaderboard masks the name and avatar
}

/** A deposit limit per player and period; a raise waits in pending_* until pending_from. */
export interface DepositLimitsTable {
  user_id: number;
  period: string; // 'day' | 'week' | 'month' (rolling 24 h, 7 d, 30 d)
  amount_cents: number | null; // in force; null = none
  pending_amount_cents: number | null; // applies at pending_from (null there = the limit is removed)
  pending_from: number | null; // epoch ms; null = nothing pending
  updated_at: number; // epoch ms
}

/** A closed leaderboard week: the row whose insert claims the payout (one instance wins). */
export interface LeaderboardPeriodsTable {
  period_end: number; // epoch ms, PRIMARY KEY
  period_start: number; // epoch ms
  closed_at: number; // epoch ms
}

/** A prize paid for a place of a closed week. */
export interface LeaderboardPayoutsTable {
  period_end: number; // epoch ms
  place: number; // 1…
  user_id: number;
  wagered_cents: number;
  amount_cents: number;
  ledger_id: number;
}

/** A claimed cashback window; PRIMARY KEY (user_id, window_end) makes it once per window. */
export interface CashbackClaimsTable {
  user_id: number;
  window_end: number; // epoch ms
  window_start: number; // epoch ms
  net_loss_cents: number; // before issue 24 (migration 0025): the window's net loss; 0 since
  wagered_cents: Generated<number>; // the window's settled stakes (migration 0025)
  edge_units: Generated<number>; // their expected house profit, cents × bp: the cashback is a share of it
  amount_cents: number;
  ledger_id: number;
  created_at: number; // epoch ms
}

/** Programme tables. */
export interface ProgrammeTables {
  deposit_limits: DepositLimitsTable;
  leaderboard_periods: LeaderboardPeriodsTable;
  leaderboard_payouts: LeaderboardPayoutsTable;
  cashback_claims: CashbackClaimsTable;
}
