// HTTP for seed pairs: read, set the client seed, rotate (reveal).
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import {
  clientSeedBodySchema,
  rotateBodySchema,
  rotateResponseSchema,
  seedsResponseSchema,
} from '../../../shared/api/fair.ts';
import { getSeeds, rotateSeeds, setClientSeed } from './fair.service.ts';
import type { ModuleContext } from '../../module-context.ts';

/** Registers /api/fair/*. */
export function fairRoutes(app: FastifyInstance, { database }: ModuleContext): void {
  const tags = ['Provably fair'];
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/fair/seeds',
      summary: 'Your active seed pair (server seed hash only), the next committed hash and revealed pairs',
      tags,
      auth: true,
      response: seedsResponseSchema,
    },
    async ({ user }) => ({ data: await getSeeds(database, user.id, Date.now()) }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/fair/client-seed',
      summary: 'Set your client seed (an already used pair is rotated first, revealing its server seed)',
      tags,
      auth: true,
      body: clientSeedBodySchema,
      response: seedsResponseSchema,
    },
    async ({ user, body }) => ({ data: await setClientSeed(database, user.id, body.client_seed, Date.now()) }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/fair/rotate',
      summary: 'Reveal the active server seed and start the committed next one (nonce 0)',
      tags,
      auth: true,
      body: rotateBodySchema,
      response: rotateResponseSchema,
    },
    async ({ user, body }) => ({ data: await rotateSeeds(database, user.id, Date.now(), body.client_seed) }),
  );
}
