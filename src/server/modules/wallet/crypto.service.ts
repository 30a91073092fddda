// Crypto deposits (alphapo sandbox): rates in the database behind a rates-source adapter, stable
// per-player deposit addresses derived from APP_SECRET, and a sandbox chain whose transfers are
// credited at the current rate after CRYPTO_CONFIRMATIONS confirmations (below 35 USD: recorded,
// not credited; over a deposit limit or while self-excluded: held, see held-funds.service.ts).
import { createHmac, randomBytes } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import { HttpError, fieldError } from '../../http/errors.ts';
import { applyMoveIn, lockUserRows } from './ledger.ts';
import { insertHold, splitDeposit } from './held-funds.service.ts';
import { CRYPTO_CONFIRMATIONS, CRYPTO_MIN_USD } from '../../../shared/constants.ts';
import { CRYPTO_CURRENCIES, cryptoCurrency } from '../../../shared/wallet/currencies.ts';
import { deriveAddress } from '../../../shared/wallet/addresses.ts';

/** Where rates come from (the sandbox table here; a market API in production). */
export interface RatesSource {
  name: string;
  /** USD micro-dollars per one unit of each currency code. */
  fetchRates(): Promise<Record<string, number>>;
}

/** Fixed sandbox rates (USD per unit). */
export const sandboxRates: RatesSource = {
  name: 'sandbox',
  async fetchRates() {
    const usd: Record<string, number> = {
      BTC: 65000,
      ETH: 3200,
      SOL: 150,
      USDTE: 1,
      USDTT: 1,
      XRP: 0.55,
      BCH: 380,
      LTC: 80,
      DOGE: 0.15,
      TRX: 0.12,
      'BNB-BSC': 580,
    };
    return Object.fromEntries(Object.entries(usd).map(([k, v]) => [k, Math.round(v * 1e6)]));
  },
};

/** Stores the source's current rates (upsert); returns how many were written. */
export async function refreshRates(db: DB, source: RatesSource, now: number): Promise<number> {
  const rates = await source.fetchRates();
  let n = 0;
  for (const [currency, micros] of Object.entries(rates)) {
    if (!cryptoCurrency(currency) || !Number.isSafeInteger(micros) || micros <= 0) continue;
    await db
      .insertInto('crypto_rates')
      .values({ currency, usd_micros: micros, source: source.name, updated_at: now })
      .onConflict((oc) =>
        oc.column('currency').doUpdateSet({ usd_micros: micros, source: source.name, updated_at: now }),
      )
      .execute();
    n++;
  }
  return n;
}

/** Writes the sandbox rates only where none are stored (seed: idempotent, keeps operator rates). */
export async function seedRates(db: DB, now: number): Promise<void> {
  const have = await db.selectFrom('crypto_rates').select('currency').execute();
  if (have.length < CRYPTO_CURRENCIES.length) await refreshRates(db, sandboxRates, now);
}

const ATOMS = 100_000_000n; // smallest units per coin (8 decimals)

/** Micro-dollars as a plain decimal string ("65000", "0.15"). */
function microsToString(micros: number): string {
  const whole = Math.floor(micros / 1e6);
  const frac = String(micros % 1e6)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** Atoms as a decimal string with up to 8 decimals. */
function atomsToString(atoms: bigint): string {
  const frac = (atoms % ATOMS).toString().padStart(8, '0').replace(/0+$/, '');
  return frac ? `${atoms / ATOMS}.${frac}` : String(atoms / ATOMS);
}

/** Parses a positive crypto amount ("0.0123", ≤ 8 decimals) into atoms; null when invalid. */
export function parseCryptoAmount(text: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(text);
  if (!m) return null;
  const atoms = BigInt(m[1]!) * ATOMS + BigInt((m[2] ?? '').padEnd(8, '0'));
  return atoms > 0n ? atoms : null;
}

/** USD cents an amount of atoms is worth at `micros` per unit (rounded down). */
export function atomsToCents(atoms: bigint, micros: number): number {
  return Number((atoms * BigInt(micros)) / (ATOMS * 10_000n));
}

/** The 11 currencies with the minimum amount for CRYPTO_MIN_USD and the current rate. */
export async function availableCurrencies(db: DB) {
  const rates = new Map(
    (await db.selectFrom('crypto_rates').selectAll().execute()).map((r) => [r.currency, r.usd_micros]),
  );
  return CRYPTO_CURRENCIES.filter((c) => rates.has(c.code)).map((c) => {
    const micros = rates.get(c.code)!;
    const minAtoms = (BigInt(CRYPTO_MIN_USD) * 1_000_000n * ATOMS + BigInt(micros) - 1n) / BigInt(micros); // ceil
    return {
      currency: c.code,
      name: c.name,
      network: c.network,
      minimum_amount: atomsToString(minAtoms),
      rate_from: '1',
      rate_to: microsToString(micros),
    };
  });
}

/** The player's stable deposit address for `code` (derived, then stored). */
export async function depositAddress(
  db: DB,
  appSecret: string,
  userId: number,
  code: string,
  now: number,
): Promise<string> {
  const currency = cryptoCurrency(code);
  if (!currency) throw fieldError('currency', 'This currency is not supported.');
  const existing = await db
    .selectFrom('crypto_addresses')
    .select('address')
    .where('user_id', '=', userId)
    .where('currency', '=', code)
    .executeTakeFirst();
  if (existing) return existing.address;
  const seed = createHmac('sha256', appSecret).update(`alphapo:address:${userId}:${code}`).digest();
  const address = deriveAddress(currency.format, new Uint8Array(seed));
  await db
    .insertInto('crypto_addresses')
    .values({ user_id: userId, currency: code, address, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'currency']).doNothing())
    .execute();
  return address;
}

