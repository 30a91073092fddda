// HTTP for battles (issues 15, 24): list, bots, create, detail, join, leave, cancel, add-bots and the
// authorisation of a private battle's channel. Money calls run their one transaction in the service,
// then publish after commit (afterCommit) and, when the last seat filled, hand the battle to the runner.
// A private battle answers 404 to everyone but its players and whoever sends its invite code.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { afterCommit } from '../../realtime/publisher.ts';
import { channelAuth } from '../../realtime/pusher-auth.ts';
import type { Config } from '../../config.ts';
import {
  addBotsBodySchema,
  battleChannelAuthBodySchema,
  battleChannelAuthResponseSchema,
  battleInvitePath,
  battleQuerySchema,
  battleBotsResponseSchema,
  battleListResponseSchema,
  battleMoneyResponseSchema,
  battleMsgResponseSchema,
  battleResponseSchema,
  createBattleBodySchema,
  createBattleResponseSchema,
  joinBattleBodySchema,
} from '../../../shared/api/battles.ts';
import { idempotentCall, runOnce, type Remember } from '../wallet/idempotency.ts';
import { BATTLE_BOTS } from './battles.bots.ts';
import type { BattleEvents } from './battles.events.ts';
import type { BattleAccess } from './battles.access.ts';
import { battleView, listBattles, mayWatch } from './battles.repository.ts';
import { cancelBattle, leaveBattle } from './battles.refund.ts';
import type { BattleRunner } from './battles.runner.ts';
import { addBots, createBattle, joinBattle, type SeatResult } from './battles.service.ts';
import { toDollars } from '../../../shared/money.ts';

const idParams = z.object({
  id: z.coerce
    .number({ error: 'Battle not found.' })
    .int('Battle not found.')
    .positive('Battle not found.')
    .max(Number.MAX_SAFE_INTEGER, 'Battle not found.'),
});

/**
 * Decides with `check` whether a caller may see a battle: first as a guest with its code, then, only
 * if that fails and a bearer token came, as that user (an invalid token then answers 401, so a client
 * refreshes it; a public battle never needs the token).
 */
async function withAccess<T>(
  request: FastifyRequest,
  code: string | undefined,
  check: (access: BattleAccess) => Promise<T | null | false>,
): Promise<T | null | false> {
  const asGuest = await check({ userId: null, code });
  if (asGuest || !request.headers.authorization) return asGuest;
  const user = await request.server.authenticate(request);
  return check({ userId: user.id, code });
}

