// HTTP for custom boxes and the product picker. Opening one is POST /api/boxes/{slug}/open.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { boxSlugParamsSchema, dropListResponseSchema, lastDropsQuerySchema } from '../../../shared/api/boxes.ts';
import {
  customBoxCreateBodySchema,
  customBoxDetailResponseSchema,
  customBoxListQuerySchema,
  customBoxListResponseSchema,
  customBoxPreviewBodySchema,
  customBoxPreviewResponseSchema,
  myCustomBoxesResponseSchema,
  productListResponseSchema,
  productSearchQuerySchema,
} from '../../../shared/api/user-boxes.ts';
import { lastDrops } from '../boxes/boxes.service.ts';
import { productView } from '../boxes/catalog.view.ts';
import { searchProducts } from './user-boxes.repository.ts';
import {
  assertCustomBox,
  createCustomBox,
  customBoxDetail,
  listCustomBoxes,
  myCustomBoxes,
  previewCustomBox,
} from './user-boxes.service.ts';
import type { ModuleContext } from '../../module-context.ts';

const chanceRule = 'chances in percent with up to 3 decimals (1 ticket = 0.001 %) must add up to exactly 100';

/** Registers /api/user-boxes… and GET /api/products. */
export function userBoxesRoutes(app: FastifyInstance, { database: { db } }: ModuleContext): void {
  const tags = ['custom boxes'];
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/products',
      summary: 'Catalog products for the custom-box picker (search by name, sort by price or name)',
      tags,
      query: productSearchQuerySchema,
      response: productListResponseSchema,
    },
    async ({ query }) => ({
      data: (await searchProducts(db, query)).map(productView),
    }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/user-boxes/preview',
      summary: `Price a custom box without saving: ${chanceRule}; price = EV × (1 + house edge), rounded up`,
      tags,
      body: customBoxPreviewBodySchema,
      response: customBoxPreviewResponseSchema,
      bodyLimit: 16 * 1024,
    },
    async ({ body }) => ({ data: await previewCustomBox(db, body.items) }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/user-boxes',
      summary: `Create a custom box from 2–20 catalog products (${chanceRule}); the creator earns 1 % of the price of every opening by another player`,
      tags,
      auth: true,
      body: customBoxCreateBodySchema,
      response: customBoxDetailResponseSchema,
      bodyLimit: 16 * 1024,
    },
    async ({ body, user, reply }) => {
      reply.code(201);
      return { data: await createCustomBox(db, user.id, body, Date.now()) };
    },
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/user-boxes',
      summary: 'Custom boxes (search by name; sort popular, price_asc, price_desc, newest; pages)',
      tags,
      query: customBoxListQuerySchema,
      response: customBoxListResponseSchema,
    },
    ({ query }) => listCustomBoxes(db, query),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/user-boxes/mine',
      summary: "The signed-in player's custom boxes with openings and earnings",
      tags,
      auth: true,
      response: myCustomBoxesResponseSchema,
    },
    ({ user }) => myCustomBoxes(db, user.id),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/user-boxes/:slug',
      summary: 'A custom box with its odds and creator',
      tags,
      params: boxSlugParamsSchema,
      response: customBoxDetailResponseSchema,
    },
    async ({ params }) => ({
      data: await customBoxDetail(db, params.slug),
    }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/user-boxes/:slug/last-drops',
      summary: 'Recent drops of one custom box; best=1 orders by item price descending',
      tags,
      params: boxSlugParamsSchema,
      query: lastDropsQuerySchema,
      response: dropListResponseSchema,
    },
    async ({ params, query }) => {
      await assertCustomBox(db, params.slug);
      return { data: await lastDrops(db, { slug: params.slug, best: query.best, limit: query.limit }) };
    },
  );
}
