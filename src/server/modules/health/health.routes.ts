// GET /api/health: the process is up and the database answers.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../http/route.ts';
import { ping } from '../../db/database.ts';
import type { ModuleContext } from '../../module-context.ts';

/** Health check routes. */
export function healthRoutes(app: FastifyInstance, { database: { db } }: ModuleContext): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/health',
      summary: 'Liveness with a database round trip',
      tags: ['system'],
      response: z.object({ status: z.literal('ok') }),
    },
    async () => {
      await ping(db);
      return { status: 'ok' as const };
    },
  );
}
