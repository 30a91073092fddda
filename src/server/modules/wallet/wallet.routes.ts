// Deposit calls of spec §7 and the player's payment history. HTTP only: schemas, auth, call.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import { defineRoute } from '../../http/route.ts';
import { HttpError } from '../../http/errors.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import { siteOrigin } from '../config/config.service.ts';
import { checkPromo, publicPromo } from './promo.service.ts';
import { listPayments, openPayment, type RedirectMethod } from './payments.service.ts';
import { availableCurrencies, depositAddress } from './crypto.service.ts';
import { redeemGiftCode, redeemVoucher } from './codes.service.ts';
import { assertDepositAllowed } from '../responsible-play/responsible-play.service.ts';
import {
  currenciesResponse,
  depositAddressBody,
  depositAddressResponse,
  msgResponse,
  paymentsResponse,
  promoValidateBody,
  promoValidateResponse,
  redeemBody,
  redirectResponse,
  skinsRedirectBody,
  zenRedirectBody,
} from '../../../shared/api/wallet.ts';
import { toDollars, toCents } from '../../../shared/money.ts';

/** True when the local payment sandboxes serve checkouts (everywhere but production). */
export function sandboxEnabled(config: Config): boolean {
  return config.env !== 'production';
}

/**
 * Crypto deposits answer 503 in production: the only chain adapter is the sandbox, whose addresses
 * are derived from an HMAC, not from a public key anyone holds the private key of, so real coins
 * sent there would be lost. A real provider (a custody API handing out its own addresses) must
 * replace `depositAddress` before this opens in production.
 */
function cryptoOrUnavailable(config: Config): void {
  if (!sandboxEnabled(config)) throw new HttpError(503, 'This payment method is not available right now.');
}

/** Registers the deposit routes. */
export function walletRoutes(app: FastifyInstance, db: DB, config: Config): void {
  const tags = ['wallet'];

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/deposit/promocode/validate',
      summary: 'Check a promo code for the signed-in player',
      tags,
      auth: true,
      body: promoValidateBody,
      response: promoValidateResponse,
    },
    async ({ body, user }) => ({ promocode: publicPromo(await checkPromo(db, user.id, body.promocode, Date.now())) }),
  );

  const redirect =
    (method: RedirectMethod) =>
    async ({ body, user }: { body: { amount: number; promocode: string }; user: { id: number } }) => {
      if (!sandboxEnabled(config)) throw new HttpError(503, 'This payment method is not available right now.');
      const payment = await openPayment(db, method, user.id, toCents(body.amount), body.promocode, Date.now());
      return { redirect_url: `${siteOrigin(config)}/sandbox/${method}/${payment.provider_ref}` };
    };
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/deposit/zen/redirect',
      summary: 'Start a card deposit (hosted checkout)',
      tags,
      auth: true,
      body: zenRedirectBody,
      response: redirectResponse,
    },
    redirect('zen'),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/deposit/skinsback/redirect',
      summary: 'Start a skins deposit (hosted checkout)',
      tags,
      auth: true,
      body: skinsRedirectBody,
      response: redirectResponse,
    },
    redirect('skinsback'),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/deposit/alphapo/available-currencies',
      summary: 'Crypto currencies with minimum and rate (503 in production until a real crypto provider exists)',
      tags,
      auth: true,
      response: currenciesResponse,
    },
    async () => {
      cryptoOrUnavailable(config);
      return { data: await availableCurrencies(db) };
    },
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/deposit/alphapo/deposit-address',
      summary:
        "The player's stable deposit address for a currency (503 in production until a real crypto provider exists)",
      tags,
      auth: true,
      body: depositAddressBody,
      response: depositAddressResponse,
    },
    async ({ body, user }) => {
      cryptoOrUnavailable(config);
      const now = Date.now();
      await assertDepositAllowed(db, user.id, 0, now); // self-excluded or a limit used up: no address
      return {
        data: {
          wallet: await depositAddress(db, config.secrets.appSecret, user.id, body.currency, now),
          currency: body.currency,
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/deposit/gift-code/redeem',
      summary: 'Redeem a single-use gift code',
      tags,
      auth: true,
      body: redeemBody,
      response: msgResponse,
    },
    async ({ body, user }) => {
      const r = await redeemGiftCode(db, user.id, body.code, Date.now());
      await afterCommit(app.log, 'balanceUpdated', () => publishBalance(app.publisher, r.userId, r.balanceCents));
      return { msg: r.msg, balance: toDollars(r.balanceCents) };
    },
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/deposit/voucher/redeem',
      summary: 'Redeem a voucher (once per player)',
      tags,
      auth: true,
      body: redeemBody,
      response: msgResponse,
    },
    async ({ body, user }) => {
      const r = await redeemVoucher(db, user.id, body.code, Date.now());
      await afterCommit(app.log, 'balanceUpdated', () => publishBalance(app.publisher, r.userId, r.balanceCents));
      return { msg: r.msg, balance: toDollars(r.balanceCents) };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/deposit/payments',
      summary: "The player's deposits with status, newest first",
      tags,
      auth: true,
      response: paymentsResponse,
    },
    async ({ user }) => ({ data: await listPayments(db, user.id) }),
  );
}
