// HTTP for dice: place a bet, my bets, recent bets. Publishes after the bet's transaction commits.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import {
  DICE_BET_EVENT,
  DICE_CHANNEL,
  DICE_LIMITS,
  diceBetBodySchema,
  diceBetResponseSchema,
  diceHistoryQuerySchema,
  diceHistorySchema,
} from '../../../shared/api/dice.ts';
import { defineBetRoute } from '../../http/bet-route.ts';
import { placeDiceBet } from './dice.service.ts';
import { historyItem, listBets } from './dice.repository.ts';
import { formatUsd, toDollars } from '../../../shared/money.ts';
import type { ModuleContext } from '../../module-context.ts';

const limits = `min bet ${formatUsd(DICE_LIMITS.minBetCents)}, max bet ${formatUsd(DICE_LIMITS.maxBetCents)}, max payout ${formatUsd(DICE_LIMITS.maxPayoutCents)} per bet; win chance 0.01%–98%; multiplier = 99 / chance`;

/** Registers /api/dice/*; `now` is the app's clock (epoch ms). */
export function diceRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { database } = ctx;
  const tags = ['Dice'];
  defineBetRoute(app, ctx, {
    url: '/api/dice/bet',
    summary: `Place a dice bet (${limits}); optional Idempotency-Key header: a retry returns the first answer`,
    tags,
    scope: 'dice:bet',
    body: diceBetBodySchema,
    response: diceBetResponseSchema,
    place: placeDiceBet,
    view: (placed) => ({ data: placed.bet, balance: toDollars(placed.balanceCents) }),
    after: (placed, userId) =>
      afterCommit(app.log, 'dice bet', async () => {
        await publishBalance(app.publisher, userId, placed.balanceCents);
        const item = await historyItem(
          database.db,
          placed.bet,
          userId,
          placed.amountCents,
          placed.createdAt,
          placed.userName,
        );
        await app.publisher.publish(DICE_CHANNEL, DICE_BET_EVENT, item);
      }),
  });
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/dice/bets',
      summary: 'Your latest dice bets',
      tags,
      auth: true,
      query: diceHistoryQuerySchema,
      response: diceHistorySchema,
    },
    async ({ user, query }) => ({ data: await listBets(database.db, { userId: user.id, limit: query.limit }) }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/dice/bets/recent',
      summary: "Everyone's latest dice bets (live on the public channel dice-bets, event diceBet)",
      tags,
      query: diceHistoryQuerySchema,
      response: diceHistorySchema,
    },
    async ({ query }) => ({ data: await listBets(database.db, { limit: query.limit }) }),
  );
}