/** Registers /api/battles/*. */
export function battlesRoutes(
  app: FastifyInstance,
  database: Database,
  events: BattleEvents,
  runner: BattleRunner,
  secrets: Pick<Config['secrets'], 'pusherKey' | 'pusherSecret'>,
) {
  const tags = ['Battles'];
  const now = () => runner.options.clock.now();
  // the runner gets a started battle whatever happens to the events
  const seated = (what: string, userId: number) => async (r: SeatResult) => {
    runner.observer?.staked(r.stakedCents);
    await afterCommit(app.log, what, () =>
      events.joined(r.id, r.seats, userId, r.balanceCents, runner.options.roundMs),
    );
    if (r.pace) runner.started(r.id, r.pace);
  };
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/battles',
      summary: 'Waiting and running public battles, newest first, then the last 20 ended (live: public channel)',
      tags,
      response: battleListResponseSchema,
    },
    async () => ({ data: await listBattles(database.db) }),
  );
  defineRoute(
    app,
    { method: 'GET', url: '/api/battles/bots', summary: 'The bots', tags, response: battleBotsResponseSchema },
    () => ({ data: [...BATTLE_BOTS] }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/battles/create',
      summary:
        'Create a battle of 1–50 boxes and pay for seat 0 (errors.boxes for box problems); a private one answers its invite code and link; optional Idempotency-Key',
      tags,
      auth: true,
      body: createBattleBodySchema,
      response: createBattleResponseSchema,
      bodyLimit: 8192,
    },
    async ({ user, body, request }) =>
      runOnce(database.db, idempotentCall(request, user.id, 'battles:create', body), {
        work: (remember: Remember<SeatResult>) => createBattle(database, user.id, body, now(), remember),
        view: (r) => ({
          data: {
            id: r.id,
            invite_code: r.inviteCode ?? null,
            invite_link: r.inviteCode ? battleInvitePath(r.id, r.inviteCode) : null,
          },
          msg: 'Battle created.',
          balance: toDollars(r.balanceCents),
        }),
        after: (r) => {
          runner.observer?.staked(r.stakedCents);
          return afterCommit(app.log, 'battle created', () => events.created(r.id, user.id, r.balanceCents));
        },
      }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/battles/:id',
      summary:
        'A battle: drops of played rounds only; the server seed once ended. A private battle: 404 unless ?code= is its invite code or the bearer is one of its players',
      tags,
      params: idParams,
      query: battleQuerySchema,
      response: battleResponseSchema,
    },
    async ({ params, query, request }) => {
      const data = await withAccess(request, query.code, (access) => battleView(database.db, params.id, access));
      if (!data) throw new HttpError(404, 'Battle not found.');
      return { data };
    },
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/battles/:id/join',
      summary:
        'Take the lowest free seat (of team team_idx) and pay for it; the last seat starts the battle; a private battle needs its invite code (404 without); optional Idempotency-Key',
      tags,
      auth: true,
      params: idParams,
      body: joinBattleBodySchema,
      response: battleMoneyResponseSchema,
      bodyLimit: 1024,
    },
    async ({ user, params, body, request }) =>
      runOnce(database.db, idempotentCall(request, user.id, `battles:${params.id}:join`, body), {
        work: (remember: Remember<SeatResult>) =>
          joinBattle(database, user.id, params.id, body.team_idx, now(), remember, body.code),
        view: (r) => ({ msg: 'You joined the battle.', balance: toDollars(r.balanceCents) }),
        after: seated('battle joined', user.id),
      }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/battles/:id/add-bots',
      summary: 'The creator seats bots (paying for them); the last seat starts the battle; optional Idempotency-Key',
      tags,
      auth: true,
      params: idParams,
      body: addBotsBodySchema,
      response: battleMoneyResponseSchema,
      bodyLimit: 1024,
    },
    async ({ user, params, body, request }) =>
      runOnce(database.db, idempotentCall(request, user.id, `battles:${params.id}:add-bots`, body), {
        work: (remember: Remember<SeatResult>) =>
          addBots(database, user.id, params.id, body.bots, body.team_idx, now(), remember),
        view: (r) => ({
          msg: r.seats.length === 1 ? 'Bot added.' : `${r.seats.length} bots added.`,
          balance: toDollars(r.balanceCents),
        }),
        after: seated('battle bots', user.id),
      }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/battles/:id/cancel',
      summary: 'The creator cancels a waiting battle; every seat is refunded',
      tags,
      auth: true,
      params: idParams,
      response: battleMsgResponseSchema,
    },
    async ({ user, params }) => {
      const r = await cancelBattle(database, user.id, params.id, now());
      runner.observer?.refunded(r.refundedCents);
      await afterCommit(app.log, 'battle canceled', () => events.canceled(r));
      return { msg: 'Battle canceled. Every seat was refunded.' };
    },
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/battles/:id/leave',
      summary:
        'A player who joined a waiting battle gives up their seat and is refunded its cost once (the creator cancels instead)',
      tags,
      auth: true,
      params: idParams,
      response: battleMoneyResponseSchema,
    },
    async ({ user, params }) => {
      const r = await leaveBattle(database, user.id, params.id, now());
      runner.observer?.refunded(r.refundedCents);
      await afterCommit(app.log, 'battle left', () => events.left(r));
      return { msg: 'You left the battle. Your seat was refunded.', balance: toDollars(r.balanceCents) };
    },
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/battles/channel-auth',
      summary:
        "Authorise a subscription to a private battle's channel private-battle-{id} (pusher-js channelAuthorization; form or JSON): its players (bearer) or its invite code; 404 otherwise",
      tags,
      body: battleChannelAuthBodySchema,
      response: battleChannelAuthResponseSchema,
      bodyLimit: 1024,
    },
    async ({ body, request }) => {
      const id = Number(body.channel_name.slice('private-battle-'.length));
      if (!(await withAccess(request, body.code, (access) => mayWatch(database.db, id, access))))
        throw new HttpError(404, 'Battle not found.');
      return { auth: channelAuth(secrets.pusherKey, secrets.pusherSecret, body.socket_id, body.channel_name) };
    },
  );
}