/** A sandbox-chain transfer as reported. */
export interface TransferView {
  tx_hash: string;
  currency: string;
  address: string;
  amount: string;
  confirmations: number;
  status: string; // pending, credited, below_minimum
  user_id: number;
  payment_id: number;
  credited_cents: number | null; // set once credited: the part that went to the balance
  held_cents: number | null; // set once credited: the part held (over a deposit limit, or self-excluded)
  balance_cents: number | null; // the user's balance after crediting
}

/** Sends `amount` (a decimal string) to a deposit address on the sandbox chain. */
export async function sendTransfer(
  db: DB,
  input: { address: string; amount: string; txHash?: string },
  now: number,
): Promise<TransferView> {
  const atoms = parseCryptoAmount(input.amount);
  if (atoms === null) throw fieldError('amount', 'The amount must be a positive number with at most 8 decimals.');
  const owner = await db
    .selectFrom('crypto_addresses')
    .selectAll()
    .where('address', '=', input.address)
    .executeTakeFirst();
  if (!owner) throw new HttpError(404, 'No deposit address like that on the sandbox chain.');
  const txHash = input.txHash ?? randomBytes(32).toString('hex');
  const rate = await db
    .selectFrom('crypto_rates')
    .select('usd_micros')
    .where('currency', '=', owner.currency)
    .executeTakeFirst();
  if (!rate) throw new HttpError(409, `No rate for ${owner.currency}.`);
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .insertInto('payments')
      .values({
        user_id: owner.user_id,
        method: 'alphapo',
        status: 'new',
        amount_cents: atomsToCents(atoms, rate.usd_micros), // estimate; fixed at confirmation
        bonus_cents: 0,
        currency: owner.currency,
        crypto_amount: atomsToString(atoms),
        promo_id: null,
        provider_ref: `alphapo:${txHash}`,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const t = await trx
      .insertInto('crypto_transfers')
      .values({
        tx_hash: txHash,
        currency: owner.currency,
        address: owner.address,
        amount: atomsToString(atoms),
        confirmations: 0,
        status: 'pending',
        user_id: owner.user_id,
        payment_id: payment.id,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...t, credited_cents: null, held_cents: null, balance_cents: null };
  });
}

/**
 * Adds `count` confirmations; at CRYPTO_CONFIRMATIONS credits at the current rate (once). Coins that
 * arrive cannot be refused: the part over the player's deposit limit, or all of it while the player
 * is self-excluded, is credited as held funds (held-funds.service.ts) instead of to the balance.
 * Locks: the transfer row, then the user row (the limits are read under it, so two confirmations
 * cannot both use the same room), then the payment row, which nothing else locks while it is new.
 */
export async function confirmTransfer(db: DB, txHash: string, count: number, now: number): Promise<TransferView> {
  if (!Number.isSafeInteger(count) || count < 1 || count > 1000)
    throw fieldError('count', 'Confirmations must be 1–1000.');
  return db.transaction().execute(async (trx) => {
    const t = await trx
      .updateTable('crypto_transfers')
      .set((eb) => ({ confirmations: eb('confirmations', '+', count), updated_at: now }))
      .where('tx_hash', '=', txHash)
      .returningAll()
      .executeTakeFirst();
    if (!t) throw new HttpError(404, 'Unknown transaction.');
    const view: TransferView = { ...t, credited_cents: null, held_cents: null, balance_cents: null };
    if (t.status !== 'pending' || t.confirmations < CRYPTO_CONFIRMATIONS) return view;
    const rate = await trx
      .selectFrom('crypto_rates')
      .select('usd_micros')
      .where('currency', '=', t.currency)
      .executeTakeFirstOrThrow();
    const cents = atomsToCents(parseCryptoAmount(t.amount)!, rate.usd_micros);
    const credit = cents >= CRYPTO_MIN_USD * 100;
    const status = credit ? 'credited' : 'below_minimum';
    const claimed = await trx
      .updateTable('crypto_transfers')
      .set({ status })
      .where('id', '=', t.id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return view;
    await lockUserRows(trx, [t.user_id]);
    const split = credit ? await splitDeposit(trx, t.user_id, cents, now) : null; // before this payment counts
    await trx
      .updateTable('payments')
      .set({ status: credit ? 'paid' : 'rejected', amount_cents: cents, updated_at: now })
      .where('id', '=', t.payment_id)
      .execute();
    if (!split) return { ...view, status };
    if (split.heldCents > 0) {
      await insertHold(trx, {
        userId: t.user_id,
        paymentId: t.payment_id,
        source: 'deposit',
        reason: split.reason!,
        reference: `crypto:${t.tx_hash}`,
        cents: split.heldCents,
        now,
      });
    }
    if (split.creditCents === 0) {
      const user = await trx
        .selectFrom('users')
        .select('balance_cents')
        .where('id', '=', t.user_id)
        .executeTakeFirstOrThrow();
      return { ...view, status, credited_cents: 0, held_cents: split.heldCents, balance_cents: user.balance_cents };
    }
    const move = await applyMoveIn(trx, {
      userId: t.user_id,
      deltaCents: split.creditCents,
      kind: 'deposit',
      reference: `payment:${t.payment_id}`,
      idempotencyKey: `crypto:${t.tx_hash}`,
      now,
    });
    return {
      ...view,
      status,
      credited_cents: split.creditCents,
      held_cents: split.heldCents,
      balance_cents: move.balanceAfterCents,
    };
  });
}
