// HTTP for the box catalog and its live drops.
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database.ts';
import { defineRoute } from '../../http/route.ts';
import {
  boxDetailResponseSchema,
  boxListQuerySchema,
  boxListResponseSchema,
  boxSlugParamsSchema,
  dropListResponseSchema,
  lastDropsQuerySchema,
} from '../../../shared/api/boxes.ts';
import { boxDetail, lastDrops, listBoxes } from './boxes.service.ts';
import { CatalogCache } from './catalog-cache.ts';

/** Registers GET /api/boxes, /api/boxes/{slug}, /api/last-drops and /api/boxes/{slug}/last-drops. */
export function boxesRoutes(app: FastifyInstance, db: DB): void {
  const tags = ['boxes'];
  const cache = new CatalogCache(5_000); // catalog reads are reused for 5 s (see catalog-cache.ts)
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/boxes',
      summary: 'List boxes (search by name, type, price range in dollars, sort)',
      tags,
      query: boxListQuerySchema,
      response: boxListResponseSchema,
    },
    ({ query }) => cache.get(`list:${JSON.stringify(query)}`, Date.now(), () => listBoxes(db, query)),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/boxes/:slug',
      summary: 'A box: every item with its ticket range and chance, expected value, sell-back value, current version',
      tags,
      params: boxSlugParamsSchema,
      response: boxDetailResponseSchema,
    },
    ({ params }) =>
      cache.get(`box:${params.slug}`, Date.now(), async () => ({ data: await boxDetail(db, params.slug) })),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/last-drops',
      summary: 'The 20 most recent drops of all boxes',
      tags,
      response: dropListResponseSchema,
    },
    async () => ({
      data: await lastDrops(db, { best: false, limit: 20 }),
    }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/boxes/:slug/last-drops',
      summary: 'Recent drops of one box; best=1 orders by item price descending',
      tags,
      params: boxSlugParamsSchema,
      query: lastDropsQuerySchema,
      response: dropListResponseSchema,
    },
    async ({ params, query }) => ({
      data: await lastDrops(db, { slug: params.slug, best: query.best, limit: query.limit }),
    }),
  );
}
