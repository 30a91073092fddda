// HTTP for battles (issue 15): list, bots, create, detail, join, cancel, add-bots. Money calls run
// their one transaction in the service, then publish after commit (afterCommit) and, when the last
// seat filled, hand the battle to the runner.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { afterCommit } from '../../realtime/publisher.ts';
import {
  addBotsBodySchema,
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
import { battleView, listBattles } from './battles.repository.ts';
import type { BattleRunner } from './battles.runner.ts';
import { addBots, cancelBattle, createBattle, joinBattle, type SeatResult } from './battles.service.ts';

const idParams = z.object({
  id: z.coerce
    .number({ error: 'Battle not found.' })
    .int('Battle not found.')
    .positive('Battle not found.')
    .max(Number.MAX_SAFE_INTEGER, 'Battle not found.'),
});

/** Registers /api/battles/*. */
export function battlesRoutes(app: FastifyInstance, database: Database, events: BattleEvents, runner: BattleRunner) {
  const tags = ['Battles'];
  const now = () => runner.options.clock.now();
  // the runner gets a started battle whatever happens to the events
  const seated = (what: string, userId: number) => async (r: SeatResult) => {
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
        'Create a battle of 1–50 boxes and pay for seat 0 (errors.boxes for box problems); optional Idempotency-Key',
      tags,
      auth: true,
      body: createBattleBodySchema,
      response: createBattleResponseSchema,
      bodyLimit: 8192,
    },
    async ({ user, body, request }) =>
      runOnce(database.db, idempotentCall(request, user.id, 'battles:create', body), {
        work: (remember: Remember<SeatResult>) => createBattle(database, user.id, body, now(), remember),
        view: (r) => ({ data: { id: r.id }, msg: 'Battle created.', balance: r.balanceCents / 100 }),
        after: (r) => afterCommit(app.log, 'battle created', () => events.created(r.id, user.id, r.balanceCents)),
      }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/battles/:id',
      summary: 'A battle: drops of played rounds only; the server seed once ended',
      tags,
      params: idParams,
      response: battleResponseSchema,
    },
    async ({ params }) => {
      const data = await battleView(database.db, params.id);
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
        'Take the lowest free seat (of team team_idx) and pay for it; the last seat starts the battle; optional Idempotency-Key',
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
          joinBattle(database, user.id, params.id, body.team_idx, now(), remember),
        view: (r) => ({ msg: 'You joined the battle.', balance: r.balanceCents / 100 }),
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
          balance: r.balanceCents / 100,
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
      await afterCommit(app.log, 'battle canceled', () => events.canceled(r.id, r.balances));
      return { msg: 'Battle canceled. Every seat was refunded.' };
    },
  );
}
