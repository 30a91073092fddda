// Addresses accounts used (migration 0030): what self-referral is detected by.

/** One network address (as an HMAC key, never the address) an account signed up or in from. */
export interface AccountIpsTable {
  user_id: number;
  ip_key: string; // hex HMAC-SHA256(app secret, address), PRIMARY KEY with user_id
  first_seen: number; // epoch ms
  last_seen: number; // epoch ms
}
