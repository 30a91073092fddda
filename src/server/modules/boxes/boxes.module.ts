// The boxes area as one registration for app.ts: catalog and drops, images.
import type { FastifyInstance } from 'fastify';
import { boxesRoutes } from './boxes.routes.ts';
import { imagesRoutes } from './images.routes.ts';
import type { ModuleContext } from '../../module-context.ts';

/** Registers every route of boxes. */
export function boxesModule(app: FastifyInstance, { database }: ModuleContext): void {
  boxesRoutes(app, database.db);
  imagesRoutes(app);
}
