// Row types of every table, as Kysely sees them. Money is integer cents; times are epoch milliseconds.
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

/** A password-reset request; the token is mailed, only its hash is kept. Single use, 60 minutes. */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string; // hex HMAC-SHA256 of the mailed token
  expires_at: number; // epoch ms
  used_at: number | null; // epoch ms; set when the token resets the password
  created_at: number; // epoch ms
}

/** Mail written by the outbox adapter (no SMTP configured); readable at /dev/mail in development. */
export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body_text: string;
  created_at: number; // epoch ms
}

/** A social identity linked to an account. */
export interface SocialAccountsTable {
  id: Generated<number>;
  user_id: number;
  provider: string; // google, facebook, steam
  provider_user_id: string; // the provider's stable id of the person
  created_at: number; // epoch ms
}

/** A marketing source (utm_source) and the opaque link the client sends back as X-TLink. */
export interface TrackingLinksTable {
  id: Generated<number>;
  source: string; // utm_source as given
  link: string; // opaque value of the trackingLink cookie
  visits: number; // GET /api/tl/{source} calls
  created_at: number; // epoch ms
}

/** A player's own referral code (/ref/{code}). */
export interface ReferralLinksTable {
  id: Generated<number>;
  user_id: number;
  code: string;
  created_at: number; // epoch ms
}

/** Where a player came from, recorded at registration. */
export interface UserAttributionsTable {
  id: Generated<number>;
  user_id: number;
  tracking_link_id: number | null; // from the X-TLink header
  referrer_id: number | null; // from /ref/{code}
  wants_promotions: number; // 0 | 1: the promotions checkbox
  created_at: number; // epoch ms
}

/** Every table of the schema. */
export interface Tables {
  users: UsersTable;
  ledger: LedgerTable;
  oauth_tokens: OauthTokensTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  social_accounts: SocialAccountsTable;
  tracking_links: TrackingLinksTable;
  referral_links: ReferralLinksTable;
  user_attributions: UserAttributionsTable;
}
