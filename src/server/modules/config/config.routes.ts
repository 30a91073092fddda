// GET /api/config: the public runtime configuration the client needs.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { publicConfigSchema } from '../../../shared/api/config.ts';
import type { Config } from '../../config.ts';
import { publicConfig } from './config.service.ts';

/** Runtime config route. */
export function configRoutes(app: FastifyInstance, config: Config): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/config',
      summary: 'Public runtime configuration',
      tags: ['system'],
      response: publicConfigSchema,
    },
    async () => publicConfig(config),
  );
}
