// Accounts: password resets, mail outbox, social identities, tracking links, referrals.
import type { Generated } from 'kysely';

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

/** Account tables. */
export interface AccountsTables {
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  social_accounts: SocialAccountsTable;
  tracking_links: TrackingLinksTable;
  referral_links: ReferralLinksTable;
  user_attributions: UserAttributionsTable;
}

/** users columns of migration 0013. */
export interface UsersVerificationColumns {
  email_verified_at: number | null; // epoch ms when the owner proved the email (mailed link, reset, provider); null = unproven
}
