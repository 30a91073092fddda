// Wallet: promo codes, payments, crypto, gift codes, vouchers, withdrawals and the outbox.
import type { Generated } from 'kysely';

/** The columns of a code redeemable a limited number of times (promo codes, vouchers). */
interface LimitedUses {
  max_uses: number | null; // total-use limit; null = unlimited
  uses: number; // redemptions so far
  expires_at: number | null; // epoch ms
  created_at: number; // epoch ms
}

/** One player's use of a code (promo codes, vouchers; UNIQUE code id + user_id). */
interface Redemption {
  id: Generated<number>;
  user_id: number;
  created_at: number; // epoch ms
}

/** A promo code; value is a percentage, or cents when is_fixed_value. */
export interface PromoCodesTable extends LimitedUses {
  id: Generated<number>;
  code: string; // lower-case, unique
  value: number; // percent (int) or cents
  is_fixed_value: number; // 0 | 1
  free_box: number; // 0 | 1: grants one free box opening entitlement
}

/** One player's use of a promo code (UNIQUE promo_id + user_id). */
export interface PromoRedemptionsTable extends Redemption {
  promo_id: number;
  payment_id: number; // the deposit the bonus was paid with
}

/** Something a player may claim later, e.g. one free box opening from case35. */
export interface EntitlementsTable {
  id: Generated<number>;
  user_id: number;
  kind: string; // free_box
  source: string; // e.g. promo:case35
  reference: string; // UNIQUE, e.g. payment:42
  used_at: number | null; // epoch ms, set by whoever consumes it
  created_at: number; // epoch ms
}

/** One deposit of any method, with the statuses of spec §4. */
export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  method: string; // zen, skinsback, alphapo, giftcard, voucher
  status: string; // new, reversed, paid, rejected
  amount_cents: number; // credited (or to credit) without bonus
  bonus_cents: number; // promo bonus paid with it
  currency: string | null; // crypto code for alphapo
  crypto_amount: string | null; // decimal string in that currency
  promo_id: number | null;
  provider_ref: string | null; // provider payment id / tx hash, UNIQUE
  created_at: number; // epoch ms
  updated_at: number; // epoch ms
}

/** The current USD rate of a crypto currency (micro-dollars per unit). */
export interface CryptoRatesTable {
  currency: string;
  usd_micros: number;
  source: string; // which rates source wrote it
  updated_at: number; // epoch ms
}

/** A player's deposit address per currency (stable, derived from APP_SECRET). */
export interface CryptoAddressesTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  address: string;
  created_at: number; // epoch ms
}

/** A transfer on the sandbox chain to a deposit address. */
export interface CryptoTransfersTable {
  id: Generated<number>;
  tx_hash: string;
  currency: string;
  address: string;
  amount: string; // decimal string, ≤ 8 decimals
  confirmations: number;
  status: string; // pending, credited, below_minimum
  user_id: number;
  payment_id: number;
  created_at: number; // epoch ms
  updated_at: number; // epoch ms
}

/** A single-use gift code. */
export interface GiftCodesTable {
  id: Generated<number>;
  code: string;
  value_cents: number;
  redeemed_by: number | null;
  redeemed_at: number | null; // epoch ms
  created_at: number; // epoch ms
}

/** A voucher: one use per player, optional total limit and expiry. */
export interface VouchersTable extends LimitedUses {
  id: Generated<number>;
  code: string; // lower-case, unique
  value_cents: number;
}

/** One player's use of a voucher (UNIQUE voucher_id + user_id). */
export interface VoucherRedemptionsTable extends Redemption {
  voucher_id: number;
}

/** A withdrawal request; the amount is debited at request and returned on cancel. */
export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  amount_cents: number; // debited
  fee_cents: number; // kept from the payout
  method: string; // crypto code
  address: string; // destination, validated for its chain
  status: string; // new, in_processing, done, canceled, canceled_by_user
  request_key: string | null; // "{user}:{Idempotency-Key}" of the request, UNIQUE
  created_at: number; // epoch ms
  updated_at: number; // epoch ms
}

/** A balance notification another process asks the server to publish. */
export interface OutboxTable {
  id: Generated<number>;
  user_id: number;
  event: string; // balanceUpdated
  created_at: number; // epoch ms
  published_at: number | null; // epoch ms
}

/** The first answer of a money call made with an Idempotency-Key (UNIQUE user_id + request_key). */
export interface IdempotentRequestsTable {
  id: Generated<number>;
  user_id: number;
  request_key: string; // the header's value, 1–100 visible ASCII characters
  scope: string; // the call, e.g. "dice:bet" or "box:open:starter"
  body_hash: string; // sha256 hex of the scope and canonical body: a reused key must carry the same request
  response: string; // JSON of the first answer
  created_at: number; // epoch ms
}

/** Wallet tables. */
export interface WalletTables {
  promo_codes: PromoCodesTable;
  promo_redemptions: PromoRedemptionsTable;
  entitlements: EntitlementsTable;
  payments: PaymentsTable;
  crypto_rates: CryptoRatesTable;
  crypto_addresses: CryptoAddressesTable;
  crypto_transfers: CryptoTransfersTable;
  gift_codes: GiftCodesTable;
  vouchers: VouchersTable;
  voucher_redemptions: VoucherRedemptionsTable;
  withdrawals: WithdrawalsTable;
  outbox: OutboxTable;
  idempotent_requests: IdempotentRequestsTable;
}
