// HTTP for verifying box openings: my recorded reels and any version's ticket ranges.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import {
  boxVersionParamsSchema,
  boxVersionResponseSchema,
  openingsQuerySchema,
  openingsResponseSchema,
} from '../../../shared/api/box-fair.ts';
import { boxVersion, listOpenings } from './box-fair.service.ts';
import type { ModuleContext } from '../../module-context.ts';

const openingsSummary =
  'Your box openings, newest first, one row per reel (box=slug keeps one box): box, version, ticket, item, price, nonce, client seed, ' +
  'server seed hash, and the server seed once the pair was revealed by POST /api/fair/rotate. ticket = floor(f × 100000) + 1 with ' +
  'f from HMAC-SHA256(server seed, "clientSeed:nonce:0"); it lands on the item whose range of that version holds it.';

/** Registers GET /api/boxes/openings and GET /api/boxes/{slug}/versions/{version}. */
export function boxFairRoutes(app: FastifyInstance, { database }: ModuleContext): void {
  const tags = ['boxes'];
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/boxes/openings',
      summary: openingsSummary,
      tags,
      auth: true,
      query: openingsQuerySchema,
      response: openingsResponseSchema,
    },
    async ({ user, query }) => listOpenings(database.db, user.id, query),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/boxes/:slug/versions/:version',
      tags,
      params: boxVersionParamsSchema,
      response: boxVersionResponseSchema,
      summary:
        'One version of a box (current or older): items with ticket ranges out of 100,000 and the price snapshots the version was made with; 404 when unknown',
    },
    async ({ params }) => ({ data: await boxVersion(database.db, params.slug, params.version) }),
  );
}
