// HTTP of cashback: GET /api/cashback, POST /api/cashback/claim.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import { cashbackClaimResponse, cashbackResponse } from '../../../shared/api/programmes.ts';
import { toDollars } from '../../../shared/money.ts';
import { cashbackView, claimCashback } from './cashback.service.ts';
import type { ModuleContext } from '../../module-context.ts';

const tags = ['programmes'];

/** Registers the cashback routes; `clock` gives epoch ms (injectable in tests). */
export function cashbackRoutes(app: FastifyInstance, { database: { db }, now: clock }: ModuleContext): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/cashback',
      summary:
        'Cashback: rate, the open window and its net loss, the claimable amount of the last closed window, history',
      tags,
      auth: true,
      response: cashbackResponse,
    },
    async ({ user }) => ({ data: await cashbackView(db, user.id, clock()) }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/cashback/claim',
      summary: "Credit the last closed window's cashback (once per window)",
      tags,
      auth: true,
      response: cashbackClaimResponse,
    },
    async ({ user }) => {
      const r = await claimCashback(db, user.id, clock());
      await afterCommit(app.log, 'balanceUpdated', () => publishBalance(app.publisher, user.id, r.balanceCents));
      return { msg: r.msg, balance: toDollars(r.balanceCents) };
    },
  );
}
