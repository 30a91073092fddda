// HTTP of responsible play: GET/PUT /api/profile/limits, POST /api/profile/self-exclusion.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import {
  limitsChangeResponse,
  limitsResponse,
  selfExclusionBody,
  setLimitBody,
} from '../../../shared/api/programmes.ts';
import { toCents } from '../../../shared/money.ts';
import { getLimits, selfExclude, setLimit } from './responsible-play.service.ts';
import type { ModuleContext } from '../../module-context.ts';

const tags = ['profile'];

/** Registers the limits and self-exclusion routes; `clock` gives epoch ms (injectable in tests). */
export function responsiblePlayRoutes(app: FastifyInstance, { database: { db }, now: clock }: ModuleContext): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/profile/limits',
      summary: 'Deposit limits (with pending raises) and the self-exclusion end',
      tags,
      auth: true,
      response: limitsResponse,
    },
    async ({ user }) => ({ data: await getLimits(db, user.id, clock()) }),
  );
  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/profile/limits',
      summary:
        'Set (or with null remove) a daily, weekly or monthly deposit limit; lowering applies at once, raising after 24 h',
      tags,
      auth: true,
      body: setLimitBody,
      response: limitsChangeResponse,
    },
    async ({ body, user }) => {
      const now = clock();
      const cents = body.amount === null ? null : toCents(body.amount);
      const msg = await setLimit(db, user.id, body.period, cents, now);
      return { msg, data: await getLimits(db, user.id, now) };
    },
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/profile/self-exclusion',
      summary: 'Self-exclude for 1–3650 days (no bets, openings or deposits); cannot be shortened',
      tags,
      auth: true,
      body: selfExclusionBody,
      response: limitsChangeResponse,
    },
    async ({ body, user }) => {
      const now = clock();
      const msg = await selfExclude(db, user.id, body.days, now);
      return { msg, data: await getLimits(db, user.id, now) };
    },
  );
}
