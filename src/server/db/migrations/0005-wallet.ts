// Wallet: promo codes, payments, crypto sandbox, gift codes, vouchers, withdrawals, and the
// outbox through which other processes (the operator CLI) ask the server to publish.
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from './columns.ts';

/** The closing columns of a code redeemable a limited number of times (promo codes, vouchers). */
function limitedUses<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`uses >= 0`),
    )
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull());
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await idColumn(s.createTable('promo_codes'), dialect)
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('is_fixed_value', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_box', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(limitedUses)
    .execute();

  await idColumn(s.createTable('payments'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('bonus_cents', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`bonus_cents >= 0`),
    )
    .addColumn('currency', 'varchar(16)')
    .addColumn('crypto_amount', 'varchar(40)')
    .addColumn('promo_id', 'bigint', (c) => c.references('promo_codes.id'))
    .addColumn('provider_ref', 'varchar(128)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('payments_user_idx').on('payments').columns(['user_id', 'id']).execute();

  await idColumn(s.createTable('promo_redemptions'), dialect)
    .addColumn('promo_id', 'bigint', (c) => c.notNull().references('promo_codes.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('payment_id', 'bigint', (c) => c.notNull().references('payments.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('promo_redemptions_once', ['promo_id', 'user_id'])
    .execute();

  await idColumn(s.createTable('entitlements'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('reference', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('entitlements_user_idx').on('entitlements').columns(['user_id', 'kind']).execute();

  await s
    .createTable('crypto_rates')
    .addColumn('currency', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('usd_micros', 'bigint', (c) => c.notNull().check(sql`usd_micros > 0`))
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(s.createTable('crypto_addresses'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('currency', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('crypto_addresses_user_currency', ['user_id', 'currency'])
    .execute();

  await idColumn(s.createTable('crypto_transfers'), dialect)
    .addColumn('tx_hash', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('currency', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount', 'varchar(40)', (c) => c.notNull())
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('payment_id', 'bigint', (c) => c.notNull().references('payments.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(s.createTable('gift_codes'), dialect)
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('value_cents', 'bigint', (c) => c.notNull().check(sql`value_cents > 0`))
    .addColumn('redeemed_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('redeemed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(s.createTable('vouchers'), dialect)
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('value_cents', 'bigint', (c) => c.notNull().check(sql`value_cents > 0`))
    .$call(limitedUses)
    .execute();

  await idColumn(s.createTable('voucher_redemptions'), dialect)
    .addColumn('voucher_id', 'bigint', (c) => c.notNull().references('vouchers.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('voucher_redemptions_once', ['voucher_id', 'user_id'])
    .execute();

  await idColumn(s.createTable('withdrawals'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('fee_cents', 'bigint', (c) => c.notNull().check(sql`fee_cents >= 0`))
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('request_key', 'varchar(160)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'id']).execute();
  await s.createIndex('withdrawals_status_idx').on('withdrawals').columns(['status', 'id']).execute();

  await idColumn(s.createTable('outbox'), dialect)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('event', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .execute();
  await s.createIndex('outbox_pending_idx').on('outbox').columns(['published_at', 'id']).execute();
}
