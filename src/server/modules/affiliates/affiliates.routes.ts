// HTTP for affiliates: the dashboard, the one code change, the commission claim (balance published
// after commit) and the visit count of the /ref/{code} landing page (once per browser and UTC day).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../http/route.ts';
import { afterCommit, publishBalance } from '../../realtime/publisher.ts';
import { siteOrigin } from '../config/config.service.ts';
import { formatUsd, toDollars } from '../../../shared/money.ts';
import {
  AFFILIATE_SHARE_PERCENT,
  affiliateClaimResponseSchema,
  affiliateCodeBodySchema,
  affiliateCodeResponseSchema,
  affiliateResponseSchema,
  referralVisitResponseSchema,
} from '../../../shared/api/affiliates.ts';
import { affiliateDashboard, changeReferralCode, claimCommission } from './affiliates.service.ts';
import { countReferralVisit } from './affiliates.repository.ts';
import type { ModuleContext } from '../../module-context.ts';

const tags = ['affiliates'];

/** The browser's random id for counting referral visits (sent only to the visit call). */
export const VISITOR_COOKIE = 'la_visitor';
const VISITOR_ID = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([A-Za-z0-9_-]{22})(?:;|$)`);
const VISITOR_MAX_AGE_S = 365 * 86_400;

/** Registers /api/affiliates, PUT /api/affiliates/code, POST /api/affiliates/claim and the visit count. */
export function affiliatesRoutes(app: FastifyInstance, { database: { db }, config }: ModuleContext): void {
  const origin = siteOrigin(config);
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/affiliates',
      summary: `The referral dashboard: code, link, visitors, sign-ups, referred players' wagered total, commission rate (${AFFILIATE_SHARE_PERCENT} % of the expected house profit of their wagers), earned and claimable (dollars)`,
      tags,
      auth: true,
      response: affiliateResponseSchema,
    },
    async ({ user }) => ({ data: await affiliateDashboard(db, origin, user.id, Date.now()) }),
  );
  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/affiliates/code',
      summary:
        'Change the default referral code once: 4–20 of a–z, 0–9 and single hyphens (lower-cased), not taken by another player (422); a second change answers 409',
      tags,
      auth: true,
      body: affiliateCodeBodySchema,
      response: affiliateCodeResponseSchema,
      bodyLimit: 1024,
    },
    async ({ user, body }) => {
      await changeReferralCode(db, user.id, body.code, Date.now());
      return {
        msg: 'Your referral code has been changed.',
        data: await affiliateDashboard(db, origin, user.id, Date.now()),
      };
    },
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/affiliates/claim',
      summary: 'Credit the claimable commission to the balance (once; 422 when nothing is claimable)',
      tags,
      auth: true,
      response: affiliateClaimResponseSchema,
      bodyLimit: 1024,
    },
    async ({ user }) => {
      const r = await claimCommission(db, user.id, Date.now());
      await afterCommit(app.log, 'affiliate claim', () => publishBalance(app.publisher, user.id, r.balanceCents));
      return {
        msg: `${formatUsd(r.amountCents)} commission has been added to your balance.`,
        balance: toDollars(r.balanceCents),
      };
    },
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/affiliates/visit/:code',
      summary: `Count a landing on /ref/{code} once per browser (the ${VISITOR_COOKIE} cookie, a random id set here) and UTC day; unknown codes count nothing`,
      tags,
      params: z.object({ code: z.string().max(32) }),
      response: referralVisitResponseSchema,
      bodyLimit: 1024,
    },
    async ({ params, request, reply }) => {
      let visitor = VISITOR_ID.exec(request.headers.cookie ?? '')?.[1];
      if (!visitor) {
        visitor = randomBytes(16).toString('base64url');
        const secure = origin.startsWith('https:') ? '; Secure' : '';
        void reply.header(
          'set-cookie',
          `${VISITOR_COOKIE}=${visitor}; Path=/api/affiliates/visit; HttpOnly; SameSite=Lax; Max-Age=${VISITOR_MAX_AGE_S}${secure}`,
        );
      }
      return { ok: await countReferralVisit(db, params.code, visitor, Date.now()) };
    },
  );
}
