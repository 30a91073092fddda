// Withdrawal calls: options (minimums, fees), request, list, cancel while new.
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.ts';
import { defineRoute } from '../../http/route.ts';
import { idempotencyKeyHeader } from './idempotency.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import {
  cancelByUser,
  listWithdrawals,
  publicWithdrawal,
  requestWithdrawal,
  withdrawOptions,
} from './withdrawals.service.ts';
import {
  idParams,
  withdrawBody,
  withdrawOptionsResponse,
  withdrawalResponse,
  withdrawalsResponse,
} from '../../../shared/api/wallet.ts';
import { toDollars, toCents } from '../../../shared/money.ts';

/** Registers the withdrawal routes. */
export function withdrawalRoutes(app: FastifyInstance, db: DB): void {
  const tags = ['wallet'];
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/withdrawals/options',
      summary: 'Withdrawal methods with minimum and fee',
      tags,
      response: withdrawOptionsResponse,
    },
    async () => ({ data: withdrawOptions() }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/withdrawals',
      summary: "The player's withdrawals, newest first",
      tags,
      auth: true,
      response: withdrawalsResponse,
    },
    async ({ user }) => ({
      data: (await listWithdrawals(db, { userId: user.id })).map(publicWithdrawal),
    }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/withdrawals',
      summary: 'Request a withdrawal (the amount is reserved at once; optional Idempotency-Key header)',
      tags,
      auth: true,
      body: withdrawBody,
      response: withdrawalResponse,
    },
    async ({ body, user, request }) => {
      const key = idempotencyKeyHeader(request);
      const r = await requestWithdrawal(
        db,
        user.id,
        { amountCents: toCents(body.amount), method: body.method, address: body.address, requestKey: key },
        Date.now(),
      );
      if (!r.replayed)
        await afterCommit(app.log, 'balanceUpdated', () => publishBalance(app.publisher, user.id, r.balanceCents!));
      return { data: publicWithdrawal(r.withdrawal), balance: toDollars(r.balanceCents!) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/withdrawals/:id/cancel',
      summary: 'Cancel an own withdrawal while it is new (refunds)',
      tags,
      auth: true,
      params: idParams,
      response: withdrawalResponse,
    },
    async ({ params, user }) => {
      const r = await cancelByUser(db, user.id, params.id, Date.now());
      await afterCommit(app.log, 'balanceUpdated', () => publishBalance(app.publisher, user.id, r.balanceCents!));
      return { data: publicWithdrawal(r.withdrawal), balance: toDollars(r.balanceCents!) };
    },
  );
}
