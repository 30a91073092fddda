// Deposits, withdrawals and held funds (spec §7 Wallet), typed from src/shared/api/{wallet,held-funds}.ts.
import type { z } from 'zod';
import { api } from '../api.ts';
import type {
  currenciesResponse,
  depositAddressResponse,
  msgResponse,
  paymentsResponse,
  promoValidateResponse,
  redirectResponse,
  withdrawalResponse,
  withdrawalsResponse,
  withdrawBody,
  withdrawOptionsResponse,
} from '../../../shared/api/wallet.ts';
import type { heldFundsResponse } from '../../../shared/api/held-funds.ts';

type Withdrawal = z.infer<typeof withdrawalResponse>;

/** Providers a deposit leaves the site for (card and skins). */
export type RedirectProvider = 'zen' | 'skinsback';

/** POST /api/deposit/{zen|skinsback}/redirect: the provider's checkout URL. */
export const startRedirectDeposit = (provider: RedirectProvider, amount: number, promocode: string) =>
  api<z.infer<typeof redirectResponse>>('POST', `/api/deposit/${provider}/redirect`, { amount, promocode });

/** POST /api/deposit/alphapo/available-currencies. */
export const listCryptoCurrencies = () =>
  api<z.infer<typeof currenciesResponse>>('POST', '/api/deposit/alphapo/available-currencies');

/** POST /api/deposit/alphapo/deposit-address. */
export const getCryptoAddress = (currency: string) =>
  api<z.infer<typeof depositAddressResponse>>('POST', '/api/deposit/alphapo/deposit-address', { currency });

/** POST /api/deposit/promocode/validate. */
export const validatePromocode = (promocode: string) =>
  api<z.infer<typeof promoValidateResponse>>('POST', '/api/deposit/promocode/validate', { promocode });

/** Codes a player can redeem for balance. */
export type RedeemKind = 'giftcard' | 'voucher';

const redeemPath: Record<RedeemKind, string> = {
  giftcard: '/api/deposit/gift-code/redeem',
  voucher: '/api/deposit/voucher/redeem',
};

/** POST /api/deposit/{gift-code|voucher}/redeem. */
export const redeemCode = (kind: RedeemKind, code: string) =>
  api<z.infer<typeof msgResponse>>('POST', redeemPath[kind], { code });

/** GET /api/deposit/payments. */
export const listPayments = () => api<z.infer<typeof paymentsResponse>>('GET', '/api/deposit/payments');

/** GET /api/wallet/held. */
export const getHeldFunds = () => api<z.infer<typeof heldFundsResponse>>('GET', '/api/wallet/held');

/** GET /api/withdrawals/options. */
export const getWithdrawOptions = () => api<z.infer<typeof withdrawOptionsResponse>>('GET', '/api/withdrawals/options');

/** GET /api/withdrawals. */
export const listWithdrawals = () => api<z.infer<typeof withdrawalsResponse>>('GET', '/api/withdrawals');

/** POST /api/withdrawals. */
export const requestWithdrawal = (body: z.input<typeof withdrawBody>) =>
  api<Withdrawal>('POST', '/api/withdrawals', body);

/** POST /api/withdrawals/{id}/cancel. */
export const cancelWithdrawal = (id: number) => api<Withdrawal>('POST', `/api/withdrawals/${id}/cancel`);
