// The crypto currencies of spec §3, their address formats and withdrawal terms.

/** Address families the sandbox chain and the validators know. */
export type AddressFormat = 'btc' | 'ltc' | 'bch' | 'doge' | 'evm' | 'tron' | 'sol' | 'xrp';

/** One supported crypto currency. */
export interface CryptoCurrency {
  code: string; // as the API names it, e.g. BNB-BSC
  name: string;
  network: string; // network label shown beside the name ('' when none)
  format: AddressFormat;
  deposit: boolean; // selectable in the deposit list (XRP is not)
  withdrawFeeCents: number; // network fee taken from a withdrawal
}

/** The 11 codes of spec §3, in its order. */
export const CRYPTO_CURRENCIES: readonly CryptoCurrency[] = [
  { code: 'BTC', name: 'Bitcoin', network: '', format: 'btc', deposit: true, withdrawFeeCents: 500 },
  {
    code: 'ETH',
    name: 'Ethereum',
    network: 'Ethereum Network only',
    format: 'evm',
    deposit: true,
    withdrawFeeCents: 300,
  },
  { code: 'SOL', name: 'Solana', network: '', format: 'sol', deposit: true, withdrawFeeCents: 50 },
  { code: 'USDTE', name: 'Tether USD, ERC20', network: '', format: 'evm', deposit: true, withdrawFeeCents: 300 },
  { code: 'USDTT', name: 'Tether USD, TRC20', network: '', format: 'tron', deposit: true, withdrawFeeCents: 100 },
  { code: 'XRP', name: 'Ripple', network: '', format: 'xrp', deposit: false, withdrawFeeCents: 50 },
  { code: 'BCH', name: 'Bitcoin Cash', network: '', format: 'bch', deposit: true, withdrawFeeCents: 50 },
  { code: 'LTC', name: 'Litecoin', network: '', format: 'ltc', deposit: true, withdrawFeeCents: 50 },
  { code: 'DOGE', name: 'Dogecoin', network: '', format: 'doge', deposit: true, withdrawFeeCents: 50 },
  { code: 'TRX', name: 'Tron', network: '', format: 'tron', deposit: true, withdrawFeeCents: 100 },
  { code: 'BNB-BSC', name: 'BNB', network: 'Binance Smart Chain', format: 'evm', deposit: true, withdrawFeeCents: 50 },
];

/** The currency with `code`, or undefined. */
export function cryptoCurrency(code: string): CryptoCurrency | undefined {
  return CRYPTO_CURRENCIES.find((c) => c.code === code);
}

/** Minimum withdrawal in cents (every method). */
export const WITHDRAW_MIN_CENTS = 2000;
/** Largest withdrawal request in cents. */
export const WITHDRAW_MAX_CENTS = 10_000_000;
