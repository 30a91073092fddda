// GET /api/config: the public runtime configuration the client needs.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { publicConfigSchema } from '../../../shared/api/config.ts';
import { publicConfig } from './config.service.ts';
import type { ModuleContext } from '../../module-context.ts';

/** Runtime config route. */
export function configRoutes(app: FastifyInstance, { config }: ModuleContext): void {
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
