// Affiliates and support (migration 0019): support tickets, their messages and attachments.
import type { Generated } from 'kysely';

/** A player's support ticket; status open → answered (support replied) → closed. */
export interface SupportTicketsTable {
  id: Generated<number>;
  user_id: number;
  subject: string;
  category: string; // deposit, withdrawal, delivery, account, fairness, other
  status: string; // open | answered | closed
  unread: Generated<number>; // support replies the player has not opened yet
  created_at: number; // epoch ms
  updated_at: number; // epoch ms: the last message or status change
}

/** One message of a ticket's thread. */
export interface SupportMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  author: string; // player | support
  message: string;
  created_at: number; // epoch ms
}

/** An image attached to a message, stored as DATA_DIR/support/{file}. */
export interface SupportAttachmentsTable {
  id: Generated<number>;
  message_id: number;
  file: string; // server-made name: {user id}-{random hex}.{ext}
  mime: string; // image/png | image/jpeg | image/webp (from the bytes)
  size: number; // bytes
}

/** Support tables. */
export interface SupportTables {
  support_tickets: SupportTicketsTable;
  support_messages: SupportMessagesTable;
  support_attachments: SupportAttachmentsTable;
}

/** referral_links columns of migration 0019. */
export interface ReferralLinksAffiliateColumns {
  visits: Generated<number>; // landings on /ref/{code}
  code_changed_at: number | null; // epoch ms of the one allowed code change; null = still the default
  claimed_cents: Generated<number>; // commission paid out so far (earned − this = claimable)
}

/** outbox columns of migration 0019. */
export interface OutboxPayloadColumns {
  payload: string | null; // JSON of the event's data (null: balanceUpdated reads the balance at publish time)
}
