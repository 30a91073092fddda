// Core row types: players, the ledger and OAuth tokens. Money is integer cents; times are epoch ms.
import type { Generated } from 'kysely';

/** A player account. */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string; // stored lower-case, unique
  password_hash: string | null; // null for social-only accounts
  avatar_url: string | null;
  balance_cents: number; // integer cents, CHECK >= 0
  level: number;
  created_at: number; // epoch ms
}

/** One balance change; the sum of deltas of a user equals their balance. */
export interface LedgerTable {
  id: Generated<number>;
  user_id: number;
  delta_cents: number; // signed integer cents
  balance_after_cents: number;
  kind: string; // deposit, bet, win, sale, withdrawal, refund, admin, …
  reference: string | null; // the row this move belongs to, e.g. "dice_bet:42"
  idempotency_key: string; // UNIQUE: a retried move returns the first result
  created_at: number; // epoch ms
}

/** One issued token pair; tokens themselves are never stored, only their hashes. */
export interface OauthTokensTable {
  id: Generated<number>;
  user_id: number;
  family: string; // shared by every pair rotated from one sign-in (reuse detection)
  access_hash: string; // hex HMAC-SHA256 of the access token
  refresh_hash: string; // hex HMAC-SHA256 of the refresh token
  access_expires_at: number; // epoch ms
  refresh_expires_at: number; // epoch ms
  revoked_at: number | null; // epoch ms; set on logout, rotation or reuse
  created_at: number; // epoch ms
}

/** Core tables. */
export interface CoreTables {
  users: UsersTable;
  ledger: LedgerTable;
  oauth_tokens: OauthTokensTable;
}
