// The local payment sandboxes: hosted card and skins checkouts (Pay sends a signed webhook to our
// webhook route, then returns the browser to the site), the webhook routes themselves (raw body,
// HMAC check, pay once), and the development page of the sandbox crypto chain.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import { defineRoute } from '../../http/route.ts';
import { HttpError } from '../../http/errors.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import { findPayment, settlePayment, type RedirectMethod } from './payments.service.ts';
import { confirmTransfer, sendTransfer } from './crypto.service.ts';
import { signBody, verifySignature, webhookSecret } from './webhook.ts';
import { SANDBOX_SKINS, chainPage, esc, messagePage, skinsCheckout, zenCheckout } from './sandbox-pages.ts';
import { sandboxEnabled } from './wallet.routes.ts';
import { centsToFixed, formatUsd, parseDollarString } from '../../../shared/money.ts';

const webhookPayload = z.object({
  payment_id: z.string().min(1).max(128),
  status: z.enum(['paid', 'declined']),
  amount: z.string().max(20), // dollars, "25.00"
});

function html(reply: FastifyReply, body: string, status = 200): void {
  void reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** Registers the webhook routes (always) and the sandbox pages (outside production). */
export function sandboxRoutes(app: FastifyInstance, db: DB, config: Config): void {
  const methods: RedirectMethod[] = ['zen', 'skinsback'];
  // Webhooks need the raw body for the signature: a scope with its own JSON parser.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    for (const method of methods) {
      defineRoute(
        scope,
        {
          method: 'POST',
          url: `/api/deposit/${method}/webhook`,
          summary: `${method} payment webhook (HMAC-SHA256 in X-Signature)`,
          tags: ['wallet'],
        },
        async ({ request }) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          if (!verifySignature(webhookSecret(config.secrets.appSecret, method), raw, request.headers['x-signature']))
            throw new HttpError(401, 'Bad signature.');
          let json: unknown;
          try {
            json = JSON.parse(raw);
          } catch {
            throw new HttpError(400, 'The webhook body is not JSON.');
          }
          const parsed = webhookPayload.safeParse(json);
          const amountCents = parsed.success ? parseDollarString(parsed.data.amount) : null;
          if (!parsed.success || amountCents === null || amountCents <= 0)
            throw new HttpError(422, 'The webhook body is not a payment event.');
          const r = await settlePayment(
            db,
            method,
            { paymentId: parsed.data.payment_id, status: parsed.data.status, amountCents },
            Date.now(),
          );
          const paid = r.balanceCents;
          if (paid !== null)
            await afterCommit(app.log, 'balanceUpdated', () => publishBalance(app.publisher, r.payment.user_id, paid));
          return { ok: true, status: r.payment.status, replayed: r.replayed };
        },
      );
    }
  });
  if (!sandboxEnabled(config)) return;

  const refParams = z.object({ ref: z.string().regex(/^(zen|skinsback)_[0-9a-f]{24}$/, 'Unknown payment.') });
  /** Plays the provider: signs and posts the webhook to ourselves, then sends the browser home. */
  async function deliver(
    reply: FastifyReply,
    method: RedirectMethod,
    ref: string,
    status: 'paid' | 'declined',
    amountCents: number,
    bonusCents: number,
  ): Promise<void> {
    const raw = JSON.stringify({ payment_id: ref, status, amount: centsToFixed(amountCents) });
    const res = await app.inject({
      method: 'POST',
      url: `/api/deposit/${method}/webhook`,
      headers: {
        'content-type': 'application/json',
        'x-signature': signBody(webhookSecret(config.secrets.appSecret, method), raw),
      },
      payload: raw,
    });
    if (res.statusCode !== 200)
      return html(
        reply,
        messagePage(
          'Payment failed',
          (res.json() as { message?: string }).message ?? 'The payment could not be completed.',
        ),
        502,
      );
    const q =
      status === 'paid'
        ? `deposit=success&method=${method === 'zen' ? 'card' : 'skins'}&amount=${centsToFixed(amountCents)}&bonus=${centsToFixed(bonusCents)}`
        : 'deposit=declined';
    void reply.redirect(`/?${q}`, 303);
  }

  for (const method of methods) {
    defineRoute(
      app,
      {
        method: 'GET',
        url: `/sandbox/${method}/:ref`,
        summary: `${method} sandbox hosted checkout`,
        tags: ['sandbox'],
        params: refParams,
      },
      async ({ params, reply }) => {
        const p = await findPayment(db, method, params.ref);
        if (!p) return html(reply, messagePage('Unknown payment', 'This checkout link is not valid.'), 404);
        if (p.status !== 'new') return html(reply, messagePage('Payment closed', `This payment is ${p.status}.`), 409);
        html(
          reply,
          method === 'zen'
            ? zenCheckout(p.provider_ref!, p.amount_cents, p.bonus_cents)
            : skinsCheckout(p.provider_ref!, p.amount_cents, p.promo_id ? 'Your promo bonus is added on top.' : ''),
        );
      },
    );
    defineRoute(
      app,
      {
        method: 'POST',
        url: `/sandbox/${method}/:ref/decline`,
        summary: `${method} sandbox: decline`,
        tags: ['sandbox'],
        params: refParams,
      },
      async ({ params, reply }) => {
        const p = await findPayment(db, method, params.ref);
        if (!p) return html(reply, messagePage('Unknown payment', 'This checkout link is not valid.'), 404);
        await deliver(reply, method, params.ref, 'declined', p.amount_cents, 0);
      },
    );
  }

  defineRoute(
    app,
    { method: 'POST', url: '/sandbox/zen/:ref/pay', summary: 'zen sandbox: pay', tags: ['sandbox'], params: refParams },
    async ({ params, reply }) => {
      const p = await findPayment(db, 'zen', params.ref);
      if (!p) return html(reply, messagePage('Unknown payment', 'This checkout link is not valid.'), 404);
      await deliver(reply, 'zen', params.ref, 'paid', p.amount_cents, p.bonus_cents);
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/sandbox/skinsback/:ref/pay',
      summary: 'skinsback sandbox: send the chosen skins',
      tags: ['sandbox'],
      params: refParams,
    },
    async ({ params, reply, request }) => {
      const p = await findPayment(db, 'skinsback', params.ref);
      if (!p) return html(reply, messagePage('Unknown payment', 'This checkout link is not valid.'), 404);
      const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const total = SANDBOX_SKINS.filter((s) => form[`skin_${s.id}`] === '1').reduce((sum, s) => sum + s.cents, 0);
      if (total < p.amount_cents)
        return html(
          reply,
          skinsCheckout(
            params.ref,
            p.amount_cents,
            '',
            `The chosen skins are worth ${formatUsd(total)}; choose at least ${formatUsd(p.amount_cents)}.`,
          ),
          422,
        );
      await deliver(reply, 'skinsback', params.ref, 'paid', total, 0);
    },
  );

  // The sandbox chain's development page (the operator CLI does the same).
  defineRoute(
    app,
    { method: 'GET', url: '/sandbox/alphapo', summary: 'Sandbox crypto chain page', tags: ['sandbox'] },
    async ({ reply }) => html(reply, chainPage()),
  );
  const form = (b: unknown, k: string) =>
    b && typeof b === 'object' && typeof (b as Record<string, unknown>)[k] === 'string'
      ? ((b as Record<string, string>)[k] ?? '').trim()
      : '';
  defineRoute(
    app,
    { method: 'POST', url: '/sandbox/alphapo/send', summary: 'Sandbox chain: send a transfer', tags: ['sandbox'] },
    async ({ request, reply }) => {
      const t = await sendTransfer(
        db,
        { address: form(request.body, 'address'), amount: form(request.body, 'amount') },
        Date.now(),
      );
      html(
        reply,
        chainPage(
          `Sent ${esc(t.amount)} ${esc(t.currency)}: transaction <code>${esc(t.tx_hash)}</code>, 0 confirmations.`,
        ),
      );
    },
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/sandbox/alphapo/confirm',
      summary: 'Sandbox chain: add one confirmation',
      tags: ['sandbox'],
    },
    async ({ request, reply }) => {
      const t = await confirmTransfer(db, form(request.body, 'tx'), 1, Date.now());
      const credited = t.balance_cents;
      if (credited !== null)
        await afterCommit(app.log, 'balanceUpdated', () => publishBalance(app.publisher, t.user_id, credited));
      html(
        reply,
        chainPage(
          `Transaction <code>${esc(t.tx_hash)}</code>: ${t.confirmations} confirmations, ${esc(t.status)}${t.held_cents ? `; ${formatUsd(t.held_cents)} held (deposit limit or self-exclusion)` : ''}.`,
        ),
      );
    },
  );
}
